/**
 * Our message formatter (src/i18n/format-message.ts) against next-intl's own precompiled messages
 * (`experimental.messages.precompile`: icu-minify compiles the catalogs at build time, `use-intl/format-message/
 * format-only` writes them) and against the package's default (intl-messageformat), decision 026.
 *
 *   npx tsx bench/message-format.ts [--rounds N] [--browser] [--cold-rounds N] [--site URL [--pages-rounds N]]
 *
 * Every message of the three catalogs that takes values is formatted with sample values (rich-text tags with a
 * React element), the calls ICU accepts. It prints, per formatter:
 * - the formatter's code as the browser receives it (esbuild, minified, gzip level 9), react and use-intl/core
 *   left out (both formatters share them), and the catalogs' size in each form (gzip);
 * - Node: the time to format every call once, warm, median of the rounds;
 * - with --browser, in a fresh Chromium (its own renderer, so ICU's locale data is not loaded yet) at Lighthouse's
 *   4x CPU slowdown: the main-thread time of the first pass over every call of a language (what a page pays on
 *   hydration, ICU's first number format included) and of a warm pass;
 * - with --site, the configurator of a running build in the three languages, each load in a fresh Chromium at 4x:
 *   the script time of the load (CDP's ScriptDuration, until 4 s after `load`, so the scripts deferred past the
 *   first paint have run), the blocking time of its long tasks, and the Intl calls made and their time (the
 *   first NumberFormat-family call loads ICU's locale data). Run it once against a build with each formatter.
 */
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import compile from 'icu-minify/compile';
import { createElement, type ReactNode } from 'react';
import { _createCache, _createIntlFormatters } from 'use-intl/core';
import icuFormatMessage from 'use-intl/format-message';
import formatOnly from 'use-intl/format-message/format-only';
import formatMessage from '../src/i18n/format-message';
import en from '../src/i18n/messages/en.json';
import ja from '../src/i18n/messages/ja.json';
import zh from '../src/i18n/messages/zh.json';

const args = process.argv.slice(2);
const numberArg = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const ROUNDS = numberArg('--rounds', 200);
const COLD_ROUNDS = numberArg('--cold-rounds', 3);
const catalogs = { en, zh, ja } as const;
type Locale = keyof typeof catalogs;

type Call = { key: string; message: string; compiled: unknown; values: Record<string, unknown> };

function* catalogMessages(node: unknown, path: string): Generator<[string, string]> {
  if (typeof node === 'string') yield [path, node];
  else if (node && typeof node === 'object') {
    for (const [key, child] of Object.entries(node)) yield* catalogMessages(child, path ? `${path}.${key}` : key);
  }
}

const SAMPLES: (string | number)[] = [1, 3, 12, 1234, 'Ada'];
const link = (chunks: ReactNode) => createElement('a', { href: '/terms' }, chunks);

function options(locale: string) {
  const cache = _createCache();
  return { cache, formatters: _createIntlFormatters(cache), locale };
}

/** The calls a catalog makes with values: every message with arguments, each sample ICU accepts. */
function calls(locale: Locale): Call[] {
  const out: Call[] = [];
  const opts = options(locale);
  for (const [key, message] of catalogMessages(catalogs[locale], '')) {
    const names = [...new Set([...message.matchAll(/[{<]\s*([A-Za-z_]\w*)/g)].map((match) => match[1] as string))];
    if (names.length === 0) continue;
    const compiled = compile(message);
    for (const sample of SAMPLES) {
      const values: Record<string, unknown> = {};
      for (const name of names) values[name] = message.includes(`<${name}>`) ? link : sample;
      try {
        icuFormatMessage(key, message, values as never, opts as never);
      } catch {
        continue;
      }
      out.push({ key, message, compiled, values });
    }
  }
  return out;
}

type Formatter = 'ours' | 'precompiled' | 'intl-messageformat';
const FORMATTERS: Formatter[] = ['ours', 'precompiled', 'intl-messageformat'];

function formatAll(formatter: Formatter, list: Call[], opts: ReturnType<typeof options>): number {
  let written = 0;
  for (const call of list) {
    const value =
      formatter === 'ours'
        ? formatMessage(call.key, call.message, call.values as never, opts as never)
        : formatter === 'precompiled'
          ? formatOnly(call.key, call.compiled as never, call.values as never, opts as never)
          : icuFormatMessage(call.key, call.message, call.values as never, opts as never);
    written += typeof value === 'string' ? value.length : 1;
  }
  return written;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const ENTRIES: Record<Formatter, string> = {
  ours: `export { default } from ${JSON.stringify(`${process.cwd()}/src/i18n/format-message.ts`)};`,
  precompiled: `export { default } from 'use-intl/format-message/format-only';`,
  'intl-messageformat': `export { default } from 'use-intl/format-message';`,
};

/** The formatter as the browser gets it: minified, react and use-intl/core outside (shared by both). */
async function bundle(formatter: Formatter, external: string[]): Promise<string> {
  const result = await build({
    stdin: { contents: ENTRIES[formatter], resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    minify: true,
    write: false,
    format: 'iife',
    globalName: 'formatter',
    platform: 'browser',
    conditions: ['production'],
    external,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return result.outputFiles[0]?.text ?? '';
}

const gz = (text: string) => gzipSync(text, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function sizes() {
  console.log('\n## Bytes shipped (gzip level 9)');
  for (const formatter of FORMATTERS) {
    const code = await bundle(formatter, ['react', 'use-intl/core']);
    console.log(`${formatter.padEnd(20)} formatter ${kb(gz(code))} (${kb(code.length)} minified)`);
  }
  for (const locale of Object.keys(catalogs) as Locale[]) {
    const raw = JSON.stringify(catalogs[locale]);
    const compiled = JSON.stringify(
      JSON.parse(raw, (_key, value) => (typeof value === 'string' ? compile(value) : value)),
    );
    console.log(`${locale} catalog: as written ${kb(gz(raw))}, precompiled ${kb(gz(compiled))}`);
  }
}

function node(perLocale: Record<Locale, Call[]>) {
  console.log(`\n## Node, warm: every call of a language once, median of ${ROUNDS} rounds`);
  for (const locale of Object.keys(perLocale) as Locale[]) {
    const list = perLocale[locale];
    const row: string[] = [];
    for (const formatter of FORMATTERS) {
      const opts = options(locale);
      formatAll(formatter, list, opts);
      const times: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const start = performance.now();
        formatAll(formatter, list, opts);
        times.push(performance.now() - start);
      }
      row.push(`${formatter} ${(median(times) * 1000).toFixed(0)} µs`);
    }
    console.log(`${locale} (${list.length} calls): ${row.join(', ')}`);
  }
}

/**
 * In the page: the formatter bundle, use-intl/core and react's isValidElement stubbed by their bundles; the
 * calls as JSON with tags as functions returning a marker object (what the formatter hands back unchanged).
 */
async function browser(perLocale: Record<Locale, Call[]>) {
  const { chromium } = await import('playwright-core');
  console.log(
    `\n## Chromium at 4x CPU slowdown, fresh browser each: first pass over the calls with counts below 1000 (cold: ICU's first number format included where made; then the same with ICU's number data loaded first) and a warm pass, median of ${COLD_ROUNDS}`,
  );
  const scripts: Record<Formatter, string> = {} as never;
  for (const formatter of FORMATTERS) {
    const code = await bundle(formatter, []);
    const core = await build({
      stdin: {
        contents: `import {_createCache,_createIntlFormatters} from 'use-intl/core'; window.core={_createCache,_createIntlFormatters};`,
        resolveDir: process.cwd(),
        loader: 'ts',
      },
      bundle: true,
      minify: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      conditions: ['production'],
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    scripts[formatter] = `${core.outputFiles[0]?.text}\n${code}`;
  }
  for (const locale of Object.keys(perLocale) as Locale[]) {
    // Counts below 1000, what the pages pass (days, months, seats, disk sizes): a count of 1000 or more goes
    // through Intl.NumberFormat in every formatter alike.
    const small = perLocale[locale].filter((call) =>
      Object.values(call.values).every((value) => typeof value !== 'number' || value < 1000),
    );
    const data = small.map((call) => ({
      key: call.key,
      message: call.message,
      compiled: call.compiled,
      values: Object.fromEntries(
        Object.entries(call.values).map(([k, v]) => [k, typeof v === 'function' ? '@tag' : v]),
      ),
    }));
    const row: string[] = [];
    for (const formatter of FORMATTERS) {
      const cold: number[] = [];
      const coldIcuLoaded: number[] = [];
      const warm: number[] = [];
      // Each round twice: as a page meets it, and with ICU's number data already loaded (the formatter's own cost).
      for (let run = 0; run < COLD_ROUNDS * 2; run++) {
        const prewarm = run % 2 === 1;
        const browserInstance = await chromium.launch({
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--no-sandbox'],
        });
        const page = await browserInstance.newPage();
        const cdp = await page.context().newCDPSession(page);
        await page.setContent('<!doctype html><title>m</title>');
        await page.addScriptTag({ content: scripts[formatter] });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        // A string, not a function: tsx would wrap a function's inner closures in a helper the page lacks.
        const times = (await page.evaluate(`(() => {
          const cache = window.core._createCache();
          const opts = { cache, formatters: window.core._createIntlFormatters(cache), locale: ${JSON.stringify(locale)} };
          const tag = (chunks) => ({ tag: chunks });
          const precompiled = ${formatter === 'precompiled'};
          const prepared = ${JSON.stringify(data)}.map((c) => ({
            key: c.key,
            message: precompiled ? c.compiled : c.message,
            values: Object.fromEntries(Object.entries(c.values).map(([k, v]) => [k, v === '@tag' ? tag : v])),
          }));
          const pass = () => {
            const start = performance.now();
            for (const c of prepared) window.formatter.default(c.key, c.message, c.values, opts);
            return performance.now() - start;
          };
          if (${prewarm}) new Intl.NumberFormat(${JSON.stringify(locale)}).format(1);
          return [pass(), pass()];
        })()`)) as number[];
        (prewarm ? coldIcuLoaded : cold).push(times[0] ?? Number.NaN);
        warm.push(times[1] ?? Number.NaN);
        await browserInstance.close();
      }
      row.push(
        `${formatter} ${median(cold).toFixed(1)} ms cold (${median(coldIcuLoaded).toFixed(1)} with ICU's number data ` +
          `loaded), ${median(warm).toFixed(1)} ms warm`,
      );
    }
    console.log(`${locale} (${small.length} calls): ${row.join('; ')}`);
  }
}

/** Counts the calls that load ICU's locale data, and sums the long tasks' time over 50 ms. */
const PAGE_SPY = `(() => {
  const calls = (window.__intl = []);
  const wrap = (owner, name, label) => {
    const original = owner[name];
    if (typeof original !== 'function') return;
    const wrapped = function (...a) {
      const start = performance.now();
      try { return new.target ? Reflect.construct(original, a, new.target) : original.apply(this, a); }
      finally { calls.push([label, performance.now() - start]); }
    };
    Object.defineProperties(wrapped, Object.getOwnPropertyDescriptors(original));
    owner[name] = wrapped;
  };
  for (const kind of ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat']) {
    const ctor = Intl[kind];
    if (ctor && typeof ctor.supportedLocalesOf === 'function') wrap(ctor, 'supportedLocalesOf', kind + '.supportedLocalesOf');
    wrap(Intl, kind, kind);
  }
  wrap(Number.prototype, 'toLocaleString', 'toLocaleString');
  window.__blocking = 0;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__blocking += Math.max(0, e.duration - 50); })
    .observe({ type: 'longtask', buffered: true });
})();`;

async function site(base: string, rounds: number) {
  const { chromium } = await import('playwright-core');
  console.log(`\n## ${base}: the configurator at 4x CPU slowdown, fresh browser each, median of ${rounds}`);
  for (const prefix of ['', '/zh', '/ja']) {
    const scripting: number[] = [];
    const blocking: number[] = [];
    let intl: [string, number][] = [];
    const intlTimes: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const browserInstance = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox'],
      });
      const context = await browserInstance.newContext({ viewport: { width: 375, height: 800 } });
      await context.addInitScript(PAGE_SPY);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${base}${prefix}/product/vps-buy`, { waitUntil: 'load' });
      await page.waitForTimeout(4_000);
      const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
      scripting.push((metrics.find((m) => m.name === 'ScriptDuration')?.value ?? Number.NaN) * 1000);
      blocking.push((await page.evaluate('window.__blocking')) as number);
      intl = (await page.evaluate('window.__intl')) as [string, number][];
      intlTimes.push(intl.reduce((sum, [, ms]) => sum + ms, 0));
      await browserInstance.close();
    }
    const tally = new Map<string, number>();
    for (const [call] of intl) tally.set(call, (tally.get(call) ?? 0) + 1);
    const counts = [...tally].map(([call, n]) => `${call} ×${n}`).join(', ');
    console.log(
      `${prefix || '/'} script ${median(scripting).toFixed(0)} ms, blocking ${median(blocking).toFixed(0)} ms` +
        ` (runs: ${scripting.map((v) => v.toFixed(0)).join(' ')}); Intl calls: ${counts || 'none'}` +
        ` taking ${median(intlTimes).toFixed(1)} ms (runs: ${intlTimes.map((v) => v.toFixed(1)).join(' ')})`,
    );
  }
}

async function main() {
  const siteAt = args.indexOf('--site');
  if (siteAt >= 0) {
    await site(args[siteAt + 1] ?? 'http://localhost:3000', numberArg('--pages-rounds', 5));
    return;
  }
  const perLocale = { en: calls('en'), zh: calls('zh'), ja: calls('ja') };
  // The same text from both, or the comparison means nothing.
  for (const locale of Object.keys(perLocale) as Locale[]) {
    const opts = options(locale);
    for (const call of perLocale[locale]) {
      const a = JSON.stringify(formatMessage(call.key, call.message, call.values as never, opts as never));
      const b = JSON.stringify(formatOnly(call.key, call.compiled as never, call.values as never, opts as never));
      if (a !== b) console.log(`differs: ${locale} ${call.key} ${JSON.stringify(call.values)}: ${a} vs ${b}`);
    }
  }
  await sizes();
  node(perLocale);
  if (args.includes('--browser')) await browser(perLocale);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
