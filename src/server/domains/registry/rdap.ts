import 'server-only';
import { type Availability, labelOf, type RegistryAdapter } from './types';

/** At most this many RDAP requests are in flight for one check. */
const CONCURRENCY = 8;

type RdapOptions = {
  /** Per name; a registry that has not answered by then counts as `unknown`. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  /** The local reserved list, asked before any registry (reserved names are never sent out). */
  reservedLabels?: (labels: string[]) => Promise<Set<string>>;
};

/** Runs `task` over `items` with at most `limit` running at once, keeping the order of the results. */
async function mapWithLimit<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The real registry: RDAP (RFC 9082/9083), e.g. `https://rdap.org` which redirects to each TLD's server.
 * `GET {base}/domain/{fqdn}`: 404 means no such registration (available), 200 means registered (taken);
 * any other status, a timeout or a network error is `unknown`, never a guess.
 */
export function createRdapAdapter(baseUrl: string, options: RdapOptions = {}): RegistryAdapter {
  const { timeoutMs = 4000, fetchImpl = fetch, reservedLabels } = options;
  const base = baseUrl.replace(/\/+$/, '');

  async function lookup(fqdn: string): Promise<Availability> {
    try {
      const response = await fetchImpl(`${base}/domain/${encodeURIComponent(fqdn)}`, {
        headers: { accept: 'application/rdap+json, application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      // Only the status matters; release the connection without reading the body.
      await response.body?.cancel().catch(() => undefined);
      if (response.status === 404) return 'available';
      if (response.status === 200) return 'taken';
      return 'unknown';
    } catch {
      return 'unknown';
    }
  }

  return {
    async check(fqdns) {
      const answer = new Map<string, Availability>();
      const reserved = reservedLabels ? await reservedLabels(fqdns.map((f) => labelOf(f.toLowerCase()))) : new Set();
      const toAsk = fqdns.filter((f) => !reserved.has(labelOf(f.toLowerCase())));
      const states = await mapWithLimit(toAsk, CONCURRENCY, (f) => lookup(f.toLowerCase()));
      toAsk.forEach((fqdn, i) => {
        answer.set(fqdn, states[i] ?? 'unknown');
      });
      for (const fqdn of fqdns) if (!answer.has(fqdn)) answer.set(fqdn, 'reserved');
      return answer;
    },
  };
}
