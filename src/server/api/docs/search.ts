import 'server-only';

// The documentation search lives in src/server/search/ (docs/decisions/046-search.md); the API and the pages
// keep importing it from here.
export {
  type DocSearchHit,
  type DocSearchResult,
  docSearchResultAnswer,
  highlight,
  MAX_QUERY_LENGTH,
  normalizeQuery,
  type Segment,
  searchDocs,
  searchDocsInput,
  segmentsHtml,
  snippet,
} from '../../search/docs';
