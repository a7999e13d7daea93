'use client';

/**
 * Encrypts a password for transport under the server's key (docs/product/api.md#requests). The encryption, jose's
 * JWE parts and the key load with the first password sent, not with the pages that show a password field.
 */
export async function encryptPassword(password: string): Promise<string> {
  const { sealPassword } = await import('./password-seal');
  return sealPassword(password);
}
