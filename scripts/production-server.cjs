/**
 * The production server behind `npm start` and the browser tests: one Node HTTP server where `/api` goes
 * straight to the Hono app (no Next.js request pipeline: the API is ~10x cheaper per request this way) and
 * everything else to Next's request handler. Plain CommonJS so it runs with `node`; the API's TypeScript is
 * loaded through tsx, and `server-only` (a bundler guard) resolves to an empty module here.
 */
const Module = require('node:module');
const path = require('node:path');
const { createServer } = require('node:http');

const emptyModule = path.join(__dirname, 'lib', 'empty.cjs');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolve(request, ...rest) {
  if (request === 'server-only') return emptyModule;
  return resolveFilename.call(this, request, ...rest);
};
require('tsx/cjs/api').register();

const next = require('next');
const { getRequestListener } = require('@hono/node-server');
const { createDocumentCache } = require('./lib/document-cache.cjs');

async function main() {
  const port = Number(process.env.PORT || 3000);
  // Not 127.0.0.1: with localePrefix 'as-needed' that makes `/` redirect to itself (TOOLCHAIN.md).
  const nextApp = next({ dev: false, dir: process.cwd(), hostname: 'localhost', port });
  await nextApp.prepare();
  const handleNext = nextApp.getRequestHandler();

  const { createApp } = require('../src/server/api/app.ts');
  const { getDb } = require('../src/server/db/client.ts');
  const handleApi = getRequestListener(createApp({ db: getDb() }).fetch);

  // Prerendered documents from memory, precompressed (issue 9); DOCUMENT_CACHE=off leaves every page to Next.
  const serveDocument = process.env.DOCUMENT_CACHE === 'off' ? () => false : createDocumentCache({ port });

  const server = createServer((req, res) => {
    const url = req.url || '/';
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) {
      handleApi(req, res);
      return;
    }
    if (serveDocument(req, res)) return;
    handleNext(req, res);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, () => console.log(`[cirrus] ready on http://localhost:${port}`));
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      server.close(() => process.exit(0));
      setTimeout(() => process.exit(0), 5_000).unref();
    });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
