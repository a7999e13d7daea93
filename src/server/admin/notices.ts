import 'server-only';
import { eq } from 'drizzle-orm';
import { env } from '@/env';
import type { OperatorNotice } from '@/lib/admin/notices';
import { may } from '@/lib/admin/permissions';
import type { StaffRole } from '@/lib/admin/schemas';
import type { Reader } from '../db/client';
import { mailOutbox } from '../db/schema';
import { cappedTotal } from './list-total';

/**
 * What a role must know about the site now (src/lib/admin/notices.ts), for the dashboard and the screens it is
 * about. Mail: without SMTP_URL the mail worker sends nothing (src/server/mail/worker.ts), and its outbox reads
 * as mails waiting for a try that never comes; the roles that look after deliveries are told, with how many wait.
 */
export async function operatorNotices(
  db: Reader,
  role: StaffRole,
  config: { smtpUrl: string | undefined } = { smtpUrl: env().SMTP_URL },
): Promise<OperatorNotice[]> {
  const notices: OperatorNotice[] = [];
  if (!config.smtpUrl && may(role, 'support')) {
    const { total, capped } = await cappedTotal(db, mailOutbox, eq(mailOutbox.status, 'pending'));
    notices.push({ key: 'mailNotSent', values: { waiting: total, more: capped ? 'yes' : 'no' } });
  }
  return notices;
}
