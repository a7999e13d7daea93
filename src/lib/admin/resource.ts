import { z } from 'zod';
import type { ChangeKind } from '../change-kinds';
import { wholeNumber } from '../validation/numbers';
import { operatorNotice } from './notices';
import type { Permission } from './permissions';

/**
 * An editable thing of the back office, declared once (docs/engineering.md#back-office): the schema its form and
 * its API both validate with, what its list shows and how it sorts and filters, the fields of its form, who may
 * read, write and delete it, and whether its changes are versioned and can be undone from the audit log. The
 * server binds a declaration to its table (src/server/admin/resource/) and gets the routes, their OpenAPI
 * description, the locked, versioned, audited and announced writes and the undo from it; the screens get the list,
 * the form and the navigation entry (src/components/admin/resource/). Declarations hold no server code, so the
 * screens import them as they are.
 */

/** One field of a resource's form. */
export type Field = {
  name: string;
  /** Shown only while this holds for what is typed (a percentage only on a percent coupon). */
  when?: (values: Record<string, unknown>) => boolean;
  /**
   * Chosen when the row is made, shown but not changed after (a key that orders refer to); the server refuses a
   * change to it at the field.
   */
  fixed?: boolean;
  /** A line under the field, from `fields.<name>Hint`. */
  hint?: boolean;
  /**
   * Values a change of a saved row is asked about before it is saved (disabling a person signs them out at once):
   * `confirm.<name>.<value>.{title,text,label}`.
   */
  confirm?: readonly string[];
} & (
  | { kind: 'text' | 'code' | 'link' | 'email' | 'integer' | 'datetime' | 'date' | 'checkbox' | 'textarea' }
  /** Typed in the currency's units, kept and sent in its minor units (cents). */
  | { kind: 'money' }
  /** A decimal number typed as text (`10`, `8.5`), sent as a string the schema checks. */
  | { kind: 'decimal' }
  /** An ISO 3166-1 country, chosen by its name in the reader's language. */
  | { kind: 'country' }
  /** `{en, zh, ja}`: one field, three inputs, English required (`every`: all three, each read by its visitors). */
  | { kind: 'localized'; multiline?: boolean; every?: true }
  /** `{en: string[], …}`, typed one item a line. */
  | { kind: 'localizedLines' }
  /** One of fixed values; their labels are `options.<name>.<value>`. */
  | { kind: 'select'; options: readonly string[] }
  /**
   * One (or, `multiple`, several) of the rows another list offers (`GET /api/admin/choices`). `narrowedBy`: only
   * those the row chosen in another field lists under this field's source (a plan's regions).
   */
  | {
      kind: 'reference';
      source: ChoiceSource;
      optional?: boolean;
      multiple?: boolean;
      narrowedBy?: { field: string; source: ChoiceSource };
    }
  /** Shown, never sent (a number another screen sets). */
  | { kind: 'readonly'; format: 'cents' | 'microUsd' | 'percent' | 'boolean' | 'text' | 'option' }
  /** A part of the form only this resource has, drawn by the component registered under this name. */
  | { kind: 'custom'; component: string }
);

/** The lists a reference field chooses from (`GET /api/admin/choices/:source`). */
export const CHOICE_SOURCES = [
  'regions',
  'productLines',
  'plans',
  'images',
  'disks',
  'bandwidth',
  'jobDepartments',
  'jobLocations',
  'couponProducts',
  'sales',
] as const;
export type ChoiceSource = (typeof CHOICE_SOURCES)[number];

/** One column of a resource's list. */
export type Column = {
  name: string;
  format?:
    | 'text'
    | 'localized'
    | 'money'
    | 'number'
    | 'percent'
    | 'datetime'
    | 'date'
    | 'boolean'
    | 'code'
    | 'option'
    | 'country'
    /** An address, a link that opens the reader's mail program. */
    | 'email'
    /** A site language (`ja`) by its own name (日本語). */
    | 'language';
  /** The list's `sort` value that orders by this column, when it can. */
  sort?: string;
  /** A `money` column's currency: the row's field that names it (amounts in its minor unit); USD cents without. */
  currency?: string;
  /** The screen the cell opens, from its row (an order's customer); none when it gives none. */
  link?: (row: Record<string, unknown>) => string | undefined;
  /** What the cell shows, when not the row's field of the column's name (a title kept among a row's texts). */
  value?: (row: Record<string, unknown>) => unknown;
  /** More of the row under the value, each on a line of its own in its own format (a customer's address). */
  below?: readonly Column[];
};

/**
 * A filter over a resource's list, kept in the address as `?<name>=<value>`: one of fixed values (the first is
 * the default), free text, a time from which or before which rows were made, or one of the rows another list
 * offers (a plan, `GET /api/admin/choices/:source`; none chosen by default). A `to` must come after the `from` of
 * the same name (`from`/`to`, `createdAtFrom`/`createdAtTo`).
 */
export type Filter =
  | { name: string; kind?: 'options'; options: readonly [string, ...string[]] }
  | { name: string; kind: 'text' | 'from' | 'to'; options?: never }
  | { name: string; kind: 'reference'; source: ChoiceSource; options?: never };

/**
 * Something done to one row besides saving its form (approve a review, cancel an order, retry a mail): its own
 * route `POST /api/admin/<resource>/:id/<name>` with its own permission, audited by what it does. With `input` a
 * dialog asks for its fields first; without, a confirmation.
 */
export type Action = {
  name: string;
  permission: Permission;
  input?: z.ZodObject;
  /** The dialog's fields, laid out as a form's (`actions.<name>.fields.<field>` for their labels). */
  fields?: readonly Field[];
  tone?: 'danger' | 'primary';
  /**
   * Taken on the row as it was read: the screen sends its `version` with the action (the binding compares it, and
   * answers 409 with the row as it is now when someone changed it meanwhile).
   */
  versioned?: true;
  /** Offered only for the rows where this holds (a pending review). */
  when?: (row: Record<string, unknown>) => boolean;
};

export type ResourceDeclaration<
  Input extends z.ZodObject = z.ZodObject,
  Row extends z.ZodObject = z.ZodObject,
  Sort extends readonly [string, ...string[]] = readonly [string, ...string[]],
> = {
  /** The API path under /api/admin and the messages' name: `footer-links`. */
  name: string;
  /** The screen's address under /admin (`/footer-links`, `/promotions/coupons`). */
  path: string;
  /** Where the navigation lists it; none for a screen reached from another (a sale's items). */
  nav?: { section: 'content' | 'commerce' | 'support' | 'administration'; after?: string };
  /** The kind its audit entries are written under. */
  audit: string;
  /** Its table: the name of the table's export in src/server/db/schema. */
  table: string;
  /** What its changes tell every instance to drop. */
  changes: readonly ChangeKind[];
  /** The key field and its type: numbers made by the database, or codes chosen at creation. */
  key: { field: string; type: 'number' | 'string' };
  /** What a create sends; an update sends the same with `version`. */
  input: Input;
  /** A row as the API answers it. */
  row: Row;
  /**
   * A row as its own page reads it (`GET /api/admin/<name>/:id`), when that page shows more than the row's line in
   * the list (an order's lines, history and mails); `row` by default.
   */
  detailRow?: z.ZodObject;
  access: {
    read: Permission;
    /** False: nothing is created or changed through a form (an inbox, a log, orders). */
    write: Permission | false;
    /** False: rows come from elsewhere (customers' reviews), though a form may change them. */
    create?: false;
    /** False: rows are made and deleted, never changed (a reserved domain name is only its text). */
    update?: false;
    /** False: rows are withdrawn, never deleted. */
    delete: Permission | false;
  };
  /** What is done to a row besides saving its form. */
  actions?: readonly Action[];
  /** A row opens in a dialog over the list, or on a page of its own (`/admin<path>/<key>`). */
  detail?: 'dialog' | 'page';
  /**
   * Undone from the audit log; or every change but its creation (an article's address may be linked to once it
   * exists); or never, and why (a message key under `admin.resource.undo`).
   */
  undo: true | { creation: false } | { refused: string };
  list: {
    sorts: Sort;
    /** The order a list opens in. */
    order: { sort: Sort[number]; dir: 'asc' | 'desc' };
    /** Whether `q` searches it, and a hint of what it matches (`search.<name>`). */
    search?: boolean;
    filters?: readonly Filter[];
    /**
     * `pages` (numbered, the default) for lists that stay small; `keyset` for those that grow without end (orders,
     * outboxes): a page is the rows after a cursor, an index range however deep (docs/decisions/044-keyset-lists.md).
     */
    paging?: 'pages' | 'keyset';
    /** Whether the rows the list's query matches download as CSV (`GET /api/admin/<name>/export`, its binding's). */
    export?: boolean;
  };
  columns: readonly Column[];
  fields: readonly Field[];
  /** The form's values for a new row. */
  blank: () => z.input<Input>;
  /** The field that names a row in headings, confirmations and the audit log. */
  title: string;
  /** Where a row that would repeat a unique one is refused (its key by default). */
  duplicate?: string;
};

/** Typed text a list is searched or filtered by: up to a whole e-mail address (254 characters). */
const typed = z.string().trim().max(254, { error: 'api.field.tooLong' }).default('');

/** The value a filter takes from the address bar or the query string. */
function filterSchema(filter: Filter) {
  if (filter.kind === 'text') return typed;
  if (filter.kind === 'reference') return codeText;
  if (filter.kind === 'from' || filter.kind === 'to') {
    return z.union([z.literal(''), z.iso.datetime({ offset: true, error: 'api.field.invalid' })]).default('');
  }
  const options = filter.options ?? [''];
  return z.enum(options, { error: 'api.field.invalid' }).default(options[0]);
}

/** A key another list offers (`std-2c4g`, `tokyo`), or none. */
const codeText = z
  .string()
  .trim()
  .regex(/^[\w.-]{0,80}$/, { error: 'api.field.invalid' })
  .default('');

/** Where the previous page of a keyset list ended: opaque to the client, which sends back what it was given. */
const cursor = z
  .string()
  .trim()
  .max(200, { error: 'api.field.invalid' })
  .regex(/^[\w-]*$/, { error: 'api.field.invalid' })
  .default('');

/** A list's query: its page (or cursor), order, search and filters, from the address bar or the query string. */
export function resourceQuery<R extends ResourceDeclaration>(resource: R) {
  const { sorts, order, filters = [], paging = 'pages' } = resource.list;
  const query = z.object({
    ...(paging === 'keyset' ? { cursor } : { page: wholeNumber({ min: 1, max: 100_000 }).default(1) }),
    rows: wholeNumber({ min: 1, max: 100 }).default(20),
    sort: z.enum(sorts, { error: 'api.field.invalid' }).default(order.sort),
    dir: z.enum(['asc', 'desc'], { error: 'api.field.invalid' }).default(order.dir),
    q: typed,
    ...Object.fromEntries(filters.map((f) => [f.name, filterSchema(f)])),
  });
  const ranges = timeRanges(filters);
  if (ranges.length === 0) return query;
  // A range that ends before it starts matches nothing: said at its end, rather than answered with an empty list.
  return query.superRefine((value, ctx) => {
    const at = value as Record<string, unknown>;
    for (const [from, to] of ranges) {
      if (at[from] && at[to] && Date.parse(String(at[from])) >= Date.parse(String(at[to]))) {
        ctx.addIssue({ code: 'custom', path: [to], message: 'api.admin.rangeBackwards' });
      }
    }
  });
}

/** The `from` and `to` filters over the same time, as [from, to] name pairs. */
function timeRanges(filters: readonly Filter[]): [string, string][] {
  const base = (name: string) => name.replace(/(From|To|from|to)$/, '');
  return filters.flatMap((to) => {
    const from =
      to.kind === 'to' ? filters.find((f) => f.kind === 'from' && base(f.name) === base(to.name)) : undefined;
    return from ? [[from.name, to.name] as [string, string]] : [];
  });
}
export type ResourceQuery = {
  page?: number;
  cursor?: string;
  rows: number;
  sort: string;
  dir: 'asc' | 'desc';
  q: string;
} & Record<string, string | number>;

/** Text in three languages as rows keep it. */
export const localizedRow = z.object({ en: z.string(), zh: z.string().optional(), ja: z.string().optional() });
/** Lists of lines in three languages as rows keep them. */
export const localizedLinesRow = z.object({
  en: z.array(z.string()),
  zh: z.array(z.string()).optional(),
  ja: z.array(z.string()).optional(),
});
/** What every versioned row answers besides its own fields. */
export const versioned = { version: z.number().int() };

/** What the list's readers must know about the site now, said above its rows (mail not being sent). */
const listNotices = z.array(operatorNotice).optional();

/** A page of a list: `capped` when there are more than `total` matches (counting stops at a cap). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    total: z.number().int(),
    capped: z.boolean(),
    page: z.number().int(),
    rows: z.number().int(),
    items: z.array(item),
    notices: listNotices,
  });

/** A page of a keyset list: the rows after a cursor, the cursor of the next page (null on the last). */
export const cursorPageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    total: z.number().int(),
    capped: z.boolean(),
    next: z.string().nullable(),
    items: z.array(item),
    notices: listNotices,
  });

/** Declares a resource; the identity that keeps its literal types for the server and the screens. */
export function defineResource<
  Input extends z.ZodObject,
  Row extends z.ZodObject,
  const Sort extends readonly [string, ...string[]],
>(declaration: ResourceDeclaration<Input, Row, Sort>): ResourceDeclaration<Input, Row, Sort> {
  return declaration;
}
