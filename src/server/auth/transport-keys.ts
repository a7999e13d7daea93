import 'server-only';
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { compactDecrypt, importPKCS8 } from 'jose';
import { env } from '@/env';
import { invalidInput } from '../api/errors';
import type { Database } from '../db/client';
import { transportKeys } from '../db/schema';

type KeyPair = { publicKeyPem: string; privateKeyPem: string };
const cache = new Map<string, KeyPair>();

/**
 * The RSA-OAEP key pair passwords are encrypted with in the browser (docs/product/api.md#requests). Production and test use
 * separate pairs (APP_ENV). Generated on first use and kept in the database, so every instance shares it.
 */
export async function transportKeyPair(db: Database, appEnv = env().APP_ENV): Promise<KeyPair> {
  const cached = cache.get(appEnv);
  if (cached) return cached;
  let [row] = await db.select().from(transportKeys).where(eq(transportKeys.appEnv, appEnv));
  if (!row) {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    await db
      .insert(transportKeys)
      .values({ appEnv, publicKeyPem: publicKey, privateKeyPem: privateKey })
      .onConflictDoNothing();
    [row] = await db.select().from(transportKeys).where(eq(transportKeys.appEnv, appEnv));
  }
  if (!row) throw new Error('transport key pair missing after insert');
  const pair = { publicKeyPem: row.publicKeyPem, privateKeyPem: row.privateKeyPem };
  cache.set(appEnv, pair);
  return pair;
}

/** The five base64url parts of a JWE in its compact form (RFC 7516). */
const COMPACT_JWE = /^[\w-]+\.[\w-]*\.[\w-]+\.[\w-]+\.[\w-]+$/;

const unwrapKeys = new Map<string, Promise<CryptoKey>>();
function unwrapKey(privateKeyPem: string): Promise<CryptoKey> {
  let key = unwrapKeys.get(privateKeyPem);
  if (!key) {
    key = importPKCS8(privateKeyPem, 'RSA-OAEP-256');
    unwrapKeys.set(privateKeyPem, key);
  }
  return key;
}

/**
 * Decrypts a password from the browser (docs/product/api.md#requests); anything that does not decrypt is a 4001 on
 * that field. The browser sends a JWE: RSA-OAEP-256 wraps a fresh AES-256-GCM key that encrypts the text, so a
 * password of 128 four-byte characters fits, where bare RSA-OAEP with a 2048-bit key carries at most 190 bytes (63
 * CJK characters). Bare RSA-OAEP in base64, what the browser sent before, is still read: a tab opened before a
 * deployment signs in with it.
 */
export async function decryptSecret(db: Database, ciphertext: string, field: string): Promise<string> {
  const { privateKeyPem } = await transportKeyPair(db);
  try {
    if (COMPACT_JWE.test(ciphertext)) {
      const { plaintext } = await compactDecrypt(ciphertext, await unwrapKey(privateKeyPem), {
        keyManagementAlgorithms: ['RSA-OAEP-256'],
        contentEncryptionAlgorithms: ['A256GCM'],
      });
      return new TextDecoder('utf-8', { fatal: true }).decode(plaintext);
    }
    const plain = privateDecrypt(
      { key: privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(ciphertext, 'base64'),
    );
    return plain.toString('utf8');
  } catch {
    throw invalidInput({ [field]: 'api.field.undecryptable' });
  }
}
