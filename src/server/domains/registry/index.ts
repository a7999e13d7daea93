import 'server-only';
import { env } from '@/env';
import type { Database } from '../../db/client';
import { createEmbeddedAdapter, findReservedLabels } from './embedded';
import { createRdapAdapter } from './rdap';
import type { RegistryAdapter } from './types';

export { AVAILABILITIES, type Availability, type RegistryAdapter } from './types';

/** The registry in use: RDAP when DOMAIN_RDAP_URL names a server, else the embedded tables. */
export function registryAdapter(db: Database): RegistryAdapter {
  const rdapUrl = env().DOMAIN_RDAP_URL;
  return rdapUrl
    ? createRdapAdapter(rdapUrl, { reservedLabels: (labels) => findReservedLabels(db, labels) })
    : createEmbeddedAdapter(db);
}
