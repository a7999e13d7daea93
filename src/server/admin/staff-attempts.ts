import 'server-only';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AttemptOwner } from '../auth/login-throttle';
import type { Database } from '../db/client';
import { staffSessions } from '../db/schema';
import { recordAudit } from './audit';

/** Where a staff member's password or second factor was checked, as the audit entries name it. */
export type CheckPlace = 'sign-in' | 'setup' | 'recovery-codes';

/**
 * The throttle a staff member's checks count on: one per person wherever the check happens (sign-in, setup,
 * renewing recovery codes), apart from the customers' (docs/decisions/039-back-office.md). An address nobody has is
 * throttled by its hash, the same way, so the answer tells nothing about whether it exists.
 */
export function staffSubject(staffId: number | undefined, email: string): string {
  return staffId !== undefined
    ? `staff:${staffId}`
    : `staff-name:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
}

/**
 * How a check of a staff member's password or second factor meets the login limits
 * (docs/decisions/054-second-factor-attempts.md):
 *
 * - a failure that makes the next attempt wait (or locks the account) is written in the audit log, under the
 *   person's own name so they see it in their own entries too;
 * - a check made from a session that the limits refuse ends that session, audited once, and answers
 *   `api.admin.signedOutAfterAttempts`: a session left open is not a place to guess codes from;
 * - a locked account says an owner can open it (a reset of the second factor), not the customers' "reset your
 *   password", which staff do not have.
 */
export function staffAttemptOwner(
  db: Database,
  input: { staffId: number | undefined; email: string; ip: string; place: CheckPlace; sessionId?: string },
): AttemptOwner {
  const { staffId, place, sessionId } = input;
  return {
    subject: staffSubject(staffId, input.email),
    ip: input.ip,
    onLimitReached:
      staffId === undefined
        ? undefined
        : async ({ waitMs, locked }) => {
            await recordAudit(db, {
              staffId,
              kind: 'staff',
              entityId: staffId,
              action: 'update',
              before: { throttled: false },
              after: {
                throttled: true,
                where: place,
                locked,
                waitSeconds: locked ? null : Math.ceil(waitMs / 1000),
              },
            });
          },
    onRefused: async ({ messageKey, retryAfterMs }) => {
      if (staffId === undefined || sessionId === undefined) {
        return messageKey === 'api.login.locked' ? 'api.admin.attemptsLocked' : undefined;
      }
      await db.transaction(async (tx) => {
        const ended = await tx
          .delete(staffSessions)
          .where(eq(staffSessions.id, sessionId))
          .returning({ id: staffSessions.id });
        // Guesses refused together find the session gone but one: the end is written once.
        if (ended.length === 0) return;
        await recordAudit(tx, {
          staffId,
          kind: 'staff',
          entityId: staffId,
          action: 'update',
          before: { signedIn: true },
          after: {
            signedIn: false,
            sessionEnded: 'tooManyAttempts',
            where: place,
            retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
          },
        });
      });
      return 'api.admin.signedOutAfterAttempts';
    },
  };
}
