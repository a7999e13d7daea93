import 'server-only';
import { ensureCommissionApprovalWorker } from '../affiliates/ledger';
import { ensurePurgeWorker } from '../cdn/purge';
import { listenConnection } from '../changes/connection';
import type { Database } from '../db/client';
import { logEvent } from '../log';
import { ensureMailWorker } from '../mail/worker';
import { ensureOrderExpiryWorker } from '../orders/expiry';
import { ensureOrderReminderWorker } from '../orders/reminders';
import { ensureWebhookWorker } from '../orders/webhooks';
import { ensureExpiryWorker } from '../pintuan/expiry';
import { JOBS_CHANNEL } from './placement';

/**
 * The background jobs of an instance, in the one process that runs them (src/server/jobs/placement.ts,
 * docs/decisions/064-background-jobs.md): the mail outbox, the order webhook outbox, the CDN purges, the
 * unpaid-order and group-buy expiries, the unpaid orders' payment reminders, the affiliate commissions' holding period. Several instances share the work through
 * the database (`FOR UPDATE SKIP LOCKED` and leases). A wake-up on `cirrus_jobs`, heard on the process's one
 * listening connection (src/server/changes/connection.ts), runs a job at once; each also looks on its own every few
 * seconds, for work queued by a process whose wake-up was lost.
 */
export type BackgroundJobs = { stop(): Promise<void> };

/** Starts every job in this process, and the wake-ups that reach it. */
export function startBackgroundJobs(db: Database, url: string): BackgroundJobs {
  const mail = ensureMailWorker(db);
  const purges = ensurePurgeWorker(db);
  const jobs = [
    mail,
    purges,
    ensureExpiryWorker(db),
    ensureOrderExpiryWorker(db),
    ensureOrderReminderWorker(db),
    ensureWebhookWorker(db),
    ensureCommissionApprovalWorker(db),
  ];
  const stopWakeUps = listenConnection(url).subscribe({
    channel: JOBS_CHANNEL,
    onMessage: (payload) => {
      if (payload === 'mail') mail.kick();
      else if (payload === 'cdn') purges?.kick();
    },
    // Wake-ups sent while this process was not listening are lost: look now.
    onConnected: () => {
      mail.kick();
      purges?.kick();
    },
  });
  logEvent('info', 'background jobs started', { jobs: jobs.filter(Boolean).length });
  return {
    async stop() {
      await stopWakeUps();
      await Promise.all(jobs.map((job) => job?.stop()));
    },
  };
}
