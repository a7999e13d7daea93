import 'server-only';
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { eq } from 'drizzle-orm';
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

/** Decrypts a base64 RSA-OAEP (SHA-256) ciphertext; anything that does not decrypt is a 4001 on that field. */
export async function decryptSecret(db: Database, ciphertext: string, field: string): Promise<string> {
  const { privateKeyPem } = await transportKeyPair(db);
  try {
    const plain = privateDecrypt(
      { key: privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(ciphertext, 'base64'),
    );
    return plain.toString('utf8');
  } catch {
    throw invalidInput({ [field]: 'api.field.undecryptable' });
  }
}
