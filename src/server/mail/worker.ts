import 'server-only';
import { and, asc, eq, gt } from 'drizzle-orm';
import { env } from '@/env';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { jobsRunElsewhere, wakeJobs } from '../jobs/placement';
import { startRepeatingJob } from '../jobs/repeating-job';
import { logEvent } from '../log';
import { deliverDueMail } from './delivery';
import { createTransport, type MailTransport } from './transport';

export type MailWorker = {
  /** Stops polling and waits for a run in progress. */
  stop(): Promise<void>;
  /** Runs now instead of at the next tick; call it after enqueueing (once the transaction committed). */
  kick(): void;
};

export type MailWorkerOptions = {
  /** Pause between runs; default 5 s. */
  intervalMs?: number;
  /** Default: SMTP from env().SMTP_URL. `null` forces the embedded default (log, do not send). */
  transport?: MailTransport | null;
  /** The clock handed to each run (tests move it). */
  now?: () => Date;
  /** Mails per delivery run; a full batch is followed by another run at once. */
  batch?: number;
};

const DEFAULT_INTERVAL_MS = 5_000;
const DEFAULT_BATCH = 20;
/** Log mode shows mails of the last day: an activation link is valid for 24 h, older ones are useless. */
const LOG_WINDOW_MS = 24 * 60 * 60_000;
const LOG_BATCH = 500;
const URL_IN_TEXT = /https?:\/\/[^\s<>"]+/;

/** A bad SMTP_URL must not fail the request that enqueued the mail: it is logged and the mail waits in the outbox. */
function transportFromEnv(): MailTransport | undefined {
  try {
    return createTransport(env().SMTP_URL);
  } catch (error) {
    logEvent('error', 'SMTP_URL is unusable; mail is kept in the outbox', {
      error: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  }
}

/**
 * Delivers the outbox in the background. With SMTP it polls and sends (runs never overlap; timers are
 * unref'd so they never keep a process alive). Without SMTP_URL (the embedded default) nothing is sent:
 * each pending mail is logged once per process, with the activation link for 'activation' mails, so a
 * local user can still activate; the mails stay pending and go out once SMTP is configured.
 */
export function startMailWorker(db: Database, options: MailWorkerOptions = {}): MailWorker {
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const batch = options.batch ?? DEFAULT_BATCH;
  const clock = options.now ?? (() => new Date());
  const transport = options.transport === undefined ? transportFromEnv() : (options.transport ?? undefined);

  const logged = new Set<number>();
  if (!transport) {
    logEvent('warn', 'no SMTP transport (SMTP_URL unset): mail is kept in the outbox and logged instead of sent');
  }

  /** One run; true when there may be more due right away. */
  async function runOnce(stopping: () => boolean): Promise<boolean> {
    if (transport) {
      const { sent, failed } = await deliverDueMail(db, transport, clock(), batch, stopping);
      // A full batch means more may be due; but when nothing got through the server is likely down: wait.
      return sent > 0 && sent + failed >= batch;
    }
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.status, 'pending'), gt(mailOutbox.createdAt, new Date(clock().getTime() - LOG_WINDOW_MS))),
      )
      .orderBy(asc(mailOutbox.id))
      .limit(LOG_BATCH);
    for (const row of rows) {
      if (logged.has(row.id)) continue;
      logged.add(row.id);
      const link = row.kind === 'activation' ? URL_IN_TEXT.exec(row.text)?.[0] : undefined;
      logEvent('info', 'mail not sent (SMTP_URL unset)', {
        mailId: row.id,
        kind: row.kind,
        to: row.recipient,
        subject: row.subject,
        ...(link ? { link } : {}),
      });
    }
    // Forget mails that left the window or the pending state, so the set stays small.
    const current = new Set(rows.map((row) => row.id));
    for (const id of logged) if (!current.has(id)) logged.delete(id);
    return false;
  }

  const job = startRepeatingJob('mail delivery', runOnce, { intervalMs });
  return {
    kick: job.kick,
    async stop() {
      await job.stop();
      transport?.close?.();
    },
  };
}

const globalForMail = globalThis as unknown as { cirrusMailWorker?: MailWorker };

/**
 * The process's one mail worker, started on first use and kept across dev-server reloads; in a process that does not
 * run the background jobs (src/server/jobs/placement.ts), a handle whose kick wakes the process that does.
 */
export function ensureMailWorker(db: Database): MailWorker {
  if (jobsRunElsewhere()) return { kick: () => wakeJobs(db, 'mail'), stop: async () => {} };
  globalForMail.cirrusMailWorker ??= startMailWorker(db);
  return globalForMail.cirrusMailWorker;
}
