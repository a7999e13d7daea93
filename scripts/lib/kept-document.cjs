/**
 * What a prerendered document gets before we keep it and serve it ourselves (issue 9), said once for the
 * document cache (docs/decisions/012-document-fast-path.md) and the 404 pages (decision 017):
 * - its scripts load after the first paint (first-paint-scripts.cjs, decision 018);
 * - its stylesheet is written into its head (first-paint-styles.cjs, decision 030).
 * The loader goes in first: the stylesheet's place is found by the link React wrote, which it does not touch.
 */
const { loadScriptsAfterFirstPaint } = require('./first-paint-scripts.cjs');
const { createStylesheetInliner } = require('./first-paint-styles.cjs');

/**
 * @param {string} distDir Next's build directory (`.next`), where the stylesheets are read from
 * @returns {(html: string) => string}
 */
function createDocumentPreparer(distDir) {
  const inlineStylesheets = createStylesheetInliner(distDir);
  return function prepareDocument(html) {
    return inlineStylesheets(loadScriptsAfterFirstPaint(html));
  };
}

module.exports = { createDocumentPreparer };
