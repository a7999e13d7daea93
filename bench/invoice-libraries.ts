/**
 * The comparison behind docs/decisions/067-invoices.md: pdfkit, pdf-lib (with @pdf-lib/fontkit) and
 * @react-pdf/renderer setting the same Japanese invoice text in the same font (Noto Sans JP, TrueType, subset),
 * rendered one after another in one process: p50 and p99, the size, and whether pdftotext reads the text back.
 * Only pdfkit is a dependency of the site; the other two are installed outside the project to run this:
 *   mkdir /tmp/pdf-libs && cd /tmp/pdf-libs && npm init -y && npm i pdf-lib @pdf-lib/fontkit @react-pdf/renderer react
 *   PDF_LIBS_DIR=/tmp/pdf-libs npx tsx bench/invoice-libraries.ts
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const here = createRequire(import.meta.url);
const libs = createRequire(path.join(process.env.PDF_LIBS_DIR ?? process.cwd(), 'package.json'));
const FONT_FILE = here.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf');
const font = readFileSync(FONT_FILE);
const RENDERS = Number(process.env.INVOICE_RENDERS ?? 100);

const LINES = [
  '適格請求書',
  '請求書番号 CC-2026-000123　発行日 2026年12月2日　取引年月日 2026年12月2日',
  '発行者 Cirrus Cloud Limited　登録番号: T1234567890123',
  '請求先 株式会社サンプル 山田 太郎',
  ...Array.from(
    { length: 12 },
    (_, i) =>
      `クラウドサーバー プラン ${i + 1}: 性能型 4 vCPU 8 GB · 東京　3　12　￥${(40_000 + i).toLocaleString('en-US')}`,
  ),
  '合計（税抜） ￥472,124',
  '10%対象 ￥472,124　消費税（10%） ￥47,212',
  '合計（税込） ￥519,336',
  '通貨: JPY　為替レート：1 USD = 154.2 JPY',
];

type Renderer = () => Promise<Uint8Array>;

function pdfkitRenderer(): Renderer {
  const PDFDocument = here('pdfkit') as typeof import('pdfkit');
  return () =>
    new Promise((resolve, reject) => {
      const doc = new PDFDocument({ size: 'A4', margin: 50 });
      const chunks: Buffer[] = [];
      doc.on('data', (c: Buffer) => chunks.push(c));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
      doc.registerFont('body', font);
      doc.font('body').fontSize(10);
      for (const line of LINES) doc.text(line);
      doc.end();
    });
}

function pdfLibRenderer(): Renderer {
  const { PDFDocument } = libs('pdf-lib');
  const fontkit = libs('@pdf-lib/fontkit');
  return async () => {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const embedded = await doc.embedFont(font, { subset: true });
    const page = doc.addPage([595.28, 841.89]);
    let y = 790;
    for (const line of LINES) {
      page.drawText(line, { x: 50, y, size: 10, font: embedded });
      y -= 16;
    }
    return doc.save();
  };
}

async function reactPdfRenderer(): Promise<Renderer> {
  // An ES module only: imported by its file's address, not required.
  const React = await import(pathToFileURL(libs.resolve('react')).href);
  const { Document, Font, Page, Text, renderToBuffer } = await import(
    pathToFileURL(libs.resolve('@react-pdf/renderer')).href
  );
  Font.register({ family: 'Noto Sans JP', src: FONT_FILE });
  const h = React.createElement;
  return () =>
    renderToBuffer(
      h(
        Document,
        null,
        h(
          Page,
          { size: 'A4', style: { padding: 50, fontFamily: 'Noto Sans JP', fontSize: 10 } },
          ...LINES.map((line, i) => h(Text, { key: i }, line)),
        ),
      ),
    );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function measure(name: string, make: () => Renderer | Promise<Renderer>): Promise<string> {
  try {
    const render = await make();
    const cold = performance.now();
    const first = await render();
    const coldMs = performance.now() - cold;
    const times: number[] = [];
    for (let i = 0; i < RENDERS; i++) {
      const started = performance.now();
      await render();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const file = path.join(tmpdir(), `invoice-${name.replace(/\W/g, '')}.pdf`);
    writeFileSync(file, first);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    const readable = LINES.every((l) => text.replace(/\s+/g, '').includes(l.replace(/\s+/g, '')));
    return `| ${name} | ${coldMs.toFixed(0)} ms | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 99).toFixed(1)} ms | ${(first.length / 1024).toFixed(1)} KB | ${readable ? 'yes' : 'no'} |`;
  } catch (error) {
    return `| ${name} | failed: ${(error as Error).message.split('\n')[0]} | | | | |`;
  }
}

async function main() {
  const rows = [
    await measure('pdfkit', pdfkitRenderer),
    await measure('pdf-lib + @pdf-lib/fontkit', pdfLibRenderer),
    await measure('@react-pdf/renderer', reactPdfRenderer),
  ];
  console.log(
    [
      `${RENDERS} renders each, one after another, in one process; the same text in Noto Sans JP (TrueType, subset).`,
      '',
      '| library | first render | p50 | p99 | size | pdftotext reads every line |',
      '| --- | --- | --- | --- | --- | --- |',
      ...rows,
    ].join('\n'),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
