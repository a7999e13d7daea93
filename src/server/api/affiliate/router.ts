import 'server-only';
import { z } from 'zod';
import {
  affiliateClickAnswer,
  affiliateClickInput,
  affiliateDashboardAnswer,
  affiliateJoinInput,
  affiliatePayoutInput,
  affiliateTermsAnswer,
} from '@/lib/affiliates';
import { recordClick } from '../../affiliates/attribution';
import { affiliateDashboard, joinProgramme, setPayoutMethod } from '../../affiliates/programme';
import { currentTerms } from '../../affiliates/terms';
import { clientIp } from '../../auth/sessions';
import { apiRouter } from '../route';

/** The affiliate programme's storefront calls (docs/product/api.md#affiliate-programme). */
export const affiliateRouter = apiRouter('Affiliate programme');

// GET /api/affiliate/terms - the programme's terms as data (the article, the joining page and the chat read them)
affiliateRouter.route(
  {
    method: 'get',
    path: '/affiliate/terms',
    summary: "The affiliate programme's terms: rate, months, cookie days, holding days, minimum payout",
    response: affiliateTermsAnswer,
  },
  async (c) => currentTerms(c.get('db')),
);

// POST /api/affiliate/click - the beacon a page with ?aff= sends after load: records the click, answers the cookie's token
affiliateRouter.route(
  {
    method: 'post',
    path: '/affiliate/click',
    summary: 'Record a click on a referral link (an unknown or disabled code answers no token, never an error)',
    body: affiliateClickInput,
    response: affiliateClickAnswer,
  },
  async (c, { body }) => recordClick(c.get('db'), { code: body.code, path: body.path, ip: clientIp(c) }),
);

// GET /api/affiliate/me - the signed-in customer's affiliate dashboard, or the terms to join with
affiliateRouter.route(
  {
    method: 'get',
    path: '/affiliate/me',
    summary: "The signed-in customer's affiliate dashboard (counts and sums by month, nothing naming a customer)",
    auth: 'customer',
    response: affiliateDashboardAnswer,
  },
  async (c) => affiliateDashboard(c.get('db'), c.get('user').id),
);

// POST /api/affiliate/join - join the programme, accepting the terms version shown
affiliateRouter.route(
  {
    method: 'post',
    path: '/affiliate/join',
    summary: 'Join the affiliate programme, accepting the terms version shown; answers the referral code',
    auth: 'customer',
    body: affiliateJoinInput,
    response: z.object({ code: z.string() }),
    errors: [409],
  },
  async (c, { body }) => joinProgramme(c.get('db'), c.get('user').id, { ...body, ip: clientIp(c) }),
);

// PUT /api/affiliate/payout-method - how the affiliate is paid
affiliateRouter.route(
  {
    method: 'put',
    path: '/affiliate/payout-method',
    summary: 'Choose how commission is paid: account balance, PayPal or bank transfer',
    auth: 'customer',
    body: affiliatePayoutInput,
    response: z.null(),
    errors: [404],
  },
  async (c, { body }) => {
    await setPayoutMethod(c.get('db'), c.get('user').id, body);
    return null;
  },
);
