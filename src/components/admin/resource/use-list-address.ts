'use client';

import type { OnChangeFn, SortingState } from '@tanstack/react-table';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Filter, ResourceDeclaration } from '@/lib/admin/resource';
import { PAGE_SIZES } from '../data-table';
import { useDebounced } from '../use-list';

/** A filter's value when the address names none: the first of its options, or nothing. */
const defaultOf = (filter: Filter) => filter.options?.[0] ?? '';
const allows = (filter: Filter, value: string) =>
  filter.options ? filter.options.includes(value) : value.length <= 254;

/**
 * A list's page (or cursor), order, search and filters, kept in the address (`?page=2&sort=postedAt&dir=asc&q=
 * tokyo&status=active`), so a view can be shared, reloaded and gone back to; what equals the list's default is left
 * out. Every change but a page change goes back to the first page, since page 4 of the old search is no page of the
 * new one. The search box's text is sent once the typing pauses. A keyset list keeps the cursor of the page shown
 * in the address and the cursors of the pages before it in memory, so "previous" goes back exactly.
 */
export function useListAddress(list: ResourceDeclaration['list']) {
  const { sorts, order, filters = [], paging = 'pages' } = list;
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const read = (name: string) => params.get(name) ?? '';
  const number = (name: string, fallback: number, allowed?: readonly number[]) => {
    const value = Number(read(name));
    return Number.isInteger(value) && value > 0 && (!allowed || allowed.includes(value)) ? value : fallback;
  };
  const sort = sorts.includes(read('sort')) ? read('sort') : order.sort;
  const dir = read('dir') === 'asc' || read('dir') === 'desc' ? (read('dir') as 'asc' | 'desc') : order.dir;
  const page = number('page', 1);
  const rows = number('rows', 20, PAGE_SIZES);
  const cursor = /^[\w-]{0,200}$/.test(read('cursor')) ? read('cursor') : '';
  const q = read('q');
  const filterValues = Object.fromEntries(
    filters.map((f) => [f.name, allows(f, read(f.name)) && read(f.name) !== '' ? read(f.name) : defaultOf(f)]),
  );

  const write = useCallback(
    (patch: Record<string, string | number | undefined>) => {
      const next = new URLSearchParams(params.toString());
      const defaults: Record<string, string> = {
        page: '1',
        rows: '20',
        sort: order.sort,
        dir: order.dir,
        q: '',
        cursor: '',
        ...Object.fromEntries(filters.map((f) => [f.name, defaultOf(f)])),
      };
      for (const [name, value] of Object.entries({ page: undefined, cursor: undefined, ...patch })) {
        const text = value === undefined ? '' : String(value);
        if (text === '' || text === defaults[name]) next.delete(name);
        else next.set(name, text);
      }
      const search = next.toString();
      router.replace(search ? `${pathname}?${search}` : pathname, { scroll: false });
    },
    [params, pathname, router, order.sort, order.dir, filters],
  );

  // The box shows what is typed at once; the address (and the list) follows when the typing pauses.
  const [search, setSearch] = useState(q);
  const settled = useDebounced(search.trim());
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled change of the typed text is written
  useEffect(() => {
    if (settled !== q) write({ q: settled });
  }, [settled]);

  // The cursors of the pages before the one shown, for "previous"; a new query starts the list again.
  const earlier = useRef<string[]>([]);
  const queryKey = JSON.stringify([sort, dir, rows, q, filterValues]);
  const earlierOf = useRef(queryKey);
  if (earlierOf.current !== queryKey) {
    earlierOf.current = queryKey;
    earlier.current = [];
  }

  const sorting: SortingState = [{ id: sort, desc: dir === 'desc' }];
  const setSorting: OnChangeFn<SortingState> = (change) => {
    const [first] = typeof change === 'function' ? change(sorting) : change;
    if (first) write({ sort: first.id, dir: first.desc ? 'desc' : 'asc' });
  };
  const where = paging === 'keyset' ? { cursor: cursor || undefined } : { page };

  return {
    /** What the API is asked for. */
    query: { ...where, rows, sort, dir, q: q || undefined, ...filterValues },
    search,
    setSearch,
    filterValues,
    setFilter: (name: string, value: string) => write({ [name]: value }),
    rows,
    setRows: (next: number) => write({ rows: next }),
    sorting,
    setSorting,
    page,
    setPage: (next: number) => write({ page: next }),
    /** Keyset lists: the page number shown (1 for the first) and the moves from it. */
    cursorPage: earlier.current.length + 1,
    nextPage: (next: string) => {
      earlier.current = [...earlier.current, cursor];
      write({ cursor: next, page: undefined });
    },
    previousPage: () => {
      const back = earlier.current.at(-1) ?? '';
      earlier.current = earlier.current.slice(0, -1);
      write({ cursor: back });
    },
  };
}
export type ListAddress = ReturnType<typeof useListAddress>;
