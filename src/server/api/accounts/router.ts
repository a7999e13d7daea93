import 'server-only';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import {
  activateRequest,
  forgotPasswordRequest,
  loginRequest,
  registerRequest,
  resendRequest,
  resetPasswordRequest,
} from '@/lib/validation/account-forms';
import { enforceLimit, LIMITS } from '../../auth/rate-limit';
import {
  clearSessionCookies,
  clientIp,
  deleteSession,
  findSession,
  requireSession,
  SESSION_COOKIE,
  setSessionCookies,
} from '../../auth/sessions';
import { decryptSecret, transportKeyPair } from '../../auth/transport-keys';
import { type AppEnv, requestLocale } from '../context';
import { ApiError, BusinessCode } from '../errors';
import { jsonBody, noFields, queryInput } from '../input';
import { describeRoutes } from '../openapi/describe';
import {
  activateAccount,
  login,
  registerAccount,
  requestPasswordReset,
  resendActivation,
  resetPassword,
} from './service';
import { claimWelcomeBundle, listWelcomeCoupons } from './welcome';

export const accountsRouter = new Hono<AppEnv>();

const welcomeQuery = z.object({ language: z.string().optional() });

// GET /api/auth/public-key - the RSA-OAEP key passwords are encrypted with (docs/product/api.md#requests)
accountsRouter.get('/auth/public-key', async (c) => {
  const { publicKeyPem } = await transportKeyPair(c.get('db'));
  c.header('cache-control', 'public, max-age=300');
  return c.json({ code: 2000, message: { publicKey: publicKeyPem, algorithm: 'RSA-OAEP', hash: 'SHA-256' } });
});

// POST /api/register - create a pending account and send its activation mail (an address already taken gets the
// same answer, and its owner a mail)
accountsRouter.post('/register', async (c) => {
  const db = c.get('db');
  const input = await jsonBody(c, registerRequest);
  await enforceLimit(db, LIMITS.signUpPerIp, clientIp(c), 'api.signUpLimited');
  const password = await decryptSecret(db, input.password, 'password');
  const account = await registerAccount(db, {
    email: input.email,
    password,
    phone: input.phone,
    locale: input.locale ?? requestLocale(c),
  });
  return c.json({ code: 2000, message: account });
});

// POST /api/activate - confirm an account with the code from its activation mail
accountsRouter.post('/activate', async (c) => {
  const { code } = await jsonBody(c, activateRequest);
  const account = await activateAccount(c.get('db'), code);
  return c.json({ code: 2000, message: { state: 'activated', ...account } });
});

// POST /api/activate/resend - a new activation link for a pending account (rate limited)
accountsRouter.post('/activate/resend', async (c) => {
  const input = await jsonBody(c, resendRequest);
  await resendActivation(c.get('db'), input.email, clientIp(c), input.locale ?? requestLocale(c));
  return c.json({ code: 2000, message: { sent: true } });
});

// POST /api/login - start a session: HttpOnly cookie plus the CSRF token for the client store
accountsRouter.post('/login', async (c) => {
  const db = c.get('db');
  const input = await jsonBody(c, loginRequest);
  const password = await decryptSecret(db, input.password, 'password');
  const result = await login(db, { account: input.account, password, ip: clientIp(c) });
  setSessionCookies(c, result.sessionToken, result.expiresAt);
  return c.json({
    code: 2000,
    message: { userAccount: result.user.email, username: result.user.username, token: result.csrfToken },
  });
});

// POST /api/password/forgot - mail a reset link to the address, if it has an account (same answer either way)
accountsRouter.post('/password/forgot', async (c) => {
  const input = await jsonBody(c, forgotPasswordRequest);
  await requestPasswordReset(c.get('db'), input.email, clientIp(c), input.locale ?? requestLocale(c));
  return c.json({ code: 2000, message: { sent: true } });
});

// POST /api/password/reset - set a new password with the code from the reset mail; every session ends
accountsRouter.post('/password/reset', async (c) => {
  const db = c.get('db');
  const input = await jsonBody(c, resetPasswordRequest);
  const password = await decryptSecret(db, input.password, 'password');
  return c.json({ code: 2000, message: await resetPassword(db, input.code, password) });
});

// GET /api/auth/me - the signed-in account, for a new tab whose session storage is empty
accountsRouter.get('/auth/me', async (c) => {
  const session = await findSession(c.get('db'), getCookie(c, SESSION_COOKIE));
  if (!session) {
    clearSessionCookies(c);
    throw new ApiError(BusinessCode.unauthorized, 'api.unauthorized');
  }
  return c.json({
    code: 2000,
    message: { userAccount: session.user.email, username: session.user.username, token: session.csrfToken },
  });
});

// POST /api/logout - end the session on the server (docs/product/api.md#accounts); the client then clears its store
accountsRouter.post('/logout', requireSession(), async (c) => {
  await jsonBody(c, noFields);
  await deleteSession(c.get('db'), c.get('sessionToken'));
  clearSessionCookies(c);
  return c.json({ code: 2000, message: { loggedOut: true } });
});

// GET /api/welcome - the new-customer bundle on offer
accountsRouter.get('/welcome', async (c) => {
  return c.json({
    code: 2000,
    message: await listWelcomeCoupons(c.get('db'), requestLocale(c, queryInput(c, welcomeQuery).language)),
  });
});

// POST /api/welcome/claim - claim the welcome bundle, once per newly activated account
accountsRouter.post('/welcome/claim', requireSession(), async (c) => {
  await jsonBody(c, noFields);
  return c.json({ code: 2000, message: await claimWelcomeBundle(c.get('db'), c.get('user').id) });
});

export const accountDocs = describeRoutes('Accounts', [
  {
    method: 'get',
    path: '/auth/public-key',
    summary: 'The RSA-OAEP public key passwords are encrypted with before they are sent',
    response: z.object({ publicKey: z.string(), algorithm: z.literal('RSA-OAEP'), hash: z.literal('SHA-256') }),
  },
  {
    method: 'post',
    path: '/register',
    summary: 'Create a pending account and mail its activation link (an address taken gets the same answer)',
    body: registerRequest,
    errors: [429],
  },
  {
    method: 'post',
    path: '/activate',
    summary: 'Activate an account with the code from its mail',
    body: activateRequest,
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/activate/resend',
    summary: 'A new activation link for a pending account',
    body: resendRequest,
    errors: [429],
  },
  {
    method: 'post',
    path: '/login',
    summary: 'Sign in: sets the session cookie and answers the CSRF token',
    body: loginRequest,
    errors: [401, 429],
  },
  {
    method: 'post',
    path: '/password/forgot',
    summary: 'Mail a reset link to the address if it has an account (same answer either way)',
    body: forgotPasswordRequest,
    errors: [429],
  },
  {
    method: 'post',
    path: '/password/reset',
    summary: 'Set a new password with the code from the reset mail; every session ends',
    body: resetPasswordRequest,
    errors: [404],
  },
  {
    method: 'get',
    path: '/auth/me',
    summary: 'The signed-in account and its CSRF token',
    auth: 'customer',
    response: z.object({ userAccount: z.string(), username: z.string(), token: z.string() }),
  },
  { method: 'post', path: '/logout', summary: 'End the session', auth: 'customer', body: noFields },
  { method: 'get', path: '/welcome', summary: 'The new-customer bundle on offer', query: welcomeQuery },
  {
    method: 'post',
    path: '/welcome/claim',
    summary: 'Claim the welcome bundle, once per newly activated account',
    auth: 'customer',
    body: noFields,
    errors: [409],
  },
]);
