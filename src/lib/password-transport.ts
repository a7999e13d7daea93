'use client';

import { apiCall } from './api-client';

let keyPromise: Promise<CryptoKey> | undefined;

function pemToDer(pem: string): ArrayBuffer {
  const base64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
  return bytes.buffer;
}

async function publicKey(): Promise<CryptoKey> {
  keyPromise ??= apiCall<{ publicKey: string }>('/auth/public-key', { method: 'GET' }).then(({ publicKey: pem }) =>
    crypto.subtle.importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']),
  );
  try {
    return await keyPromise;
  } catch (error) {
    keyPromise = undefined;
    throw error;
  }
}

/** Encrypts a password for transport with RSA-OAEP (SHA-256) under the server's key (docs/product/api.md#requests). */
export async function encryptPassword(password: string): Promise<string> {
  const cipher = await crypto.subtle.encrypt(
    { name: 'RSA-OAEP' },
    await publicKey(),
    new TextEncoder().encode(password),
  );
  let binary = '';
  for (const byte of new Uint8Array(cipher)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
