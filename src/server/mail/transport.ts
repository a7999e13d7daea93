import 'server-only';
import nodemailer from 'nodemailer';
import { env } from '@/env';
import type { OutgoingMail } from './outbox';

/**
 * The mail adapter (docs/engineering.md#shape: one adapter folder, embedded default + real implementation behind config).
 * The embedded default is "no transport": mail stays in the outbox and the worker logs it (worker.ts).
 */
export type MailTransport = {
  send(mail: OutgoingMail): Promise<void>;
  /** Releases sockets, if the implementation holds any. */
  close?(): void;
};

/** A dead or silent mail server must not hold a delivery run for minutes (nodemailer waits 2 min by default). */
const TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 10_000 } as const;

/**
 * SMTP through nodemailer, e.g. `smtp://user:pass@mail.example.net:587` or `smtps://...:465`.
 * Returns undefined when no URL is configured. Options in the URL's query string (nodemailer's
 * convention, e.g. `?socketTimeout=30000`) win over the timeouts set here.
 */
export function createTransport(smtpUrl: string | undefined, from = env().MAIL_FROM): MailTransport | undefined {
  if (!smtpUrl) return undefined;
  const url = new URL(smtpUrl);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`);
  }
  for (const [key, value] of Object.entries(TIMEOUTS_MS)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(value));
  }
  const transporter = nodemailer.createTransport(url.toString());
  return {
    async send(mail) {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    close() {
      transporter.close();
    },
  };
}
