import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq, inArray, like } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, describe, expect, inject, it, vi } from 'vitest';
import { createDatabase, type Database } from '../../src/server/db/client';
import { mailOutbox } from '../../src/server/db/schema';
import { logEvent } from '../../src/server/log';
import { backoffMs, deliverDueMail, SENDING_LEASE_MS } from '../../src/server/mail/delivery';
import { enqueueMail, type OutgoingMail } from '../../src/server/mail/outbox';
import { activationMail, escapeHtml, type MailLocale } from '../../src/server/mail/templates';
import { createTransport, type MailTransport } from '../../src/server/mail/transport';
import { startMailWorker } from '../../src/server/mail/worker';
import { testDb } from '../support/api';

// The worker's log line is what a local user sees without SMTP; LOG_LEVEL is 'silent' in tests, so watch the calls.
vi.mock('../../src/server/log', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/server/log')>()),
  logEvent: vi.fn(),
}));

const db = testDb();
const RUN = randomUUID().slice(0, 8);
const recipient = (tag: string) => `mail-${RUN}-${tag}@example.test`;
const cleanup: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
  await db.delete(mailOutbox).where(like(mailOutbox.recipient, `mail-${RUN}-%`));
});

/**
 * Other test files share this outbox, so the SMTP tests run on a clock in the past: a delivery run at
 * `at` only claims rows due by then, and only this test's rows are made due that early.
 */
function era(year: number): Date {
  return new Date(Date.UTC(year, 0, 1));
}
async function makeDue(ids: number[], at: Date) {
  await db.update(mailOutbox).set({ nextAttemptAt: at }).where(inArray(mailOutbox.id, ids));
}
async function outboxRow(id: number) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new Error(`mail ${id} is gone`);
  return row;
}
const seconds = (at: Date, s: number) => new Date(at.getTime() + s * 1000);

type Received = { to: string[]; raw: string };

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts. */
async function startSmtp(port = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((a) => a.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  let closed = false;
  const close = () =>
    new Promise<void>((resolve) => {
      if (closed) return resolve();
      closed = true;
      server.close(() => resolve());
    });
  cleanup.push(close);
  return { port: address.port, url: `smtp://127.0.0.1:${address.port}`, received, close };
}

function smtpTransport(url: string): MailTransport {
  const transport = createTransport(url);
  if (!transport) throw new Error('no transport');
  cleanup.push(() => transport.close?.());
  return transport;
}

/** Undoes the quoted-printable soft line breaks and escapes nodemailer uses for long ASCII lines. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function activation(tag: string, locale: MailLocale = 'en') {
  const link = `http://localhost:3000/activate?code=${randomUUID()}&lang=${locale}`;
  return { link, mail: activationMail({ locale, to: recipient(tag), username: 'alice', link, brand: 'Cirrus Cloud' }) };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('outbox', () => {
  it('writes the mail in the caller’s transaction: rolled back with it, kept when it commits', async () => {
    const { mail } = activation('tx');
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, mail);
        throw new Error('sign-up failed');
      }),
    ).rejects.toThrow('sign-up failed');
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, mail.to))).toEqual([]);

    const id = await db.transaction((tx) => enqueueMail(tx, mail));
    const row = await outboxRow(id);
    expect(row).toMatchObject({ kind: 'activation', recipient: mail.to, subject: mail.subject, status: 'pending' });
    expect(row.attempts).toBe(0);
  });
});

describe('delivery over SMTP (docs/design.md#architecture)', () => {
  it('delivers an enqueued mail once, with its subject and link', async () => {
    const smtp = await startSmtp();
    const { mail, link } = activation('deliver');
    const id = await enqueueMail(db, mail);
    const now = era(2001);
    await makeDue([id], now);

    expect(await deliverDueMail(db, smtpTransport(smtp.url), now)).toEqual({ sent: 1, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const message = smtp.received[0];
    expect(message?.to).toEqual([mail.to]);
    expect(message?.raw).toContain('Subject: Activate your Cirrus Cloud account');
    const body = decodeQuotedPrintable(message?.raw ?? '');
    expect(body).toContain(link);
    expect(body).toContain(`href="${escapeHtml(link)}"`);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 1, sentAt: now, lastError: null });

    expect(await deliverDueMail(db, smtpTransport(smtp.url), seconds(now, 3600))).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('keeps the mail when the server is down and delivers it exactly once after it is back', async () => {
    const first = await startSmtp();
    await first.close();
    let transport = smtpTransport(first.url);
    const { mail, link } = activation('retry');
    const id = await enqueueMail(db, mail);
    const now = era(2002);
    await makeDue([id], now);

    expect(await deliverDueMail(db, transport, now)).toEqual({ sent: 0, failed: 1 });
    const failed = await outboxRow(id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(failed.nextAttemptAt).toEqual(seconds(now, 30));
    expect(failed.lastError).toBeTruthy();

    // Back on the same port when the OS allows it, else elsewhere with a transport pointing there.
    const second = await startSmtp(first.port).catch(() => startSmtp());
    if (second.port !== first.port) transport = smtpTransport(second.url);

    expect(await deliverDueMail(db, transport, seconds(now, 29))).toEqual({ sent: 0, failed: 0 });
    expect(second.received).toHaveLength(0);

    expect(await deliverDueMail(db, transport, seconds(now, 31))).toEqual({ sent: 1, failed: 0 });
    expect(await deliverDueMail(db, transport, seconds(now, 7200))).toEqual({ sent: 0, failed: 0 });
    expect(second.received).toHaveLength(1);
    expect(decodeQuotedPrintable(second.received[0]?.raw ?? '')).toContain(link);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2, sentAt: seconds(now, 31) });
  });

  it('never sends a mail twice when several instances deliver at once', async () => {
    const smtp = await startSmtp();
    const other = createDatabase(inject('databaseUrl'), { max: 2 });
    cleanup.push(() => other.$client.end());
    const instances: Database[] = [db, other, db, other];
    const mails = Array.from({ length: 12 }, (_, i) => activation(`race-${i}`).mail);
    const ids = await Promise.all(mails.map((mail) => enqueueMail(db, mail)));
    const now = era(2003);
    await makeDue(ids, now);

    let sent = 0;
    for (let round = 0; round < 5 && sent < mails.length; round++) {
      const results = await Promise.all(
        instances.map((instance) => deliverDueMail(instance, smtpTransport(smtp.url), now, 4)),
      );
      for (const r of results) {
        expect(r.failed).toBe(0);
        sent += r.sent;
      }
    }

    expect(sent).toBe(mails.length);
    const perRecipient = new Map<string, number>();
    for (const message of smtp.received) {
      for (const to of message.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    }
    expect(perRecipient).toEqual(new Map(mails.map((mail) => [mail.to, 1])));
    const rows = await db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(ids.map(() => ['sent', 1]));
  });

  it('takes over a mail left in "sending" by a crashed instance after 10 minutes, once', async () => {
    const smtp = await startSmtp();
    const { mail } = activation('stuck');
    const id = await enqueueMail(db, mail);
    const now = era(2004);
    await makeDue([id], now);

    // An instance that claims the mail and then hangs (dies) before it can settle it.
    let claimed = false;
    let fail: (error: Error) => void = () => {};
    const hanging: MailTransport = {
      send: () =>
        new Promise<void>((_, reject) => {
          claimed = true;
          fail = reject;
        }),
    };
    const crashed = deliverDueMail(db, hanging, now);
    await until(() => claimed);
    expect(await outboxRow(id)).toMatchObject({ status: 'sending', attempts: 1 });

    const transport = smtpTransport(smtp.url);
    expect(await deliverDueMail(db, transport, seconds(now, 5 * 60))).toEqual({ sent: 0, failed: 0 });
    const later = new Date(now.getTime() + SENDING_LEASE_MS + 1000);
    expect(await deliverDueMail(db, transport, later)).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);

    // The first instance waking up late must not undo the delivery.
    fail(new Error('socket closed'));
    expect(await crashed).toEqual({ sent: 0, failed: 1 });
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await deliverDueMail(db, transport, seconds(later, 7200))).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });
});

describe('mail worker', () => {
  it('sends right away when kicked after enqueueing', async () => {
    const smtp = await startSmtp();
    const now = era(2005);
    const worker = startMailWorker(db, { transport: smtpTransport(smtp.url), intervalMs: 60_000, now: () => now });
    cleanup.push(() => worker.stop());
    await new Promise((resolve) => setTimeout(resolve, 50));

    const { mail } = activation('kick');
    const id = await enqueueMail(db, mail);
    await makeDue([id], now);
    worker.kick();

    await until(() => smtp.received.length === 1);
    await worker.stop();
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('without SMTP logs each mail once with its activation link and keeps it pending', async () => {
    const log = vi.mocked(logEvent);
    log.mockClear();
    const { mail, link } = activation('log');
    const id = await enqueueMail(db, mail);
    const worker = startMailWorker(db, { transport: null, intervalMs: 20 });
    cleanup.push(() => worker.stop());
    const linesFor = () => log.mock.calls.filter(([, , fields]) => fields?.to === mail.to);

    await until(() => linesFor().length > 0);
    worker.kick();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await worker.stop();

    expect(linesFor()).toEqual([
      ['info', expect.any(String), { mailId: id, kind: 'activation', to: mail.to, subject: mail.subject, link }],
    ]);
    expect(await outboxRow(id)).toMatchObject({ status: 'pending', attempts: 0, sentAt: null });
  });
});

describe('backoffMs', () => {
  it('doubles from 30 s and stops growing at 1 h', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(backoffMs)).toEqual([30, 60, 120, 240, 480, 960, 1920].map((s) => s * 1000));
    expect(backoffMs(8)).toBe(3_600_000);
    expect(backoffMs(10_000)).toBe(3_600_000);
    expect(backoffMs(0)).toBe(30_000);
  });
});

describe('activation mail', () => {
  const HAN = /\p{Script=Han}/u;
  const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
  const link = 'https://cirrus.example/activate?code=a1b2&lang="x"<y>';
  const build = (locale: MailLocale) =>
    activationMail({ locale, to: 'a@example.test', username: '<b>alice</b>', link, brand: 'Cirrus & Co' });

  it.each(['en', 'zh', 'ja'] as const)('in %s carries the link, escaped in HTML, and the 24-hour rule', (locale) => {
    const mail: OutgoingMail = build(locale);
    expect(mail.kind).toBe('activation');
    expect(mail.to).toBe('a@example.test');
    expect(mail.subject).toContain('Cirrus & Co');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('24');
    expect(mail.html).toContain(`href="${escapeHtml(link)}"`);
    expect(escapeHtml(link)).toBe('https://cirrus.example/activate?code=a1b2&amp;lang=&quot;x&quot;&lt;y&gt;');
    expect(mail.html).not.toContain(link);
    expect(mail.html).not.toContain('<b>alice</b>');
    expect(mail.html).toContain('&lt;b&gt;alice&lt;/b&gt;');
    expect(mail.html).toContain('Cirrus &amp; Co');
    expect(mail.html).toContain('24');
  });

  it('is written in each language, not English left in Chinese or Japanese', () => {
    const [en, zh, ja] = (['en', 'zh', 'ja'] as const).map(build);
    expect(en?.subject).toMatch(/^Activate your/);
    for (const mail of [zh, ja]) {
      const words = (mail?.text ?? '').replace(link, '').replaceAll('Cirrus & Co', '').replaceAll('<b>alice</b>', '');
      expect(words).not.toMatch(/[A-Za-z]{3,}/);
      expect(mail?.subject).toMatch(HAN);
    }
    expect(zh?.text).toMatch(HAN);
    expect(zh?.text).not.toMatch(KANA);
    expect(ja?.text).toMatch(KANA);
  });
});

afterAll(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});
