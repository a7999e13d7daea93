import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';

let cached: string | undefined;

/** The id of the build being served, from Next's BUILD_ID file; "development" under `next dev`. */
export function currentBuildId(): string {
  if (cached) return cached;
  try {
    cached = readFileSync(path.join(process.cwd(), process.env.NEXT_DIST_DIR ?? '.next', 'BUILD_ID'), 'utf8').trim();
  } catch {
    cached = 'development';
  }
  return cached;
}
