'use client';

import { apiCall } from './api-client';

type Sealer = { CompactEncrypt: typeof import('jose/jwe/compact/encrypt').CompactEncrypt; key: CryptoKey };
let keyPromise: Promise<Sealer> | undefined;

async function publicKey(): Promise<Sealer> {
  // jose loads with the first password sent, not with the pages that show a password field; only the two parts
  // used, not the whole library.
  keyPromise ??= Promise.all([
    import('jose/jwe/compact/encrypt'),
    import('jose/key/import'),
    apiCall<{ publicKey: string }>('/auth/public-key', { method: 'GET' }),
  ]).then(async ([{ CompactEncrypt }, { importSPKI }, { publicKey: pem }]) => ({
    CompactEncrypt,
    key: await importSPKI(pem, 'RSA-OAEP-256'),
  }));
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
  const { CompactEncrypt, key } = await publicKey();
  return new CompactEncrypt(new TextEncoder().encode(password))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
    .encrypt(key);
}
