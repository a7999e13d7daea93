import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Reader, Tx } from '../db/client';
import { affiliateClicks, affiliateReferrals, affiliates, users } from '../db/schema';
import { currentTerms } from './terms';

const DAY_MS = 86_400_000;
/** Crockford's base32: no I, L, O or U, so a code read aloud or typed is not mistaken. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new affiliate code: 10 characters of 5 random bits each (50 bits), from the system's CSPRNG. */
export function newAffiliateCode(): string {
  const bytes = randomBytes(10);
  return [...bytes].map((b) => ALPHABET[b & 31]).join('');
}

/**
 * The address a click or a sign-up came from, as a keyed hash: compared, never stored in clear. The key is the
 * site's own (the payment webhook secret when set, else a per-process random one: dedupe then holds within a process).
 */
const processKey = randomBytes(32);
export function addressHash(
  ip: string,
  key: string | Buffer = process.env.PAYMENT_WEBHOOK_SECRET || processKey,
): string | null {
  // In-process calls have no address: nothing to compare.
  if (ip === '' || ip === 'local') return null;
  return createHmac('sha256', key).update(`affiliate-address:${ip}`).digest('base64url');
}

/** The click window a time falls in: the UTC day (docs/decisions/070-affiliate-programme.md). */
export function clickWindow(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/**
 * Records a click on a referral link (POST /api/affiliate/click). An unknown or disabled code is ignored (no token,
 * no error: the visitor sees nothing). One click per affiliate, address and UTC day: a repeat answers the same
 * token and counts nothing new. Answers the token the browser may keep in the referral cookie.
 */
export async function recordClick(
  db: Database,
  input: { code: string; path: string; ip: string },
  now = new Date(),
): Promise<{ token: string | null; cookieDays: number }> {
  const terms = await currentTerms(db);
  const code = input.code.trim().toUpperCase();
  if (!/^[0-9A-Z]{6,20}$/.test(code)) return { token: null, cookieDays: terms.cookieDays };
  const [affiliate] = await db
    .select({ id: affiliates.id })
    .from(affiliates)
    .where(and(eq(affiliates.code, code), eq(affiliates.status, 'active')));
  if (!affiliate) return { token: null, cookieDays: terms.cookieDays };
  // Without an address (in-process calls) every click is its own.
  const ipHash = addressHash(input.ip) ?? `token:${randomBytes(12).toString('base64url')}`;
  const landingPath = input.path.split(/[?#]/)[0]?.slice(0, 500) || '/';
  const [row] = await db
    .insert(affiliateClicks)
    .values({
      affiliateId: affiliate.id,
      token: randomBytes(18).toString('base64url'),
      ipHash,
      windowStart: clickWindow(now),
      landingPath,
      createdAt: now,
      lastSeenAt: now,
    })
    .onConflictDoUpdate({
      target: [affiliateClicks.affiliateId, affiliateClicks.ipHash, affiliateClicks.windowStart],
      set: { lastSeenAt: now },
    })
    .returning({ token: affiliateClicks.token });
  return { token: row?.token ?? null, cookieDays: terms.cookieDays };
}

/** Mail providers anyone signs up with, and the reserved example domains: the same domain there says nothing. */
const SHARED_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'yahoo.com',
  'yahoo.co.jp',
  'icloud.com',
  'me.com',
  'proton.me',
  'protonmail.com',
  'qq.com',
  '163.com',
  '126.com',
  'sina.com',
  'foxmail.com',
  'docomo.ne.jp',
  'ezweb.ne.jp',
  'softbank.ne.jp',
  'example.com',
  'example.org',
  'example.net',
]);

function mailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * Links an account to the affiliate of its referral cookie, at sign-up, in the sign-up's transaction
 * (docs/decisions/070-affiliate-programme.md). The cookie names the last click (each click overwrites it), so the
 * last click wins; a click older than the terms' cookie days counts for nothing. Refused, and kept as a refused
 * referral with why, for the back office: an account that existed before (`existing_account`), the affiliate's own
 * address (`same_address`), an address at the affiliate's own organisation's mail domain (`same_mail_domain`).
 * A referral is made once per account and never moved.
 */
export async function referAtSignUp(
  tx: Tx,
  input: { token: string | undefined; userId: number; email: string; ip: string; existing: boolean },
  now = new Date(),
): Promise<'referred' | 'refused' | 'none'> {
  if (!input.token || input.token.length > 64) return 'none';
  const terms = await currentTerms(tx);
  const [click] = await tx
    .select({ click: affiliateClicks, affiliate: affiliates, affiliateEmail: users.email })
    .from(affiliateClicks)
    .innerJoin(affiliates, eq(affiliates.id, affiliateClicks.affiliateId))
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(eq(affiliateClicks.token, input.token));
  if (click?.affiliate.status !== 'active') return 'none';
  if (click.click.lastSeenAt.getTime() + terms.cookieDays * DAY_MS < now.getTime()) return 'none';
  const flags: string[] = [];
  if (input.existing) flags.push('existing_account');
  if (click.affiliate.userId === input.userId) flags.push('self_referral');
  const ipHash = addressHash(input.ip);
  if (ipHash !== null && ipHash === click.affiliate.joinIpHash) flags.push('same_address');
  const domain = mailDomain(input.email);
  if (!SHARED_MAIL_DOMAINS.has(domain) && domain === mailDomain(click.affiliateEmail)) flags.push('same_mail_domain');
  const status = flags.length === 0 ? 'active' : 'refused';
  const made = await tx
    .insert(affiliateReferrals)
    .values({
      affiliateId: click.affiliate.id,
      referredUserId: input.userId,
      clickId: click.click.id,
      status,
      flags,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: affiliateReferrals.id });
  if (status === 'refused' && !input.existing) {
    // The affiliate tried to refer themselves: the back office sees it on their row.
    await tx
      .update(affiliates)
      .set({
        flags: sql`(select coalesce(jsonb_agg(distinct f), '[]'::jsonb) from jsonb_array_elements_text(${affiliates.flags} || ${JSON.stringify(flags)}::jsonb) f)`,
      })
      .where(eq(affiliates.id, click.affiliate.id));
  }
  if (made.length === 0) return 'none';
  return status === 'active' ? 'referred' : 'refused';
}

/** A customer's affiliate row, if they joined. */
export async function affiliateOfUser(db: Reader, userId: number) {
  const [row] = await db.select().from(affiliates).where(eq(affiliates.userId, userId));
  return row;
}
