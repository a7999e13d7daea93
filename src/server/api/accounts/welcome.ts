import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { WelcomeCoupon } from '@/lib/coupons';
import type { Locale } from '@/lib/locales';
import type { Database } from '../../db/client';
import { coupons, userCoupons, users, welcomeClaims } from '../../db/schema';
import { localize } from '../../localize';
import { ApiError, BusinessCode } from '../errors';

/** Days after activation during which an account counts as new for the welcome offer. */
export const WELCOME_WINDOW_DAYS = 30;

export type { WelcomeCoupon } from '@/lib/coupons';

/** The welcome bundle (coupons marked `welcome`), from the database so operators can change it. */
export async function listWelcomeCoupons(db: Database, locale: Locale): Promise<WelcomeCoupon[]> {
  const rows = await db
    .select()
    .from(coupons)
    .where(eq(coupons.welcome, true))
    .orderBy(asc(coupons.sort), asc(coupons.id));
  return rows.map((c) => ({
    id: c.id,
    name: localize(c.name, locale, `coupon ${c.id}`),
    kind: c.kind,
    amountCents: c.amountCents,
    percentOff: c.percentOff,
    thresholdCents: c.thresholdCents,
    validDays: c.validDays,
  }));
}

/**
 * Where a customer stands with the welcome offer: may claim it, has claimed it, or may not (not activated, or
 * activated more than WELCOME_WINDOW_DAYS ago). Each refusal is also the i18n key `api.welcome.<state>`.
 */
export const welcomeStateAnswer = z.enum(['open', 'claimed', 'notActivated', 'notNew']);
export type WelcomeState = z.infer<typeof welcomeStateAnswer>;

function eligibility(
  user: { status: string; activatedAt: Date | null } | undefined,
  now: Date,
): 'open' | 'notActivated' | 'notNew' {
  if (user?.status !== 'active' || !user.activatedAt) return 'notActivated';
  if (now.getTime() - user.activatedAt.getTime() > WELCOME_WINDOW_DAYS * 86_400_000) return 'notNew';
  return 'open';
}

/** The welcome state of one customer, for the page that offers the bundle (a claim stays claimed on reload). */
export async function welcomeStateOf(db: Database, userId: number, now = new Date()): Promise<WelcomeState> {
  const [row] = await db
    .select({ status: users.status, activatedAt: users.activatedAt, claimed: welcomeClaims.userId })
    .from(users)
    .leftJoin(welcomeClaims, eq(welcomeClaims.userId, users.id))
    .where(eq(users.id, userId));
  if (row?.claimed != null) return 'claimed';
  return eligibility(row, now);
}

/**
 * Claims the bundle once per account, within 30 days of activation (docs/decisions/008-accounts.md): the claim row's primary key
 * makes a second claim, even a concurrent one, a 4090.
 */
export async function claimWelcomeBundle(db: Database, userId: number, now = new Date()): Promise<{ coupons: number }> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ status: users.status, activatedAt: users.activatedAt })
      .from(users)
      .where(eq(users.id, userId));
    const state = eligibility(user, now);
    if (state !== 'open') throw new ApiError(BusinessCode.forbidden, `api.welcome.${state}`);
    const [claim] = await tx
      .insert(welcomeClaims)
      .values({ userId })
      .onConflictDoNothing()
      .returning({ userId: welcomeClaims.userId });
    if (!claim) throw new ApiError(BusinessCode.conflict, 'api.welcome.claimed');
    const bundle = await tx
      .select()
      .from(coupons)
      .where(and(eq(coupons.welcome, true)));
    if (bundle.length > 0) {
      await tx.insert(userCoupons).values(
        bundle.map((c) => ({
          couponId: c.id,
          userId,
          expiresAt: new Date(now.getTime() + c.validDays * 86_400_000),
        })),
      );
    }
    return { coupons: bundle.length };
  });
}
