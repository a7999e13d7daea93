import 'server-only';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { domainRegistrations, reservedDomainLabels } from '../../db/schema';
import { type Availability, labelOf, type RegistryAdapter } from './types';

/** Which of these labels are on the local reserved list (a reserved label is reserved under every suffix). */
export async function findReservedLabels(db: Database, labels: string[]): Promise<Set<string>> {
  const unique = [...new Set(labels.map((l) => l.toLowerCase()))];
  if (unique.length === 0) return new Set();
  const rows = await db
    .select({ label: reservedDomainLabels.label })
    .from(reservedDomainLabels)
    .where(inArray(reservedDomainLabels.label, unique));
  return new Set(rows.map((r) => r.label));
}

/**
 * The embedded default: answers from the `domain_registrations` table and the reserved-label list, both
 * looked up in one query. Every name it does not know is available.
 */
export function createEmbeddedAdapter(db: Database): RegistryAdapter {
  return {
    async check(fqdns) {
      const answer = new Map<string, Availability>();
      if (fqdns.length === 0) return answer;
      const names = [...new Set(fqdns.map((f) => f.toLowerCase()))];
      const labels = [...new Set(names.map(labelOf))];
      const rows = await db
        .select({ kind: sql<'taken' | 'reserved'>`'taken'`, key: domainRegistrations.fqdn })
        .from(domainRegistrations)
        .where(inArray(domainRegistrations.fqdn, names))
        .unionAll(
          db
            .select({ kind: sql<'taken' | 'reserved'>`'reserved'`, key: reservedDomainLabels.label })
            .from(reservedDomainLabels)
            .where(inArray(reservedDomainLabels.label, labels)),
        );
      const taken = new Set(rows.filter((r) => r.kind === 'taken').map((r) => r.key));
      const reserved = new Set(rows.filter((r) => r.kind === 'reserved').map((r) => r.key));
      for (const fqdn of fqdns) {
        const name = fqdn.toLowerCase();
        answer.set(fqdn, reserved.has(labelOf(name)) ? 'reserved' : taken.has(name) ? 'taken' : 'available');
      }
      return answer;
    },
  };
}
