import '../validation/zod-config';
import { z } from 'zod';

/**
 * What operators must know about the site itself, said where it matters (the dashboard, and the screen of the
 * thing it is about): each a message key under `admin.notices` with its values. `mailNotSent`: the server has no
 * SMTP_URL, so mail waits in the outbox and nobody gets it (`waiting` mails, `more` when there are more than that).
 */
export const OPERATOR_NOTICES = ['mailNotSent'] as const;
export type OperatorNoticeKey = (typeof OPERATOR_NOTICES)[number];

export const operatorNotice = z.object({
  key: z.enum(OPERATOR_NOTICES),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type OperatorNotice = z.infer<typeof operatorNotice>;

/** Where each notice's reader goes to see more (the deliveries list of the mails that wait). */
export const NOTICE_LINKS: Record<OperatorNoticeKey, string> = {
  mailNotSent: '/admin/deliveries?kind=mail&state=pending',
};
