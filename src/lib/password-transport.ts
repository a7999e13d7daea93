'use client';

import { apiCall } from './api-client';

type Jose = typeof import('jose');
let keyPromise: Promise<{ jose: Jose; key: CryptoKey }> | undefined;

async function publicKey(): Promise<{ jose: Jose; key: CryptoKey }> {
  // jose loads with the first password sent, not with the pages that show a password field.
  keyPromise ??= Promise.all([
    import('jose'),
    apiCall<{ publicKey: string }>('/auth/public-key', { method: 'GET' }),
  ]).then(async ([jose, { publicKey: pem }]) => ({ jose, key: await jose.importSPKI(pem, 'RSA-OAEP-256') }));
  try {
    return await keyPromise;
  } catch (error) {
    keyPromise = undefined;
    throw error;
  }
}

/**
 * Encrypts a password for transport under the server's key (docs/product/api.md#requests): a compact JWE whose
 * RSA-OAEP-256 wrapped AES-256-GCM key encrypts the text, so any password the form takes fits (bare RSA-OAEP
 * carries 190 bytes at most; 128 emoji are 512).
 */
export async function encryptPassword(password: string): Promise<string> {
  const { jose, key } = await publicKey();
  return new jose.CompactEncrypt(new TextEncoder().encode(password))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
    .encrypt(key);
}
