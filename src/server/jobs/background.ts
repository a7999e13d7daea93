import 'server-only';
import { ensureCommissionApprovalWorker } from '../affiliates/ledger';
import type { Database } from '../db/client';
import { logEvent } from '../log';
import { ensureMailWorker } from '../mail/worker';
import { ensureOrderExpiryWorker } from '../orders/expiry';
import { ensureWebhookWorker } from '../orders/webhooks';
import { ensureExpiryWorker } from '../pintuan/expiry';
import { JOBS_CHANNEL } from './placement';
import { listenForWakeUps } from './wake-ups';

/**
 * The background jobs of an instance, in the one process that runs them (src/server/jobs/placement.ts,
 * docs/decisions/064-background-jobs.md): the mail outbox, the order webhook outbox, the unpaid-order and group-buy
 * expiries, the affiliate commissions' holding period. Several instances share the work through the database (`FOR UPDATE SKIP LOCKED` and leases). A
 * wake-up on `cirrus_jobs` runs a job at once; each also looks on its own every few seconds, for work queued by a
 * process whose wake-up was lost.
 */
export type BackgroundJobs = { stop(): Promise<void> };

/** Starts every job in this process, and the wake-ups that reach it. */
export function startBackgroundJobs(db: Database, url: string): BackgroundJobs {
  const mail = ensureMailWorker(db);
  const jobs = [
    mail,
    ensureExpiryWorker(db),
    ensureOrderExpiryWorker(db),
    ensureWebhookWorker(db),
    ensureCommissionApprovalWorker(db),
  ];
  const wakeUps = listenForWakeUps({
    url,
    channels: [JOBS_CHANNEL],
    onMessage: (_channel, payload) => {
      if (payload === 'mail') mail.kick();
    },
    // Wake-ups sent while this process was not listening are lost: look now.
    onConnected: () => mail.kick(),
  });
  logEvent('info', 'background jobs started', { jobs: jobs.filter(Boolean).length });
  return {
    async stop() {
      await wakeUps.stop();
      await Promise.all(jobs.map((job) => job?.stop()));
    },
  };
}
