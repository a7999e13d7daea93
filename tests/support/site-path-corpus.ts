import corpus from '../fixtures/site-path-corpus.json';

/** One value of the site-path corpus and why it is there. */
export type SitePathCase = { value: string; why: string; webAddress?: boolean };

/**
 * The known ways to pass another host off as a path on this site, and the paths that must stay accepted
 * (tests/fixtures/site-path-corpus.json, docs/decisions/053-site-paths.md). `webAddress` marks a value a footer
 * link may still hold as an external https address.
 */
export const SITE_PATH_CORPUS: { refused: SitePathCase[]; accepted: SitePathCase[] } = corpus;
