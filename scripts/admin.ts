/**
 * `npm run admin -- <command>`: the back office's operator commands.
 *
 *   create-owner <email> [name]   the first owner (or a fresh link for an owner who never used theirs): prints a
 *                                 one-time setup link, valid 24 hours, where they choose a password and enrol
 *                                 their authenticator app. There is never a default password.
 *   reset-owner <email>           for when no owner can sign in (authenticator and recovery codes lost): the
 *                                 owner's password, second factor, recovery codes and sessions go, and a new
 *                                 setup link is printed. Audited as the command line's
 *                                 (docs/decisions/054-second-factor-attempts.md).
 *
 * Uses the database `npm start` serves (the embedded one unless DATABASE_URL is set); it attaches to the running
 * embedded server or starts it for the duration of the command.
 */
import { z } from 'zod';
import { EnvError, loadEnv } from '../src/env';
import { createOwner, resetOwner, SETUP_LINK_HOURS } from '../src/server/admin/staff';
import { createDatabase } from '../src/server/db/client';
import { migrateAndSeed, startDatabase } from '../src/server/db/prepare';

const USAGE = 'usage: npm run admin -- create-owner <email> [name]\n       npm run admin -- reset-owner <email>';

async function main(): Promise<number> {
  const [command, emailText, ...nameWords] = process.argv.slice(2);
  if (command !== 'create-owner' && command !== 'reset-owner') {
    console.error(USAGE);
    return 2;
  }
  const email = z.email().safeParse(emailText?.trim().toLowerCase());
  if (!email.success) {
    console.error(`${command} needs the owner's e-mail address\n${USAGE}`);
    return 2;
  }
  const name = nameWords.join(' ').trim() || email.data.split('@')[0] || email.data;

  const env = loadEnv({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const database = await startDatabase(env, 'main', () => {});
  // The same step `npm start` takes first, so the command works on a checkout that has not started yet.
  await migrateAndSeed(database.url, () => {});
  const db = createDatabase(database.url, { max: 1 });
  try {
    const open = `Open this link within ${SETUP_LINK_HOURS} hours to choose a password and set up the authenticator app (it works once)`;
    if (command === 'reset-owner') {
      const { link, sessionsEnded } = await resetOwner(db, email.data);
      console.log(
        `Second factor reset for ${email.data}: the old password, authenticator and recovery codes no longer work, ${sessionsEnded} session(s) ended. ${open}:\n\n  ${link}\n`,
      );
      return 0;
    }
    const { link, created } = await createOwner(db, email.data, name);
    console.log(`${created ? 'Owner created' : 'New setup link'} for ${email.data}. ${open}:\n\n  ${link}\n`);
    return 0;
  } catch (error) {
    if (error instanceof Error && !(error instanceof EnvError) && !('code' in error)) {
      console.error(`[cirrus] ${error.message}`);
      return 1;
    }
    throw error;
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
