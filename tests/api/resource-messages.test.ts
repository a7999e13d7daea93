import { describe, expect, it } from 'vitest';
import adminEn from '../../src/i18n/admin/en.json';
import adminJa from '../../src/i18n/admin/ja.json';
import adminZh from '../../src/i18n/admin/zh.json';
import type { ResourceDeclaration } from '../../src/lib/admin/resource';
import { DECLARATIONS } from '../../src/lib/admin/resources';

// Every message a declared resource's screen asks for (src/components/admin/resource/text.ts) exists in the three
// languages: the keys follow from the declaration, so a new field, option, filter or action without its words
// fails here rather than showing a raw key.

type Tree = { [key: string]: string | Tree };
const LANGUAGES = { en: adminEn, zh: adminZh, ja: adminJa } as unknown as Record<string, Tree>;

function has(tree: Tree, path: string): boolean {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) {
    if (typeof node !== 'object') return false;
    node = node[part];
  }
  return typeof node === 'string' && node.trim() !== '';
}

/** The keys a resource's screens read, as `admin.…` paths. */
function keysOf(d: ResourceDeclaration): string[] {
  const own = (key: string) => `admin.resources.${d.name}.${key}`;
  const keys = [own('title')];
  if (d.access.write !== false && d.access.create !== false) keys.push(own('new'));
  for (const field of d.fields) {
    keys.push(own(`fields.${field.name}`));
    if (field.hint) keys.push(own(`fields.${field.name}Hint`));
    if (field.kind === 'select') for (const o of field.options) keys.push(own(`options.${field.name}.${o}`));
  }
  for (const column of d.columns) keys.push(own(`fields.${column.name}`));
  for (const action of d.actions ?? []) {
    for (const part of ['label', 'title', 'text', 'done']) keys.push(own(`actions.${action.name}.${part}`));
    for (const field of action.fields ?? []) {
      keys.push(own(`actions.${action.name}.fields.${field.name}`));
      if (field.hint) keys.push(own(`actions.${action.name}.fields.${field.name}Hint`));
    }
  }
  return [...new Set(keys)];
}

/** Filters may use the words every resource shares (`admin.resource.filters`). */
function filterKeys(d: ResourceDeclaration): string[][] {
  return (d.list.filters ?? []).flatMap((f) => [
    [`admin.resources.${d.name}.filters.${f.name}`, `admin.resource.filters.${f.name}`],
    ...(f.options ?? []).map((o) => [
      `admin.resources.${d.name}.filterOptions.${f.name}.${o}`,
      `admin.resource.filterOptions.${f.name}.${o}`,
    ]),
  ]);
}

describe('the messages of every declared resource', () => {
  for (const d of DECLARATIONS) {
    it(`${d.name}: every key its screens read, in English, Chinese and Japanese`, () => {
      for (const [language, tree] of Object.entries(LANGUAGES)) {
        expect({ language, missing: keysOf(d).filter((k) => !has(tree, k)) }).toEqual({ language, missing: [] });
        const filters = filterKeys(d).filter((either) => !either.some((k) => has(tree, k)));
        expect({ language, filters }).toEqual({ language, filters: [] });
      }
    });
  }
});
