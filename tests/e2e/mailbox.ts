import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { plainText } from '../support/mime';

const MAILBOX_DIR = path.resolve('data/e2e-mail');

/** Waits for the mail the test SMTP server received for `to` (and holding `containing`, if given), and returns its text. */
export async function waitForMail(to: string, containing?: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        for (const file of readdirSync(MAILBOX_DIR).sort().reverse()) {
          const raw = readFileSync(path.join(MAILBOX_DIR, file), 'utf8');
          if (raw.startsWith(`X-Envelope-To: ${to}`)) {
            const text = plainText(raw);
            if (containing !== undefined && !text.includes(containing)) continue;
            found = text;
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found;
}
