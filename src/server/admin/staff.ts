import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { env } from '@/env';
import { may, PERMISSIONS } from '@/lib/admin/permissions';
import type { STAFF_STATES, StaffRow, staffInput } from '@/lib/admin/resources/staff';
import type { StaffSetup } from '@/lib/admin/session-schemas';
import { ApiError, BusinessCode, notFound } from '../api/errors';
import { clearAccountThrottles, withAttempt } from '../auth/login-throttle';
import { hashPassword, verifyPassword } from '../auth/password';
import type { Database, Tx } from '../db/client';
import { staff, staffRecoveryCodes, staffSetupTokens } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { staffInviteMail, staffResetMail } from '../mail/templates';
import { recordAudit } from './audit';
import { isRecoveryCodeShape, issueRecoveryCodes, recoveryCodesLeft, spendRecoveryCode } from './recovery-codes';
import { endSessionsOf, type SignedInStaff } from './sessions';
import { staffAttemptOwner, staffSubject } from './staff-attempts';
import { acceptTotp, newTotpSecret, totpUrl } from './totp';

/** A setup link works this long, once. */
export const SETUP_LINK_HOURS = 24;

type StaffState = (typeof STAFF_STATES)[number];

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Set up: the setup link was used, and no reset has taken the password and the second factor away since. */
const SET_UP = sql`(${staff.passwordHash} is not null and ${staff.totpSecret} is not null)`;

/**
 * A staff row as the back office shows it (`staffRow`): never the password hash or the TOTP secret. `state` is
 * what the list shows: invited (waiting for a setup link to be used: new, or after a reset), active, or disabled.
 */
const PUBLIC_COLUMNS = {
  id: staff.id,
  email: staff.email,
  name: staff.name,
  role: staff.role,
  status: sql<StaffRow['status']>`${staff.status}`,
  state: sql<StaffState>`case when ${staff.status} = 'disabled' then 'disabled' when ${SET_UP} then 'active' else 'invited' end`,
  locale: staff.locale,
  version: staff.version,
  lastSeenAt: staff.lastSeenAt,
  createdAt: staff.createdAt,
  enrolled: sql<boolean>`${SET_UP}`,
};

/** The people whose role manages staff (the owners): there is always one who can sign in. */
const STAFF_MANAGERS = inArray(staff.role, [...PERMISSIONS.manageStaff]);

/** People in a state, as the list's filter names it. */
export function inState(state: StaffState): SQL {
  if (state === 'disabled') return eq(staff.status, 'disabled');
  return and(eq(staff.status, 'active'), state === 'active' ? SET_UP : sql`not ${SET_UP}`) as SQL;
}

/** People as the back office shows them; nobody once removed (their row stays for the audit log only). */
export async function staffRows(db: Pick<Database, 'select'>, where: SQL | undefined): Promise<StaffRow[]> {
  const rows = await db
    .select(PUBLIC_COLUMNS)
    .from(staff)
    .where(and(where, ne(staff.status, 'removed')));
  return rows.map((row) => ({
    ...row,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

async function publicStaff(db: Pick<Database, 'select'>, id: number): Promise<StaffRow | undefined> {
  return (await staffRows(db, eq(staff.id, id)))[0];
}

/** A new one-time setup link for a person, with the TOTP secret it will offer; the token is returned once. */
async function issueSetupLink(tx: Pick<Database, 'insert'>, staffId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(staffSetupTokens).values({
    id: sha256(token),
    staffId,
    totpSecret: newTotpSecret(),
    expiresAt: new Date(Date.now() + SETUP_LINK_HOURS * 3_600_000),
  });
  return `${env().SITE_URL}/admin/setup?token=${token}`;
}

/** Every unused setup link of a person stops working: one was used, or a new one replaces them. */
async function voidSetupLinks(tx: Pick<Database, 'update'>, staffId: number): Promise<void> {
  await tx
    .update(staffSetupTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(staffSetupTokens.staffId, staffId), isNull(staffSetupTokens.usedAt)));
}

/**
 * The first owner (or a new link for an owner who never used theirs), for `npm run admin -- create-owner`.
 * Refuses an address that already belongs to someone set up: an existing account is never taken over from the
 * command line.
 */
export async function createOwner(
  db: Database,
  email: string,
  name: string,
): Promise<{ link: string; created: boolean }> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(staff).where(eq(staff.email, email));
    // A removed person's address starts afresh: their row (kept for the audit log) becomes the new owner.
    const existing = found?.status === 'removed' ? undefined : found;
    if (existing?.passwordHash) {
      throw new Error(`${email} is already a staff member with a password; sign in at /admin instead`);
    }
    if (existing && !may(existing.role, 'manageStaff')) {
      throw new Error(`${email} was invited as ${existing.role}; an owner can change the role in the back office`);
    }
    if (existing?.status === 'disabled') {
      throw new Error(`${email} was disabled in the back office; another owner can enable them`);
    }
    let id = existing?.id;
    if (id === undefined) {
      if (found) {
        await tx
          .update(staff)
          .set({ name, role: 'owner', status: 'active', version: found.version + 1 })
          .where(eq(staff.id, found.id));
        id = found.id;
      } else {
        const [row] = await tx.insert(staff).values({ email, name, role: 'owner' }).returning({ id: staff.id });
        id = row?.id;
        if (id === undefined) throw new Error('staff insert returned no row');
      }
      await recordAudit(tx, {
        staffId: null,
        kind: 'staff',
        entityId: id,
        action: 'create',
        before: null,
        after: { email, name, role: 'owner', status: 'active' },
      });
    }
    return { link: await issueSetupLink(tx, id), created: existing === undefined };
  });
}

async function openSetupLink(db: Pick<Database, 'select'>, token: string) {
  const [row] = await db
    .select({ tokenId: staffSetupTokens.id, totpSecret: staffSetupTokens.totpSecret, staff })
    .from(staffSetupTokens)
    .innerJoin(staff, eq(staff.id, staffSetupTokens.staffId))
    .where(
      and(
        eq(staffSetupTokens.id, sha256(token)),
        isNull(staffSetupTokens.usedAt),
        gt(staffSetupTokens.expiresAt, new Date()),
        eq(staff.status, 'active'),
      ),
    );
  if (!row) throw new ApiError(BusinessCode.notFound, 'api.admin.setupInvalid');
  return row;
}

/** What the setup page shows: who the link is for and the TOTP secret to enrol (as text and as a QR code). */
export async function inspectSetupLink(db: Database, token: string) {
  const row = await openSetupLink(db, token);
  const brand = env().BRAND_NAME;
  return {
    email: row.staff.email,
    name: row.staff.name,
    role: row.staff.role,
    secret: row.totpSecret,
    otpauthUrl: totpUrl(`${brand} back office`, row.staff.email, row.totpSecret),
  };
}

/**
 * Completes a setup link: the password is set and the TOTP secret enrolled only when a code from it is right, so
 * nobody ends up with a second factor they cannot produce. The link is used up in the same transaction; two
 * tabs completing it at once cannot both succeed.
 */
export async function completeSetup(
  db: Database,
  input: StaffSetup,
  ip: string,
): Promise<{ staffId: number; recoveryCodes: string[] }> {
  const passwordHash = await hashPassword(input.password);
  const link = await openSetupLink(db, input.token);
  const owner = staffAttemptOwner(db, { staffId: link.staff.id, email: link.staff.email, ip, place: 'setup' });
  return withAttempt(db, owner, (attempt) =>
    db.transaction(async (tx) => {
      const row = await openSetupLink(tx, input.token);
      const step = await acceptTotp(attempt, row.totpSecret, input.totpCode, null);
      if (step === null)
        throw new ApiError(BusinessCode.invalidInput, 'api.invalidInput', {
          fields: { totpCode: 'api.admin.totpInvalid' },
        });
      const [used] = await tx
        .update(staffSetupTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(staffSetupTokens.id, row.tokenId), isNull(staffSetupTokens.usedAt)))
        .returning({ id: staffSetupTokens.id });
      if (!used) throw new ApiError(BusinessCode.notFound, 'api.admin.setupInvalid');
      await tx
        .update(staff)
        .set({ passwordHash, totpSecret: row.totpSecret, totpLastStep: step, version: row.staff.version + 1 })
        .where(eq(staff.id, row.staff.id));
      // Any other links of this person are void once one is used.
      await voidSetupLinks(tx, row.staff.id);
      await recordAudit(tx, {
        staffId: row.staff.id,
        kind: 'staff',
        entityId: row.staff.id,
        action: 'update',
        before: { enrolled: row.staff.passwordHash !== null },
        after: { enrolled: true },
      });
      return { staffId: row.staff.id, recoveryCodes: await issueRecoveryCodes(tx, row.staff.id) };
    }),
  );
}

/**
 * Password and TOTP code, under the same login limits as customers (docs/decisions/033-login-limits.md) but on
 * throttles of their own, counted like every other check of theirs (docs/decisions/054-second-factor-attempts.md).
 * One answer for every failure, so it tells nothing about which part was wrong.
 */
export async function staffLogin(
  db: Database,
  input: { email: string; password: string; totpCode: string },
  ip: string,
) {
  const [person] = await db.select().from(staff).where(eq(staff.email, input.email));
  const owner = staffAttemptOwner(db, { staffId: person?.id, email: input.email, ip, place: 'sign-in' });
  const failed = () => new ApiError(BusinessCode.unauthorized, 'api.admin.loginFailed');
  return withAttempt(db, owner, async (attempt) => {
    const passwordRight = await verifyPassword(attempt, input.password, person?.passwordHash ?? undefined);
    if (!person || !passwordRight || person.status !== 'active' || !person.totpSecret) throw failed();
    if (isRecoveryCodeShape(input.totpCode)) {
      // A recovery code stands in for the authenticator once; the person is told how many are left in the back office.
      if (!(await spendRecoveryCode(attempt, db, person.id, input.totpCode))) throw failed();
      await db.transaction(async (tx) => {
        await tx.update(staff).set({ lastSeenAt: new Date() }).where(eq(staff.id, person.id));
        await recordAudit(tx, {
          staffId: person.id,
          kind: 'staff',
          entityId: person.id,
          action: 'update',
          before: { recoveryCodeUsed: false },
          after: { recoveryCodeUsed: true, recoveryCodesLeft: await recoveryCodesLeft(tx, person.id) },
        });
      });
      return person.id;
    }
    const step = await acceptTotp(attempt, person.totpSecret, input.totpCode, person.totpLastStep);
    if (step === null) throw failed();
    await takeTotpStep(db, person.id, step, 'api.admin.loginFailed');
    return person.id;
  });
}

/** Only a later step is taken: two requests racing with the same code cannot both pass. */
async function takeTotpStep(db: Pick<Database, 'update'>, staffId: number, step: number, refusal: string) {
  const [taken] = await db
    .update(staff)
    .set({ totpLastStep: step, lastSeenAt: new Date() })
    .where(and(eq(staff.id, staffId), or(isNull(staff.totpLastStep), sql`${staff.totpLastStep} < ${step}`)))
    .returning({ id: staff.id });
  if (!taken) throw new ApiError(BusinessCode.unauthorized, refusal);
}

/**
 * A new set of recovery codes for the signed-in person, the old ones void, after a fresh authenticator code:
 * someone at a session left open cannot read out codes for later. The code is counted on the person's throttle;
 * guessing past the limit ends the session (docs/decisions/054-second-factor-attempts.md).
 */
export async function renewRecoveryCodes(
  db: Database,
  by: SignedInStaff,
  code: string,
  from: { ip: string; sessionId: string },
): Promise<string[]> {
  const owner = staffAttemptOwner(db, { staffId: by.id, email: by.email, place: 'recovery-codes', ...from });
  const refuse = () =>
    new ApiError(BusinessCode.invalidInput, 'api.invalidInput', { fields: { totpCode: 'api.admin.totpInvalid' } });
  return withAttempt(db, owner, async (attempt) => {
    const [person] = await db.select().from(staff).where(eq(staff.id, by.id));
    if (!person?.totpSecret) throw refuse();
    const step = await acceptTotp(attempt, person.totpSecret, code, person.totpLastStep);
    if (step === null) throw refuse();
    return db.transaction(async (tx) => {
      const left = await recoveryCodesLeft(tx, by.id);
      await takeTotpStep(tx, by.id, step, 'api.admin.totpInvalid').catch(() => {
        throw refuse();
      });
      const codes = await issueRecoveryCodes(tx, by.id);
      await recordAudit(tx, {
        staffId: by.id,
        kind: 'staff',
        entityId: by.id,
        action: 'update',
        before: { recoveryCodesLeft: left },
        after: { recoveryCodesLeft: codes.length },
      });
      return codes;
    });
  });
}

/**
 * Invites a person with a role (the staff resource's create, inside its transaction, which audits it): their row,
 * and the setup link mailed through the outbox. The address of someone removed may be invited again: their row
 * comes back, invited, under the same id (so the audit log reads as one person's history). Answers the id.
 */
export async function inviteStaff(
  tx: Pick<Database, 'insert'>,
  by: SignedInStaff,
  input: z.output<typeof staffInput>,
): Promise<number> {
  const [row] = await tx
    .insert(staff)
    .values({ email: input.email, name: input.name, role: input.role, locale: input.locale })
    .onConflictDoUpdate({
      target: staff.email,
      set: {
        name: input.name,
        role: input.role,
        locale: input.locale,
        status: 'active',
        version: sql`${staff.version} + 1`,
      },
      setWhere: eq(staff.status, 'removed'),
    })
    .returning({ id: staff.id });
  if (!row) {
    throw new ApiError(BusinessCode.conflict, 'api.admin.staffExists', { fields: { email: 'api.admin.staffExists' } });
  }
  const link = await issueSetupLink(tx, row.id);
  await enqueueMail(
    tx,
    staffInviteMail({
      locale: input.locale,
      to: input.email,
      name: input.name,
      invitedBy: by.name,
      role: input.role,
      link,
      brand: env().BRAND_NAME,
    }),
  );
  return row.id;
}

/**
 * Locks a person for a change, with the owners: two owners acting on each other at once cannot leave none (the
 * staff resource's lock, and every action's).
 */
export async function lockWithOwners(tx: Pick<Database, 'select'>, id: number): Promise<void> {
  await tx
    .select({ one: sql`1` })
    .from(staff)
    .where(or(STAFF_MANAGERS, eq(staff.id, id)))
    .for('update');
}

/** The person locked for a change, or 404; a change made over another version answers 409 with the row as it is now. */
async function lockForChange(tx: Tx, id: number, version: number): Promise<StaffRow> {
  await lockWithOwners(tx, id);
  const before = await publicStaff(tx, id);
  if (!before) throw notFound('api.admin.notFound');
  if (before.version !== version) {
    throw new ApiError(BusinessCode.conflict, 'api.admin.staleVersion', { extra: { current: before } });
  }
  return before;
}

/**
 * Refuses a change that would leave no owner who can sign in (docs/decisions/054-second-factor-attempts.md): an
 * owner set up and active is the only kind who can manage staff, so the last one cannot be demoted, disabled,
 * removed or reset through the API. An invited owner does not count (their link may never be used); the command
 * line (`npm run admin -- reset-owner`) is the way back when every owner is locked out anyway.
 */
export async function keepAnOwner(tx: Pick<Database, 'select'>, before: StaffRow): Promise<void> {
  if (!may(before.role, 'manageStaff') || before.state !== 'active') return;
  const [owners] = await tx
    .select({ n: count() })
    .from(staff)
    .where(and(STAFF_MANAGERS, eq(staff.status, 'active'), SET_UP));
  if ((owners?.n ?? 0) <= 1) throw new ApiError(BusinessCode.conflict, 'api.admin.lastOwner');
}

/** A 409 naming why this person's state does not allow the action, with the row as it is now. */
const wrongState = (key: string, current: StaffRow) => new ApiError(BusinessCode.conflict, key, { extra: { current } });

/**
 * Takes every way in from a person: password, authenticator, recovery codes, unused setup links, sessions and
 * login throttles (a reset is also how a locked account opens again). Answers how many sessions ended.
 */
async function revokeAccess(tx: Tx, before: StaffRow, set: { status?: 'removed' } = {}): Promise<number> {
  await tx
    .update(staff)
    .set({ passwordHash: null, totpSecret: null, totpLastStep: null, version: before.version + 1, ...set })
    .where(eq(staff.id, before.id));
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, before.id));
  await voidSetupLinks(tx, before.id);
  await clearAccountThrottles(tx, staffSubject(before.id, before.email));
  return endSessionsOf(tx, before.id);
}

/**
 * A new invitation for someone who has not set up (their link expired, or was lost): a new link mailed in their
 * language, every earlier one void. 409 for a person already set up (their second factor is reset instead) or
 * disabled (enabled first).
 */
export async function resendInvitation(db: Database, by: SignedInStaff, id: number, version: number) {
  return db.transaction(async (tx: Tx) => {
    const before = await lockForChange(tx, id, version);
    if (before.state === 'disabled') throw wrongState('api.admin.staffDisabled', before);
    if (before.state !== 'invited') throw wrongState('api.admin.staffSetUp', before);
    await voidSetupLinks(tx, id);
    await tx
      .update(staff)
      .set({ version: before.version + 1 })
      .where(eq(staff.id, id));
    await enqueueMail(
      tx,
      staffInviteMail({
        locale: before.locale,
        to: before.email,
        name: before.name,
        invitedBy: by.name,
        role: before.role,
        link: await issueSetupLink(tx, id),
        brand: env().BRAND_NAME,
      }),
    );
    const after = await publicStaff(tx, id);
    await recordAudit(tx, {
      staffId: by.id,
      kind: 'staff',
      entityId: id,
      action: 'update',
      before,
      after: after ? { ...after, action: 'resendInvitation' } : null,
    });
    return after;
  });
}

/**
 * For someone who lost their authenticator and their recovery codes: password, second factor and recovery codes
 * are taken away, their sessions end, and a new setup link is mailed, where they choose a password and enrol an
 * authenticator again. 409 for someone not set up (send the invitation again instead) or disabled.
 */
export async function resetSecondFactor(db: Database, by: SignedInStaff, id: number, version: number) {
  return db.transaction(async (tx: Tx) => {
    const before = await lockForChange(tx, id, version);
    if (before.state === 'disabled') throw wrongState('api.admin.staffDisabled', before);
    if (before.state !== 'active') throw wrongState('api.admin.staffNotSetUp', before);
    await keepAnOwner(tx, before);
    const sessionsEnded = await revokeAccess(tx, before);
    await enqueueMail(
      tx,
      staffResetMail({
        locale: before.locale,
        to: before.email,
        name: before.name,
        resetBy: by.name,
        link: await issueSetupLink(tx, id),
        brand: env().BRAND_NAME,
      }),
    );
    const after = await publicStaff(tx, id);
    await recordAudit(tx, {
      staffId: by.id,
      kind: 'staff',
      entityId: id,
      action: 'update',
      before,
      after: after ? { ...after, action: 'resetSecondFactor', sessionsEnded } : null,
    });
    return after;
  });
}

/**
 * Removes a person from the back office (the staff resource's delete, locked with the owners, audited by it): every
 * way in goes and they leave the staff list, but their row stays (without password, factor or links) so the audit
 * log keeps naming them. Their address can be invited again.
 */
export async function removeStaff(tx: Tx, before: StaffRow): Promise<void> {
  await keepAnOwner(tx, before);
  await revokeAccess(tx, before, { status: 'removed' });
}

/**
 * `npm run admin -- reset-owner <email>`, for when no owner can sign in: the owner's password, second factor,
 * recovery codes and sessions go, and a new setup link (24 hours) is returned to be printed. Audited with no
 * person (the command line). Refuses anyone who is not an active owner: the back office manages the others.
 */
export async function resetOwner(db: Database, email: string): Promise<{ link: string; sessionsEnded: number }> {
  return db.transaction(async (tx: Tx) => {
    await tx
      .select({ one: sql`1` })
      .from(staff)
      .where(or(STAFF_MANAGERS, eq(staff.email, email)))
      .for('update');
    const [found] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.email, email));
    const before = found ? await publicStaff(tx, found.id) : undefined;
    if (!before) throw new Error(`${email} is not a staff member; create-owner makes a new owner`);
    if (!may(before.role, 'manageStaff')) {
      throw new Error(`${email} is ${before.role}, not an owner; create-owner makes a new owner, who can then help`);
    }
    if (before.state === 'disabled') {
      throw new Error(`${email} was disabled in the back office; reset an active owner, or create-owner a new one`);
    }
    const sessionsEnded = await revokeAccess(tx, before);
    const link = await issueSetupLink(tx, before.id);
    const after = await publicStaff(tx, before.id);
    await recordAudit(tx, {
      staffId: null,
      kind: 'staff',
      entityId: before.id,
      action: 'update',
      before,
      after: after ? { ...after, action: 'resetSecondFactor', sessionsEnded } : null,
    });
    return { link, sessionsEnded };
  });
}

/** A person as the back office shows them, who must be there (the one just signed in). */
export async function findStaff(db: Pick<Database, 'select'>, id: number): Promise<StaffRow> {
  const found = await publicStaff(db, id);
  if (!found) throw notFound('api.admin.notFound');
  return found;
}
