import 'server-only';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { REFERRAL_COOKIE } from '@/lib/affiliates';
import { welcomeCouponAnswer } from '@/lib/coupons';
import {
  activateRequest,
  forgotPasswordRequest,
  loginRequest,
  registerRequest,
  resendRequest,
  resetPasswordRequest,
} from '@/lib/validation/account-forms';
import { enforceLimit, LIMITS } from '../../auth/rate-limit';
import { clearSessionCookies, clientIp, deleteSession, setSessionCookies } from '../../auth/sessions';
import { decryptSecret, transportKeyPair } from '../../auth/transport-keys';
import { requestLocale } from '../context';
import { noFields } from '../input';
import { apiRouter } from '../route';
import {
  activateAccount,
  login,
  registerAccount,
  requestPasswordReset,
  resendActivation,
  resetPassword,
} from './service';
import { claimWelcomeBundle, listWelcomeCoupons } from './welcome';

export const accountsRouter = apiRouter('Accounts');

const welcomeQuery = z.object({ language: z.string().optional() });

/** Who is signed in, with the CSRF token the client sends on every write of the session. */
const signedInAnswer = z.object({ userAccount: z.string(), username: z.string(), token: z.string() });
/** A mail sent, or not, with the same answer either way (it never tells whether an address has an account). */
const sentAnswer = z.object({ sent: z.literal(true) });

// docs/product/api.md#requests
accountsRouter.route(
  {
    method: 'get',
    path: '/auth/public-key',
    summary: 'The RSA-OAEP public key passwords are encrypted with before they are sent',
    response: z.object({ publicKey: z.string(), algorithm: z.literal('RSA-OAEP'), hash: z.literal('SHA-256') }),
  },
  async (c) => {
    const { publicKeyPem } = await transportKeyPair(c.get('db'));
    c.header('cache-control', 'public, max-age=300');
    return { publicKey: publicKeyPem, algorithm: 'RSA-OAEP' as const, hash: 'SHA-256' as const };
  },
);

// An address already taken gets the same answer, and its owner a mail.
accountsRouter.route(
  {
    method: 'post',
    path: '/register',
    summary: 'Create a pending account and mail its activation link (an address taken gets the same answer)',
    body: registerRequest,
    response: z.object({ email: z.string() }),
    errors: [429],
  },
  async (c, { body }) => {
    const db = c.get('db');
    await enforceLimit(db, LIMITS.signUpPerIp, clientIp(c), 'api.signUpLimited');
    const password = await decryptSecret(db, body.password, 'password');
    return registerAccount(db, {
      email: body.email,
      password,
      phone: body.phone,
      locale: body.locale ?? requestLocale(c),
      referral: { token: getCookie(c, REFERRAL_COOKIE), ip: clientIp(c) },
    });
  },
);

accountsRouter.route(
  {
    method: 'post',
    path: '/activate',
    summary: 'Activate an account with the code from its mail',
    body: activateRequest,
    response: z.object({ state: z.literal('activated'), email: z.string(), username: z.string() }),
    errors: [404, 409],
  },
  async (c, { body }) => {
    const account = await activateAccount(c.get('db'), body.code);
    return { state: 'activated' as const, ...account };
  },
);

accountsRouter.route(
  {
    method: 'post',
    path: '/activate/resend',
    summary: 'A new activation link for a pending account',
    body: resendRequest,
    response: sentAnswer,
    errors: [429],
  },
  async (c, { body }) => {
    await resendActivation(c.get('db'), body.email, clientIp(c), body.locale ?? requestLocale(c));
    return { sent: true as const };
  },
);

accountsRouter.route(
  {
    method: 'post',
    path: '/login',
    summary: 'Sign in: sets the session cookie and answers the CSRF token',
    body: loginRequest,
    response: signedInAnswer,
    errors: [401, 429],
  },
  async (c, { body }) => {
    const db = c.get('db');
    const password = await decryptSecret(db, body.password, 'password');
    const result = await login(db, { account: body.account, password, ip: clientIp(c) });
    setSessionCookies(c, result.sessionToken, result.expiresAt);
    return { userAccount: result.user.email, username: result.user.username, token: result.csrfToken };
  },
);

accountsRouter.route(
  {
    method: 'post',
    path: '/password/forgot',
    summary: 'Mail a reset link to the address if it has an account (same answer either way)',
    body: forgotPasswordRequest,
    response: sentAnswer,
    errors: [429],
  },
  async (c, { body }) => {
    await requestPasswordReset(c.get('db'), body.email, clientIp(c), body.locale ?? requestLocale(c));
    return { sent: true as const };
  },
);

accountsRouter.route(
  {
    method: 'post',
    path: '/password/reset',
    summary: 'Set a new password with the code from the reset mail; every session ends',
    body: resetPasswordRequest,
    response: z.object({ email: z.string() }),
    errors: [404],
  },
  async (c, { body }) => {
    const db = c.get('db');
    const password = await decryptSecret(db, body.password, 'password');
    return resetPassword(db, body.code, password);
  },
);

// For a new tab whose session storage is empty. A session that ended takes its cookies with it, so the shell stops
// taking the visitor for signed in.
accountsRouter.route(
  {
    method: 'get',
    path: '/auth/me',
    summary: 'The signed-in account and its CSRF token',
    auth: 'customer',
    onSignedOut: clearSessionCookies,
    response: signedInAnswer,
  },
  (c) => {
    const user = c.get('user');
    return { userAccount: user.email, username: user.username, token: c.get('csrfToken') };
  },
);

// The client then clears its store (docs/product/api.md#accounts).
accountsRouter.route(
  {
    method: 'post',
    path: '/logout',
    summary: 'End the session',
    auth: 'customer',
    body: noFields,
    response: z.object({ loggedOut: z.literal(true) }),
  },
  async (c) => {
    await deleteSession(c.get('db'), c.get('sessionToken'));
    clearSessionCookies(c);
    return { loggedOut: true as const };
  },
);

accountsRouter.route(
  {
    method: 'get',
    path: '/welcome',
    summary: 'The new-customer bundle on offer',
    query: welcomeQuery,
    response: z.array(welcomeCouponAnswer),
  },
  (c, { query }) => listWelcomeCoupons(c.get('db'), requestLocale(c, query.language)),
);

accountsRouter.route(
  {
    method: 'post',
    path: '/welcome/claim',
    summary: 'Claim the welcome bundle, once per newly activated account',
    auth: 'customer',
    body: noFields,
    response: z.object({ coupons: z.number().int().describe('how many coupons the bundle gave') }),
    errors: [409],
  },
  (c) => claimWelcomeBundle(c.get('db'), c.get('user').id),
);
