import 'server-only';
import { createHash, randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Attempt } from '../auth/login-throttle';
import type { Database } from '../db/client';
import { staffRecoveryCodes } from '../db/schema';

/**
 * One-time recovery codes (docs/product/back-office-api.md, "Recovery codes"): ten per person, shown once when
 * the second factor is set up or the codes are renewed, each good for one sign-in in place of an authenticator
 * code. Ten letters and digits of base32 (50 bits), written `abcde-fghij`; only their SHA-256 is kept, and the
 * login limits apply to them as to any code.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

type Executor = Pick<Database, 'insert' | 'delete' | 'update' | 'select'>;

/** The code as typed, the way it is stored: lower case, without the hyphen or spaces. */
export function normalizeRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '');
}

export function isRecoveryCodeShape(typed: string): boolean {
  return /^[a-z2-7]{10}$/.test(normalizeRecoveryCode(typed));
}

const digest = (code: string) => createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');

function newCode(): string {
  const letters = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** A fresh set for this person, replacing any earlier one; the codes themselves, to be shown once. */
export async function issueRecoveryCodes(tx: Executor, staffId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await tx.insert(staffRecoveryCodes).values(codes.map((code) => ({ staffId, codeHash: digest(code) })));
  return codes;
}

/**
 * Takes one unused code of this person; false when it is not theirs or already used (one UPDATE: no race). Part of
 * a counted attempt, like any second factor (docs/decisions/054-second-factor-attempts.md).
 */
export async function spendRecoveryCode(
  attempt: Attempt,
  db: Executor,
  staffId: number,
  typed: string,
): Promise<boolean> {
  attempt.spend('secondFactor');
  const [spent] = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, digest(typed)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ staffId: staffRecoveryCodes.staffId });
  return spent !== undefined;
}

export async function recoveryCodesLeft(db: Executor, staffId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}
