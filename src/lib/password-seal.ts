'use client';

import { CompactEncrypt } from 'jose/jwe/compact/encrypt';
import { importSPKI } from 'jose/key/import';
import { apiCall } from './api-client';

let keyPromise: Promise<CryptoKey> | undefined;

async function publicKey(): Promise<CryptoKey> {
  keyPromise ??= apiCall<{ publicKey: string }>('/auth/public-key', { method: 'GET' }).then(({ publicKey: pem }) =>
    importSPKI(pem, 'RSA-OAEP-256'),
  );
  try {
    return await keyPromise;
  } catch (error) {
    keyPromise = undefined;
    throw error;
  }
}

/**
 * A password sealed for transport under the server's key (docs/product/api.md#requests): a compact JWE whose
 * RSA-OAEP-256 wrapped AES-256-GCM key encrypts the text, so any password the form takes fits (bare RSA-OAEP
 * carries 190 bytes at most; 128 emoji are 512). Loaded by `password-transport.ts` on the first password sent.
 */
export async function sealPassword(password: string): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(password))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
    .encrypt(await publicKey());
}
