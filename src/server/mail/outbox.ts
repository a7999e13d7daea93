import 'server-only';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';

/** One message as the templates build it and the transport sends it. */
export type OutgoingMail = {
  /** What the mail is for, e.g. 'activation'; the worker's log line depends on it. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
};

/**
 * What `enqueueMail` needs: the database or a transaction on it. A caller passes its transaction so the
 * mail is written together with what caused it (docs/design.md#architecture: nothing lost when the mail server is down).
 */
export type MailWriter = Pick<Database, 'insert'>;

/** The outbox row of a mail, with the customer and the order it concerns. */
const outboxRow = (mail: OutgoingMail, about: { userId?: number; orderId?: number }) => ({
  kind: mail.kind,
  recipient: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  userId: about.userId ?? null,
  orderId: about.orderId ?? null,
});

/**
 * Writes a pending mail into the outbox and returns its id; the worker delivers it. `about` names the customer
 * and the order it concerns, so the back office lists it with them (docs/product/back-office-orders.md).
 */
export async function enqueueMail(
  tx: MailWriter,
  mail: OutgoingMail,
  about: { userId?: number; orderId?: number } = {},
): Promise<number> {
  const [row] = await tx.insert(mailOutbox).values(outboxRow(mail, about)).returning({ id: mailOutbox.id });
  if (!row) throw new Error('mail_outbox insert returned no row');
  return row.id;
}

/**
 * Writes a mail that announces one event, under its key (docs/decisions/069-order-mails.md): the first insert with a
 * key wins and any later one, from whichever instance or worker, does nothing. Answers the new mail's id, or null
 * when the event was already mailed. A null key writes the mail as `enqueueMail` does (a resent confirmation).
 */
export async function enqueueMailOnce(
  tx: MailWriter,
  mail: OutgoingMail,
  key: string | null,
  about: { userId?: number; orderId?: number } = {},
): Promise<number | null> {
  if (key === null) return enqueueMail(tx, mail, about);
  const [row] = await tx
    .insert(mailOutbox)
    .values({ ...outboxRow(mail, about), dedupKey: key })
    .onConflictDoNothing({ target: mailOutbox.dedupKey })
    .returning({ id: mailOutbox.id });
  return row?.id ?? null;
}
