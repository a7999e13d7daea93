import 'server-only';

/** What a registry says about one fully qualified name. `unknown`: it could not be asked or did not answer. */
export const AVAILABILITIES = ['available', 'taken', 'reserved', 'unknown'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/**
 * The domain registry adapter (docs/engineering.md#shape: one folder per outside system, embedded default + real implementation
 * behind config). Names go in as lower-case ASCII (punycode) FQDNs, e.g. `xn--eqrt2g.com`; the answer has one
 * entry per name given.
 */
export interface RegistryAdapter {
  check(fqdns: string[]): Promise<Map<string, Availability>>;
}

/** The second-level label a name was searched by: everything before its first dot (`example` of `example.com.cn`). */
export function labelOf(fqdn: string): string {
  const dot = fqdn.indexOf('.');
  return dot === -1 ? fqdn : fqdn.slice(0, dot);
}
