import 'server-only';
import { isDeepStrictEqual } from 'node:util';
import { and, asc, desc, eq, getTableColumns, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { OperatorNotice } from '@/lib/admin/notices';
import type { ResourceDeclaration, ResourceQuery } from '@/lib/admin/resource';
import type { AppEnv } from '../../api/context';
import {
  ApiError,
  BusinessCode,
  type FieldErrors,
  invalidInput,
  isForeignKeyViolation,
  isUniqueViolation,
  notFound,
} from '../../api/errors';
import type { ApiRouter } from '../../api/route';
import { announceChange, seenHereAtOnce } from '../../changes/bus';
import type { Database, Reader, Tx } from '../../db/client';
import * as schema from '../../db/schema';
import { recordAudit } from '../audit';
import { cappedTotal } from '../list-total';
import type { SignedInStaff } from '../sessions';
import { KEYSET_COUNT_CAP, keysetKeys } from './keyset';

/** A row as the API answers it and the audit log keeps it: plain JSON (times as ISO text). */
export type Snapshot = Record<string, unknown>;
type Input = Record<string, unknown>;

/** Rows come out of jsonb and drizzle alike: plain JSON, so a snapshot compares and is audited the same. */
export const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * What a resource's table is and what it does that others do not: its rules in hooks, never in a copy of the
 * generic path (docs/engineering.md#back-office).
 */
export type Binding = {
  /** What `sort` values order by, where not the table's column of the same name. */
  sorts?: Record<string, AnyPgColumn | SQL>;
  /**
   * What `q` searches besides the key, where not the columns of the form's text fields: columns, `{en, zh, ja}`
   * columns searched in every language, and `also` a condition of its own for the `like` pattern (texts kept in
   * another table); or the whole condition for what is typed, where a search anywhere in the text would read every
   * row (a customer's id, or the beginning of an address an index serves).
   */
  search?:
    | { text?: (AnyPgColumn | SQL)[]; localized?: AnyPgColumn[]; also?: (pattern: string) => SQL }
    | ((q: string) => SQL | undefined);
  /** The rows a viewer may see at all (their own audit entries); every row by default. */
  scope?: (viewer: SignedInStaff) => SQL | undefined;
  /** Each filter's condition for a value (undefined: no condition). */
  filters?: Record<string, (value: string) => SQL | undefined>;
  /**
   * The rows as the API answers them (extras added: a plan's regions; what the viewer may read of a customer's
   * address); the table's own columns by default.
   */
  read?: (db: Reader, where: SQL | undefined, viewer?: SignedInStaff) => Promise<Snapshot[]>;
  /** One row as its own page reads it (the declaration's `detailRow`): what hangs off it, for this viewer. */
  readOne?: (db: Reader, id: string | number, viewer: SignedInStaff) => Promise<Snapshot | undefined>;
  /**
   * A list that is not its table's rows searched and filtered (orders joined to their customers, resolving a
   * customer named in a filter first): answers the page as the generic list would.
   */
  list?: (db: Database, query: ResourceQuery, viewer: SignedInStaff) => Promise<ListPage>;
  /**
   * What the list's readers must know about the site now, answered with every page and said above the rows (the
   * deliveries: mail not being sent at all).
   */
  notices?: (db: Reader, viewer: SignedInStaff) => Promise<OperatorNotice[]>;
  /** What each declared action does: inside its own transaction, audited by itself; answers the row after it. */
  actions?: Record<string, (context: ActionContext) => Promise<Snapshot | null>>;
  /** The table's values for an input; the input's own fields by default. */
  values?: (input: Input, before: Snapshot | undefined) => Record<string, unknown>;
  /**
   * Makes the row, when that is more than inserting its values, and answers its key (a person invited: their row,
   * or a removed person's back, and the setup link mailed through the outbox).
   */
  create?: (tx: Tx, input: Input, by: SignedInStaff) => Promise<string | number>;
  /**
   * Locks the row for a change with whatever must hold still while it changes (every owner, so two owners acting
   * on each other cannot leave none); the row alone by default.
   */
  lock?: (tx: Tx, key: string | number) => Promise<void>;
  /**
   * After the row is written: what hangs off it (a plan's regions, a template's rules, a rate's history row), with
   * who wrote it (none for an undo, which the audit log records as its own), and what follows from the change
   * (`before` the row as it was, none for a new one: a person whose role changed is signed out).
   */
  afterWrite?: (tx: Tx, key: string | number, input: Input, by?: SignedInStaff, before?: Snapshot) => Promise<void>;
  /**
   * What deleting does, when the row is kept (a person removed: every way in taken away, the row left for the audit
   * log to name them); the row is deleted by default. Runs after `inUse`, with the row locked.
   */
  delete?: (tx: Tx, key: string | number, row: Snapshot) => Promise<void>;
  /** After the row is deleted (by a delete or an undo): what is kept of it elsewhere (a search index). */
  afterDelete?: (tx: Tx, key: string | number) => Promise<void>;
  /**
   * A key that may change (an article's address): moves the row from `from` to `to` inside the write's
   * transaction, with whatever must follow it (a redirect from the old address). Without it a key is fixed.
   */
  rekey?: (tx: Tx, from: string | number, to: string | number) => Promise<void>;
  /** Where the row a key named is now, when keys change (an old address that redirects); the key itself if none. */
  follow?: (db: Reader, key: string | number) => Promise<string | number | undefined>;
  /** Checks against other tables; field errors or none. May throw an ApiError of its own. */
  check?: (tx: Tx, input: Input, before: Snapshot | undefined) => Promise<FieldErrors>;
  /** What still refers to a row, as the message key of the refusal; undefined when it may be deleted. */
  inUse?: (tx: Tx, key: string | number, row: Snapshot) => Promise<string | undefined>;
  /** Puts a snapshot back (an undo); by default its table columns are written back, the row made again if gone. */
  restore?: (tx: Tx, state: Snapshot, version: number, exists: boolean) => Promise<void>;
  /** Routes only this resource has (a preview, a schedule, an action), declared with the same route helper. */
  routes?: (router: ApiRouter, resource: BoundResource) => void;
};

export type BoundResource = ReturnType<typeof bindResource>;

/** What an action gets: the row's key, its input, who acts, and the request (for the client's address). */
export type ActionContext = {
  db: Database;
  by: SignedInStaff;
  id: string | number;
  input: Record<string, unknown>;
  c: Context<AppEnv>;
};

/** A page of a list: numbered (`page`, `rows`) or after a cursor (`next`). */
export type ListPage = {
  items: Snapshot[];
  total: number;
  capped: boolean;
  notices?: OperatorNotice[];
} & ({ page: number; rows: number } | { next: string | null });

/** A write's transaction, after whose commit this process drops its read caches (seenHereAtOnce). */
const change = <T>(db: Database, work: (tx: Tx) => Promise<T>) => seenHereAtOnce(db.transaction(work));

/** A key as the table keeps it: a number from the path for identity keys. */
const keyOf = (declaration: ResourceDeclaration, raw: string | number) =>
  declaration.key.type === 'number' ? Number(raw) : String(raw);

function missingColumn(resource: string, name: string): never {
  throw new Error(`${resource}: no ${name} in src/server/db/schema`);
}

/** `like` text matching anywhere, with the pattern's own wildcards taken literally. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A declaration bound to its table: the list, the reads, and every write as one transaction in which the row is
 * locked and its version compared (409 with the row as it is now), the rules of the resource checked, the write
 * made, its audit row written and the change announced to every instance (this one drops its read caches as soon
 * as the write is committed). Undo from the audit log goes through the same path (src/server/admin/revert.ts).
 */
export function bindResource<D extends ResourceDeclaration>(declaration: D, binding: Binding = {}) {
  const table: PgTable =
    (schema as unknown as Record<string, PgTable | undefined>)[declaration.table] ??
    missingColumn(declaration.name, `table ${declaration.table}`);
  const columns = getTableColumns(table);
  const keyField = declaration.key.field;
  const key: AnyPgColumn = columns[keyField] ?? missingColumn(declaration.name, `key column ${keyField}`);
  const column = (name: string) => columns[name];
  const sorts: Record<string, AnyPgColumn | SQL | undefined> = {
    ...Object.fromEntries(declaration.list.sorts.map((name) => [name, column(name)])),
    ...binding.sorts,
  };
  // By default `q` searches the columns of the form's text fields, every language of its three-language ones.
  const search = binding.search ?? {
    text: declaration.fields.flatMap((f) =>
      ['text', 'code', 'link', 'email'].includes(f.kind) && column(f.name) ? [column(f.name) as AnyPgColumn] : [],
    ),
    localized: declaration.fields.flatMap((f) =>
      f.kind === 'localized' && column(f.name) ? [column(f.name) as AnyPgColumn] : [],
    ),
  };
  const dateColumns = new Set(
    Object.entries(columns)
      .filter(([, column]) => column.dataType === 'date')
      .map(([name]) => name),
  );

  /** A snapshot's or an input's fields as the table's values (ISO times as dates, unknown fields dropped). */
  const tableValues = (fields: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(fields)
        .filter(([name]) => name in columns)
        .map(([name, value]) => [name, dateColumns.has(name) && typeof value === 'string' ? new Date(value) : value]),
    );

  const read =
    binding.read ??
    (async (db: Reader, where: SQL | undefined) => plain(await db.select().from(table).where(where)) as Snapshot[]);

  async function find(db: Reader, id: string | number, viewer?: SignedInStaff): Promise<Snapshot | undefined> {
    const own = eq(key, keyOf(declaration, id));
    return (await read(db, viewer && binding.scope ? and(own, binding.scope(viewer)) : own, viewer))[0];
  }

  /**
   * What `q` finds: its own condition, or the typed text anywhere in a text key and the searched columns. A number
   * key is found whole (`42`, not every id holding "42"): a cast and a pattern on every row of a long table cost a
   * list search more than the indexes of its columns save.
   */
  function searched(q: string): SQL | undefined {
    if (!q || !declaration.list.search) return undefined;
    if (typeof search === 'function') return search(q);
    const like = containing(q);
    const byKey =
      declaration.key.type === 'number'
        ? /^\d{1,9}$/.test(q.trim())
          ? eq(key, Number(q.trim()))
          : undefined
        : ilike(key as AnyPgColumn, like);
    return or(
      byKey,
      ...(search.text ?? []).map((column) => ilike(column, like)),
      ...(search.localized ?? []).flatMap((column) =>
        ['en', 'zh', 'ja'].map((l) => ilike(sql`${column}->>${l}`, like)),
      ),
      search.also?.(like),
    );
  }

  /** The list's search and filters as one condition, within what the viewer may see. */
  function listWhere(query: ResourceQuery, viewer: SignedInStaff): SQL | undefined {
    const filters = declaration.list.filters ?? [];
    return and(
      binding.scope?.(viewer),
      searched(query.q),
      ...filters.map((filter) => {
        const value = String(query[filter.name] ?? '');
        const own = binding.filters?.[filter.name];
        if (own) return own(value);
        if (value === '') return undefined;
        // A time filter bounds the column it is named after (`createdAtFrom`, `createdAtTo`): from inclusive, to not.
        const bounded = column(filter.name.replace(/(From|To)$/, ''));
        if (filter.kind === 'from' && bounded) return gte(bounded, new Date(value));
        if (filter.kind === 'to' && bounded) return lt(bounded, new Date(value));
        // A reference filter names a row of another list, kept in the column of its name.
        const named = column(filter.name);
        if (filter.kind === 'reference' && named) return eq(named, value);
        return undefined;
      }),
    );
  }

  /** A numbered page: the rows at an offset, counted up to the cap. */
  async function numberedPage(db: Database, query: ResourceQuery, viewer: SignedInStaff): Promise<ListPage> {
    const where = listWhere(query, viewer);
    const order = query.dir === 'asc' ? asc : desc;
    const page = Number(query.page ?? 1);
    const [counted, keys] = await Promise.all([
      cappedTotal(db, table, where),
      db
        .select({ key })
        .from(table)
        .where(where)
        .orderBy(order(sorts[query.sort] ?? key), order(key))
        .limit(query.rows)
        .offset((page - 1) * query.rows),
    ]);
    return {
      ...counted,
      page,
      rows: query.rows,
      items: await inOrder(
        db,
        keys.map((k) => k.key as string | number),
        viewer,
      ),
    };
  }

  /** The keys of a keyset page of the list's query: the rows after its cursor in (sort, key) order. */
  const keysetOf = (db: Reader, query: ResourceQuery, where: SQL | undefined, rows: number, cursor: string) =>
    keysetKeys(db, { table, key, sort: sorts[query.sort] ?? key, where, cursor, dir: query.dir, rows });

  /** A keyset page: the rows after the cursor, with the matches counted up to the cap. */
  async function keysetPage(db: Database, query: ResourceQuery, viewer: SignedInStaff): Promise<ListPage> {
    const where = listWhere(query, viewer);
    const [counted, { keys, next }] = await Promise.all([
      cappedTotal(db, table, where, KEYSET_COUNT_CAP),
      keysetOf(db, query, where, query.rows, String(query.cursor ?? '')),
    ]);
    return { ...counted, next, items: await inOrder(db, keys, viewer) };
  }

  /** The rows of these keys as the API answers them, in the keys' order. */
  async function inOrder(db: Reader, ids: (string | number)[], viewer: SignedInStaff): Promise<Snapshot[]> {
    const rows: Snapshot[] = ids.length > 0 ? await read(db, inArray(key, ids), viewer) : [];
    const byKey = new Map(rows.map((r) => [String(r[keyField]), r]));
    return ids.flatMap((id) => {
      const row = byKey.get(String(id));
      return row ? [row] : [];
    });
  }

  /** Locks the row for a change and answers it; 404 when it is gone, 409 with it as it is now over another version. */
  async function lock(tx: Tx, id: string | number, expected: number | undefined): Promise<Snapshot> {
    if (binding.lock) await binding.lock(tx, keyOf(declaration, id));
    else
      await tx
        .select({ one: sql`1` })
        .from(table)
        .where(eq(key, keyOf(declaration, id)))
        .for('update');
    const current = await find(tx, id);
    if (!current) throw notFound('api.admin.notFound');
    if (expected !== undefined && current.version !== expected) {
      throw new ApiError(BusinessCode.conflict, 'api.admin.staleVersion', { extra: { current } });
    }
    return current;
  }

  /** A field chosen when the row was made that a change would move (a coupon into the welcome bundle). */
  const fixedMoved = (input: Input, before: Snapshot | undefined): FieldErrors =>
    Object.fromEntries(
      declaration.fields
        .filter(
          (f) => f.fixed && before && input[f.name] !== undefined && !isDeepStrictEqual(input[f.name], before[f.name]),
        )
        .map((f) => [f.name, 'api.admin.fixedField']),
    );

  async function checked(tx: Tx, input: Input, before: Snapshot | undefined) {
    const fields = { ...fixedMoved(input, before), ...((await binding.check?.(tx, input, before)) ?? {}) };
    if (Object.keys(fields).length > 0) throw invalidInput(fields);
  }

  const audited = (
    tx: Tx,
    by: SignedInStaff,
    id: string | number,
    action: 'create' | 'update' | 'delete',
    before: Snapshot | null,
    after: Snapshot | null,
  ) =>
    recordAudit(tx, { staffId: by.id, kind: declaration.audit, entityId: id, action, before, after }).then(() =>
      announceChange(tx, declaration.changes),
    );

  /**
   * A write in a savepoint: PostgreSQL's refusal of a value another row holds (the database's answer to a race two
   * checks would both have passed) becomes a refusal at the field that repeats it.
   */
  async function unique<T>(tx: Tx, write: (inner: Tx) => Promise<T>): Promise<T> {
    try {
      return await tx.transaction(write);
    } catch (error) {
      if (isUniqueViolation(error)) throw invalidInput({ [declaration.duplicate ?? keyField]: 'api.admin.duplicate' });
      throw error;
    }
  }

  /**
   * Deletes a row nothing refers to: what the resource knows refers to it refuses with its own reason (409), a
   * foreign key it does not know about with `api.admin.inUse`.
   */
  async function deleted(tx: Tx, id: string | number, row: Snapshot): Promise<void> {
    const used = await binding.inUse?.(tx, keyOf(declaration, id), row);
    if (used) throw new ApiError(BusinessCode.conflict, used);
    if (binding.delete) return binding.delete(tx, keyOf(declaration, id), row);
    try {
      await tx.transaction((inner) => inner.delete(table).where(eq(key, keyOf(declaration, id))));
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new ApiError(BusinessCode.conflict, 'api.admin.inUse');
      throw error;
    }
    await binding.afterDelete?.(tx, keyOf(declaration, id));
  }

  const valuesOf = (input: Input, before: Snapshot | undefined) =>
    tableValues(binding.values ? binding.values(input, before) : input);

  return {
    declaration,
    binding,
    table,
    keyColumn: key,
    find,
    lock,

    /**
     * A page of rows, searched, filtered and ordered as the list asks (counting stops at a cap), with what its
     * readers must know now where the resource says anything.
     */
    async list(db: Database, query: ResourceQuery, viewer: SignedInStaff): Promise<ListPage> {
      const [page, notices] = await Promise.all([
        binding.list
          ? binding.list(db, query, viewer)
          : declaration.list.paging === 'keyset'
            ? keysetPage(db, query, viewer)
            : numberedPage(db, query, viewer),
        binding.notices?.(db, viewer),
      ]);
      return notices ? { ...page, notices } : page;
    },

    /**
     * Every row the list's query matches, `size` at a time in the list's order (an export): keyset pages of the
     * table's own rows, uncounted, so each batch is an index range and the whole never sits in memory.
     */
    async *batches(db: Database, query: ResourceQuery, viewer: SignedInStaff, size: number) {
      const where = listWhere(query, viewer);
      for (let cursor = ''; ; ) {
        const { keys, next } = await keysetOf(db, query, where, size, cursor);
        yield await inOrder(db, keys, viewer);
        if (!next) return;
        cursor = next;
      }
    },

    async get(db: Database, id: string | number, viewer: SignedInStaff): Promise<Snapshot> {
      const found = binding.readOne ? await binding.readOne(db, id, viewer) : await find(db, id, viewer);
      if (!found) throw notFound('api.admin.notFound');
      return found;
    },

    async create(db: Database, by: SignedInStaff, input: Input): Promise<Snapshot> {
      return change(db, async (tx) => {
        await checked(tx, input, undefined);
        // A key (or another unique value) taken meanwhile by someone else's save is refused by the insert itself.
        const id = await unique(tx, async (inner) =>
          binding.create
            ? binding.create(inner, input, by)
            : ((await inner.insert(table).values(valuesOf(input, undefined)).returning({ key }))[0]?.key as
                | string
                | number),
        );
        await binding.afterWrite?.(tx, id, input, by);
        const after = (await find(tx, id)) ?? null;
        if (!after) throw new Error(`${declaration.name} ${id} vanished after insert`);
        await audited(tx, by, id, 'create', null, after);
        return after;
      });
    },

    async update(db: Database, by: SignedInStaff, id: string | number, input: Input & { version: number }) {
      const moved = declaration.key.type === 'string' && keyField in input && String(input[keyField]) !== String(id);
      // The key names the row everywhere (orders, the public API): it is chosen once, at creation, unless the
      // resource knows how to move a row (an article's address, which leaves a redirect behind).
      if (moved && !binding.rekey) throw invalidInput({ [keyField]: 'api.admin.keyFixed' });
      const at = keyOf(declaration, moved ? String(input[keyField]) : id);
      return change(db, async (tx) => {
        const before = await lock(tx, id, input.version);
        await checked(tx, input, before);
        const { version: _read, ...fields } = input;
        await unique(tx, async (inner) => {
          if (moved) await binding.rekey?.(inner, keyOf(declaration, id), at);
          await inner
            .update(table)
            .set({ ...valuesOf(fields, before), version: Number(before.version) + 1 })
            .where(eq(key, at));
        });
        await binding.afterWrite?.(tx, at, fields, by, before);
        const after = (await find(tx, at)) ?? null;
        await audited(tx, by, at, 'update', before, after);
        return after as Snapshot;
      });
    },

    async remove(db: Database, by: SignedInStaff, id: string | number, expected: number): Promise<void> {
      await change(db, async (tx) => {
        const before = await lock(tx, id, expected);
        await deleted(tx, id, before);
        await audited(tx, by, id, 'delete', before, null);
      });
    },

    /**
     * Puts the row back as `state` (null: deletes it), inside the undo's transaction, after the caller locked it
     * and checked it is still as the undone change left it. Answers the row as it is then.
     */
    async restore(tx: Tx, id: string | number, state: Snapshot | null, now: Snapshot | undefined) {
      let at = keyOf(declaration, id);
      if (state === null) {
        if (now) await deleted(tx, at, now);
      } else {
        // The rules hold for a row put back as for one saved: things moved on since (a sale now sells the plan).
        await checked(tx, state, now);
        // Versions only go up, also for a row made again after its deletion, so no later change can carry the
        // version an older audit entry produced and be undone in its name.
        const version = Math.max(Number(now?.version ?? 0), Number(state.version ?? 0)) + 1;
        const wanted = keyOf(declaration, String(state[keyField] ?? id));
        if (String(wanted) !== String(at)) {
          // The row was moved by the change undone: it goes back to the key it had.
          if (now) {
            const rekey = binding.rekey;
            if (!rekey) throw new ApiError(BusinessCode.conflict, 'api.admin.notRevertible');
            await unique(tx, (inner) => rekey(inner, at, wanted));
          }
          at = wanted;
        }
        if (binding.restore) await binding.restore(tx, state, version, now !== undefined);
        else if (now) {
          const { [keyField]: _key, ...fields } = state;
          await tx
            .update(table)
            .set({ ...tableValues(fields), version })
            .where(eq(key, at));
        } else {
          await tx
            .insert(table)
            .overridingSystemValue()
            .values({ ...tableValues(state), version });
        }
        await binding.afterWrite?.(tx, at, state, undefined, now);
      }
      await announceChange(tx, declaration.changes);
      return (await find(tx, at)) ?? null;
    },
  };
}

export type ResourceRow<D extends ResourceDeclaration> = z.output<D['row']>;
