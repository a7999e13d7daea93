/**
 * `npm run comments:moderate -- <command>`: the operators' moderation of posted reviews (issue 7). Nothing a
 * visitor posts is listed before an operator approves it here.
 *
 *   list            the pending reviews, oldest first
 *   approve <id>    list the review on the site
 *   reject <id>     keep it off the site for good
 *
 * Uses the database `npm start` serves (the embedded one unless DATABASE_URL is set); it attaches to the
 * running embedded server or starts it for the duration of the command.
 */
import { EnvError, loadEnv } from '../src/env';
import { listPendingReviews, moderateReview } from '../src/server/api/content/queries';
import { createDatabase } from '../src/server/db/client';
import { migrateAndSeed, startDatabase } from '../src/server/db/prepare';

const USAGE = 'usage: npm run comments:moderate -- list | approve <id> | reject <id>';

function parseId(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,9}$/.test(value)) return undefined;
  return Number.parseInt(value, 10);
}

async function main(): Promise<number> {
  const [command, idText] = process.argv.slice(2);
  if (command !== 'list' && command !== 'approve' && command !== 'reject') {
    console.error(USAGE);
    return 2;
  }
  const id = parseId(idText);
  if (command !== 'list' && id === undefined) {
    console.error(`${command} needs the numeric id of a pending review\n${USAGE}`);
    return 2;
  }

  const env = loadEnv({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const database = await startDatabase(env, 'main', () => {});
  // The same step `npm start` takes first, so the command works on a checkout that has not started yet.
  await migrateAndSeed(database.url, () => {});
  const db = createDatabase(database.url, { max: 1 });
  try {
    if (command === 'list') {
      const pending = await listPendingReviews(db, 200);
      if (pending.length === 0) console.log('No reviews are waiting for moderation.');
      for (const r of pending) {
        // JSON-quoted so a line break or control character in the text cannot forge another entry.
        console.log(
          `#${r.id}  ${r.createdAt}  ${r.locale}  ${'★'.repeat(r.rating)}${'☆'.repeat(5 - r.rating)}  user ${r.userId ?? '-'}  ${JSON.stringify(r.authorName)}\n    ${JSON.stringify(r.body)}`,
        );
      }
      return 0;
    }
    const decision = command === 'approve' ? 'approved' : 'rejected';
    if (await moderateReview(db, id as number, decision)) {
      console.log(`Review #${id} ${decision}.`);
      return 0;
    }
    console.error(`No pending review #${id} (unknown id, or already moderated).`);
    return 1;
  } finally {
    await db.$client.end();
    await database.stop();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error) => {
    console.error(error instanceof EnvError ? error.message : `[cirrus] ${String(error)}`);
    process.exit(1);
  });
