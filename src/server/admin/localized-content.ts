import 'server-only';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { footerLinkInput, historyInput, jobInput } from '@/lib/admin/schemas';
import { ApiError, BusinessCode, notFound } from '../api/errors';
import { announceChange, type ChangeKind } from '../changes/bus';
import type { Database } from '../db/client';
import { companyHistory, footerLinks, jobDepartments, jobLocations, jobs } from '../db/schema';
import { recordAudit } from './audit';
import type { SignedInStaff } from './sessions';

/**
 * The small content tables that hold their text as `{en, zh, ja}` JSON: jobs, company history, footer links. Each
 * save is one transaction: the row locked, its version compared (409 with the row as it is now), the write, the
 * audit row and the change announced to every instance.
 */
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Reader = Pick<Database, 'select'>;
type Snapshot = Record<string, unknown> & { id: number; version: number };

type Kind<Input> = {
  audit: 'job' | 'history' | 'footer';
  change: ChangeKind;
  /** The table's name, for the row lock. */
  table: string;
  list: (db: Reader) => Promise<Snapshot[]>;
  get: (db: Reader, id: number) => Promise<Snapshot | undefined>;
  insert: (tx: Tx, input: Input) => Promise<number>;
  update: (tx: Tx, id: number, input: Input, version: number) => Promise<void>;
  remove: (tx: Tx, id: number) => Promise<void>;
  /** Writes a snapshot back under its id (a revert), creating the row when it was deleted since. */
  restore: (tx: Tx, state: Snapshot, version: number) => Promise<void>;
  /** Checks against other tables (a job's department exists); field errors or none. */
  check?: (tx: Tx, input: Input) => Promise<Record<string, string>>;
};

const jobKind: Kind<z.output<typeof jobInput>> = {
  audit: 'job',
  change: 'jobs',
  table: 'jobs',
  list: (db) => db.select().from(jobs).orderBy(desc(jobs.postedAt), desc(jobs.id)) as Promise<Snapshot[]>,
  get: async (db, id) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0] as Snapshot | undefined,
  insert: async (tx, input) => {
    const [row] = await tx
      .insert(jobs)
      .values({ ...input, postedAt: new Date(input.postedAt) })
      .returning({ id: jobs.id });
    return row?.id ?? 0;
  },
  update: async (tx, id, input, version) => {
    await tx
      .update(jobs)
      .set({ ...input, postedAt: new Date(input.postedAt), version })
      .where(eq(jobs.id, id));
  },
  remove: async (tx, id) => {
    await tx.delete(jobs).where(eq(jobs.id, id));
  },
  restore: async (tx, state, version) => {
    const values = {
      ...(state as unknown as typeof jobs.$inferSelect),
      postedAt: new Date(String(state.postedAt)),
      version,
    };
    await tx.execute(sql`delete from jobs where id = ${state.id}`);
    await tx.insert(jobs).overridingSystemValue().values(values);
  },
  check: async (tx, input) => {
    const [department] = await tx.select().from(jobDepartments).where(eq(jobDepartments.code, input.department));
    const [location] = await tx.select().from(jobLocations).where(eq(jobLocations.code, input.location));
    return {
      ...(department ? {} : { department: 'api.field.invalid' }),
      ...(location ? {} : { location: 'api.field.invalid' }),
    };
  },
};

const historyKind: Kind<z.output<typeof historyInput>> = {
  audit: 'history',
  change: 'history',
  table: 'company_history',
  list: (db) =>
    db.select().from(companyHistory).orderBy(desc(companyHistory.year), desc(companyHistory.month)) as Promise<
      Snapshot[]
    >,
  get: async (db, id) =>
    (await db.select().from(companyHistory).where(eq(companyHistory.id, id)))[0] as Snapshot | undefined,
  insert: async (tx, input) => {
    const [row] = await tx.insert(companyHistory).values(input).returning({ id: companyHistory.id });
    return row?.id ?? 0;
  },
  update: async (tx, id, input, version) => {
    await tx
      .update(companyHistory)
      .set({ ...input, version })
      .where(eq(companyHistory.id, id));
  },
  remove: async (tx, id) => {
    await tx.delete(companyHistory).where(eq(companyHistory.id, id));
  },
  restore: async (tx, state, version) => {
    await tx.execute(sql`delete from company_history where id = ${state.id}`);
    await tx
      .insert(companyHistory)
      .overridingSystemValue()
      .values({ ...(state as unknown as typeof companyHistory.$inferSelect), version });
  },
};

const footerKind: Kind<z.output<typeof footerLinkInput>> = {
  audit: 'footer',
  change: 'footer',
  table: 'footer_links',
  list: (db) =>
    db.select().from(footerLinks).orderBy(asc(footerLinks.sort), asc(footerLinks.id)) as Promise<Snapshot[]>,
  get: async (db, id) => (await db.select().from(footerLinks).where(eq(footerLinks.id, id)))[0] as Snapshot | undefined,
  insert: async (tx, input) => {
    const [row] = await tx
      .insert(footerLinks)
      .values({ ...input, active: input.active ? 1 : 0 })
      .returning({ id: footerLinks.id });
    return row?.id ?? 0;
  },
  update: async (tx, id, input, version) => {
    await tx
      .update(footerLinks)
      .set({ ...input, active: input.active ? 1 : 0, version })
      .where(eq(footerLinks.id, id));
  },
  remove: async (tx, id) => {
    await tx.delete(footerLinks).where(eq(footerLinks.id, id));
  },
  restore: async (tx, state, version) => {
    await tx.execute(sql`delete from footer_links where id = ${state.id}`);
    await tx
      .insert(footerLinks)
      .overridingSystemValue()
      .values({ ...(state as unknown as typeof footerLinks.$inferSelect), version });
  },
};

export const LOCALIZED_KINDS = { job: jobKind, history: historyKind, footer: footerKind } as const;
export type LocalizedKind = keyof typeof LOCALIZED_KINDS;

/** Rows come out of jsonb and drizzle alike: dates as ISO text, so a snapshot compares and restores the same. */
function view(row: Snapshot | undefined): Snapshot | null {
  return row ? (JSON.parse(JSON.stringify(row)) as Snapshot) : null;
}

async function lock(tx: Tx, kind: Kind<never>, id: number, version: number): Promise<Snapshot> {
  await tx.execute(sql`select 1 from ${sql.identifier(kind.table)} where id = ${id} for update`);
  const current = view(await kind.get(tx, id));
  if (!current) throw notFound('api.admin.notFound');
  if (current.version !== version) {
    throw new ApiError(BusinessCode.conflict, 'api.admin.staleVersion', { extra: { current } });
  }
  return current;
}

export async function listLocalized(db: Database, name: LocalizedKind) {
  return { items: (await LOCALIZED_KINDS[name].list(db)).map(view) };
}

export async function getLocalized(db: Database, name: LocalizedKind, id: number) {
  const found = view(await LOCALIZED_KINDS[name].get(db, id));
  if (!found) throw notFound('api.admin.notFound');
  return found;
}

async function checked<Input>(tx: Tx, kind: Kind<Input>, input: Input): Promise<void> {
  const fields = (await kind.check?.(tx, input)) ?? {};
  if (Object.keys(fields).length) throw new ApiError(BusinessCode.invalidInput, 'api.invalidInput', { fields });
}

export async function createLocalized<Input>(db: Database, by: SignedInStaff, kind: Kind<Input>, input: Input) {
  return db.transaction(async (tx) => {
    await checked(tx, kind, input);
    const id = await kind.insert(tx, input);
    const after = view(await kind.get(tx, id));
    await recordAudit(tx, { staffId: by.id, kind: kind.audit, entityId: id, action: 'create', before: null, after });
    await announceChange(tx, [kind.change]);
    return after;
  });
}

export async function updateLocalized<Input>(
  db: Database,
  by: SignedInStaff,
  kind: Kind<Input>,
  id: number,
  input: Input & { version: number },
) {
  return db.transaction(async (tx) => {
    const before = await lock(tx, kind as Kind<never>, id, input.version);
    await checked(tx, kind, input);
    await kind.update(tx, id, input, before.version + 1);
    const after = view(await kind.get(tx, id));
    await recordAudit(tx, { staffId: by.id, kind: kind.audit, entityId: id, action: 'update', before, after });
    await announceChange(tx, [kind.change]);
    return after;
  });
}

export async function deleteLocalized(
  db: Database,
  by: SignedInStaff,
  name: LocalizedKind,
  id: number,
  version: number,
) {
  const kind = LOCALIZED_KINDS[name] as Kind<never>;
  await db.transaction(async (tx) => {
    const before = await lock(tx, kind, id, version);
    await kind.remove(tx, id);
    await recordAudit(tx, { staffId: by.id, kind: kind.audit, entityId: id, action: 'delete', before, after: null });
    await announceChange(tx, [kind.change]);
  });
}

/** For the audit log's revert: the row as it is now (locked), and putting it back as an entry found it. */
export function localizedReverter(name: LocalizedKind) {
  const kind = LOCALIZED_KINDS[name] as Kind<never>;
  const lockRow = async (tx: Tx, id: number) => {
    await tx.execute(sql`select 1 from ${sql.identifier(kind.table)} where id = ${id} for update`);
    return view(await kind.get(tx, id));
  };
  return {
    lock: async (tx: Tx, id: string) => (await lockRow(tx, Number(id))) ?? undefined,
    restore: async (tx: Tx, id: string, state: Record<string, unknown> | null) => {
      const now = await lockRow(tx, Number(id));
      if (state === null) {
        if (now) await kind.remove(tx, Number(id));
      } else {
        // A row deleted since comes back at the version after the one it was deleted at: never a number an earlier
        // state of it had (an undo compares versions).
        const snapshot = state as Snapshot;
        await kind.restore(tx, snapshot, (now?.version ?? snapshot.version) + 1);
      }
      await announceChange(tx, [kind.change]);
      return view(await kind.get(tx, Number(id)));
    },
  };
}

/** The departments and locations a job can name, in the careers page's order, with their names in three languages. */
export async function listJobChoices(db: Database) {
  const [departments, locations] = await Promise.all([
    db.select().from(jobDepartments).orderBy(asc(jobDepartments.sort), asc(jobDepartments.code)),
    db.select().from(jobLocations).orderBy(asc(jobLocations.sort), asc(jobLocations.code)),
  ]);
  const choice = ({ code, name }: { code: string; name: Record<string, string> }) => ({ code, name });
  return { departments: departments.map(choice), locations: locations.map(choice) };
}
