import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

const MAILBOX_DIR = path.resolve('data/e2e-mail');

function decodeBody(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The text/plain part of a raw message (single part or multipart), decoded. */
export function plainText(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split);
    if (/content-type:\s*text\/plain/i.test(headers)) return decodeBody(headers, part.slice(split).trim());
  }
  return raw;
}

/** Waits for the mail the test SMTP server received for `to`, and returns its text. */
export async function waitForMail(to: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        for (const file of readdirSync(MAILBOX_DIR).sort().reverse()) {
          const raw = readFileSync(path.join(MAILBOX_DIR, file), 'utf8');
          if (raw.startsWith(`X-Envelope-To: ${to}`)) {
            found = plainText(raw);
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
