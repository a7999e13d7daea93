import 'server-only';
import { z } from 'zod';
import { isSitePath, isWebAddress } from './lib/site-path';

/**
 * Every setting the site reads, parsed once at start-up (scripts/start.ts calls loadEnv() before
 * anything else, so a bad value stops the process with a readable message instead of failing later).
 * `.env.example` documents each variable. Only `publicConfig()` decides what reaches the browser.
 */
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .pipe(z.url().optional())
  .optional();

const fields = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** "test" selects the test RSA key pair for password transport (docs/decisions/008-accounts.md). */
  APP_ENV: z.enum(['production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Server processes sharing the port; unset is one per CPU core (src/server/http/workers.ts). */
  WEB_CONCURRENCY: z
    .string()
    .trim()
    .transform((v) => (v ? Number(v) : undefined))
    .pipe(z.number().int().min(1).max(32).optional())
    .optional(),
  /**
   * Seconds a stopping server gives the requests in flight to finish (SIGTERM or SIGINT to any of its processes);
   * what is still running then is cut (docs/decisions/061-stopping-and-readiness.md).
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(25),
  /**
   * Seconds a stopping server keeps taking new connections while its readiness answers 503, for a balancer that
   * probes readiness before it stops sending (a Kubernetes Service, a load balancer's health check); 0 closes the
   * port at once, for nginx, which tries the next instance when a connection is refused.
   */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
  /**
   * `off`: this instance runs no background jobs (mail, webhooks, expiries), it only answers requests; another
   * instance must run them (docs/decisions/064-background-jobs.md).
   */
  JOBS: z.enum(['on', 'off']).default('on'),
  /** An existing PostgreSQL. When unset, the embedded server is started with its data under DATA_DIR. */
  DATABASE_URL: optionalUrl,
  /**
   * Connections of each server process's pool (README: the arithmetic against PostgreSQL's max_connections);
   * every process also holds one connection of its own for the change notifications.
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * A streaming replica of DATABASE_URL's database: the storefront's public catalog and content reads go there
   * while it is caught up (docs/decisions/076-read-replicas.md). Unset: every read goes to DATABASE_URL.
   */
  DATABASE_READ_URL: optionalUrl,
  /** Seconds the replica may lag behind the primary before reads go to the primary until it catches up. */
  DATABASE_READ_MAX_LAG_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  DATA_DIR: z.string().default('./data'),
  /** Port of the embedded PostgreSQL; 0 picks a free one (never 5432 unless asked). */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /**
   * Public origin used for canonical URLs, hreflang alternates, the sitemap and mail links. Unset: the site's own
   * address on this machine, http://localhost:PORT (withSiteUrl), so links work on whatever port it was started.
   */
  SITE_URL: optionalUrl,
  /** Brand name: the page title, and the name mails are signed with. */
  BRAND_NAME: z.string().min(1).default('Cirrus Cloud'),
  /**
   * When set, `/` redirects here (docs/product/screens.md#root-redirect): an absolute http(s) URL, or a path on this
   * site as a browser resolves it (docs/decisions/053-site-paths.md: `/.//host` is another site).
   */
  ROOT_REDIRECT: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || isSitePath(v) || isWebAddress(v, ['http:', 'https:']),
      'must be a site path or an http(s) URL',
    )
    .transform((v) => v || undefined)
    .optional(),
  /** Customer centre (docs/product/screens.md#customer-centre): the separate system where orders are paid and services managed. */
  CUSTOMER_CENTER_URL: z.url().default('https://console.cirrus.cloud'),
  /** The three support links of the shared store (docs/product/entities.md#browser-storage). */
  SUPPORT_CHAT_URL: z.url().default('https://support.cirrus.cloud/chat'),
  SUPPORT_MAIL_URL: z.string().min(1).default('mailto:support@cirrus.cloud'),
  SUPPORT_SURVEY_URL: z.url().default('https://support.cirrus.cloud/survey'),
  /** Stored-version value; a visitor whose stored value differs gets storage and cookies wiped (docs/product/states.md#stored-version). */
  STORAGE_VERSION: z.string().min(1).default('1'),
  /** Analytics and advertising tag id (loaded only after consent, docs/product/states.md#cookie-consent); unset disables the tag. */
  ANALYTICS_ID: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .optional(),
  /**
   * SMTP server for outgoing mail, e.g. smtp://user:pass@mail.example.net:587 or smtps://…:465. Unset keeps mail in
   * the outbox, and the start log, the dashboard and the deliveries screen say so (mailNotice).
   */
  SMTP_URL: optionalUrl.refine((v) => v === undefined || /^smtps?:\/\//i.test(v), {
    message: 'must start with smtp:// or smtps://',
  }),
  MAIL_FROM: z.string().min(3).default('Cirrus Cloud <no-reply@cirrus.cloud>'),
  /** The operators' mailbox that receives the /contact form's messages (through the outbox). */
  CONTACT_TO: z.email().default('contact@cirrus.cloud'),
  /** Key the chat widget sends with every question (docs/product/api.md#documentation-and-chat). */
  CHAT_WIDGET_KEY: z.string().min(8).default('cirrus-chat-widget'),
  /** Optional OpenAI-compatible chat model; without it the helper answers by retrieval. */
  CHAT_LLM_URL: optionalUrl,
  CHAT_LLM_KEY: z.string().optional(),
  CHAT_LLM_MODEL: z.string().default('gpt-4o-mini'),
  /** How long the chat waits for the provider before answering by retrieval instead (docs/decisions/015-chat-helper.md). */
  CHAT_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  /** Minutes an order waits for payment before it expires and gives back sale stock, coupon and group seat. */
  ORDER_PAYMENT_WINDOW_MINUTES: z.coerce.number().int().min(5).max(10_080).default(30),
  /**
   * Minutes before an unpaid order expires that its customer is reminded, once (docs/decisions/069-order-mails.md);
   * 0 sends no reminders. An order whose whole window is shorter gets none: its created mail says the same.
   */
  ORDER_REMINDER_MINUTES: z.coerce.number().int().min(0).max(10_080).default(10),
  /**
   * Shared secret of the customer centre's payment notifications (HMAC-SHA256 over the timestamp and the raw
   * body). Unset: every notification is refused, so no order can be marked paid by a guess.
   */
  PAYMENT_WEBHOOK_SECRET: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.string().min(32, 'at least 32 characters').optional())
    .optional(),
  /** Where order events go (signed webhooks, at least once). Unset: they wait in the outbox. */
  ORDER_WEBHOOK_URL: optionalUrl,
  /** Signs the order webhooks; required with ORDER_WEBHOOK_URL. */
  ORDER_WEBHOOK_SECRET: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.string().min(32, 'at least 32 characters').optional())
    .optional(),
  /**
   * A VAT number verification service answering like VIES (`GET {url}/ms/{country}/vat/{number}` → `{isValid}`).
   * Unset: an EU VAT number's format and check digits are checked and the order records it as not verified
   * (docs/decisions/066-tax.md).
   */
  VAT_VALIDATION_URL: optionalUrl,
  /** The invoices' series prefix: numbers read `<prefix>-<year>-000123` (docs/decisions/067-invoices.md). */
  INVOICE_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,8}$/, '1 to 8 capital letters or digits')
    .default('CC'),
  /** The seller on invoices: legal name, postal address (lines separated by "|"). */
  SELLER_NAME: z.string().trim().min(1).default('Cirrus Cloud Limited'),
  SELLER_ADDRESS: z.string().trim().min(1).default('Unit 1203, 12/F, 88 Queensway|Admiralty, Hong Kong'),
  /**
   * The seller's registrations printed on invoices (docs/decisions/067-invoices.md). The Japanese qualified invoice
   * issuer number (T and 13 digits) is what makes an invoice to a Japanese customer a qualified invoice; the VAT
   * number is the EU one-stop-shop registration; the business registration is Hong Kong's. Empty leaves a line out.
   * The defaults are a demonstration's: set yours.
   */
  SELLER_JP_INVOICE_NUMBER: z
    .string()
    .trim()
    .regex(/^(T\d{13})?$/, 'T followed by 13 digits')
    .default('T1234567890123'),
  SELLER_VAT_NUMBER: z.string().trim().max(20).default('EU372000041'),
  SELLER_BUSINESS_REGISTRATION: z.string().trim().max(20).default('71234567'),
  /**
   * The CDN's purge-by-tag endpoint (docs/decisions/073-cdn-purge-by-tag.md): every announced change POSTs
   * `{"tags": [...]}` there with `Authorization: Bearer CDN_PURGE_TOKEN`, as Cloudflare's purge_cache takes it.
   * Unset: no purge is queued (a site without a CDN, or one that keeps pages only for their s-maxage).
   */
  CDN_PURGE_URL: optionalUrl,
  /** The CDN's API token for purges; required with CDN_PURGE_URL. */
  CDN_PURGE_TOKEN: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .optional(),
  /** RDAP server for domain availability, e.g. https://rdap.org. Unset: the embedded registry tables answer. */
  DOMAIN_RDAP_URL: optionalUrl,
  /**
   * Bearer token of GET /api/metrics (docs/operations-metrics.md). Unset: the endpoint does not exist (404), so a
   * site is never measured in public by accident.
   */
  METRICS_TOKEN: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.string().min(16, 'at least 16 characters').optional())
    .optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /**
   * "1" when the site runs behind one reverse proxy of the operator's (nginx, a load balancer) that appends
   * the visitor's address to X-Forwarded-For. Unset: the header is the sender's own word and is ignored.
   */
  TRUST_PROXY: z
    .enum(['', '0', '1', 'false', 'true'])
    .default('')
    .transform((v) => v === '1' || v === 'true'),
});

/** The origin the site answers on locally when no public one is configured: the port it listens on. */
export function localSiteUrl(port: number): string {
  return `http://localhost:${port}`;
}

const schema = fields
  .refine((e) => !e.ORDER_WEBHOOK_URL || e.ORDER_WEBHOOK_SECRET, {
    path: ['ORDER_WEBHOOK_SECRET'],
    message: 'required when ORDER_WEBHOOK_URL is set (the receiver checks the signature)',
  })
  .refine((e) => !e.CDN_PURGE_URL || e.CDN_PURGE_TOKEN, {
    path: ['CDN_PURGE_TOKEN'],
    message: 'required when CDN_PURGE_URL is set (the CDN refuses a purge without it)',
  })
  .transform(({ SITE_URL, ...rest }) => ({
    ...rest,
    SITE_URL: SITE_URL ?? localSiteUrl(rest.PORT),
  }));

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses process.env; throws an EnvError listing every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new EnvError(`Invalid configuration (see .env.example):\n${lines.join('\n')}`);
  }
  return result.data;
}

export function env(): Env {
  cached ??= loadEnv();
  return cached;
}

/**
 * The start log's line on the origin that mail links, canonical and hreflang URLs use, and where it came from:
 * SITE_URL, or the port when SITE_URL is unset (then a public site needs SITE_URL set).
 */
export function siteUrlNotice(parsed: Env, source: Record<string, string | undefined> = process.env): string {
  const configured = Boolean(source.SITE_URL?.trim());
  return configured
    ? `links in mails, canonical and hreflang URLs: ${parsed.SITE_URL} (SITE_URL)`
    : `links in mails, canonical and hreflang URLs: ${parsed.SITE_URL} (SITE_URL is unset: this machine on PORT ${parsed.PORT}; set SITE_URL to the public origin)`;
}

/**
 * The start log's line on outgoing mail: the server it goes through (without the account in SMTP_URL), or that it
 * is not sent at all, which an operator would otherwise only notice when customers never get their mails.
 */
export function mailNotice(parsed: Env): string {
  if (!parsed.SMTP_URL) {
    return 'mail: NOT SENT (SMTP_URL is unset): mails wait in the outbox and activation links are written to this log; set SMTP_URL (smtp://user:pass@host:587) to send them';
  }
  const url = new URL(parsed.SMTP_URL);
  return `mail: sent through ${url.host} (SMTP_URL)`;
}

/** The part of the configuration the browser may see (docs/engineering.md#types-input-errors: a separate function decides). */
export function publicConfig() {
  const e = env();
  return {
    brandName: e.BRAND_NAME,
    siteUrl: e.SITE_URL,
    customerCenterUrl: e.CUSTOMER_CENTER_URL,
    support: { chat: e.SUPPORT_CHAT_URL, mail: e.SUPPORT_MAIL_URL, survey: e.SUPPORT_SURVEY_URL },
    storageVersion: e.STORAGE_VERSION,
    analyticsId: e.ANALYTICS_ID ?? null,
    chatWidgetKey: e.CHAT_WIDGET_KEY,
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
