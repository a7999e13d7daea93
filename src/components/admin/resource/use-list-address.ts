'use client';

import type { OnChangeFn, SortingState } from '@tanstack/react-table';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import type { Filter } from '@/lib/admin/resource';
import { PAGE_SIZES } from '../data-table';
import { useDebounced } from '../use-list';

type Order = { sort: string; dir: 'asc' | 'desc' };

/**
 * A list's page, order, search and filters, kept in the address (`?page=2&sort=postedAt&dir=asc&q=tokyo&status=
 * active`), so a view can be shared, reloaded and gone back to. What equals the list's default is left out of the
 * address. Every change but a page change goes back to page 1, since page 4 of the old search or order is no
 * page of the new one. The search box's text is sent once the typing pauses.
 */
export function useListAddress({
  sorts,
  order,
  filters = [],
}: {
  sorts: readonly string[];
  order: Order;
  filters?: readonly Filter[];
}) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();

  const read = (name: string) => params.get(name) ?? undefined;
  const number = (name: string, fallback: number, allowed?: readonly number[]) => {
    const value = Number(read(name));
    return Number.isInteger(value) && value > 0 && (!allowed || allowed.includes(value)) ? value : fallback;
  };
  const sort = sorts.includes(read('sort') ?? '') ? (read('sort') as string) : order.sort;
  const dir = read('dir') === 'asc' || read('dir') === 'desc' ? (read('dir') as 'asc' | 'desc') : order.dir;
  const page = number('page', 1);
  const rows = number('rows', 20, PAGE_SIZES);
  const q = read('q') ?? '';
  const filterValues = Object.fromEntries(
    filters.map((f) => [f.name, f.options.includes(read(f.name) ?? '') ? (read(f.name) as string) : f.options[0]]),
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
        ...Object.fromEntries(filters.map((f) => [f.name, f.options[0]])),
      };
      const merged = { page: undefined, ...patch };
      for (const [name, value] of Object.entries(merged)) {
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

  const sorting: SortingState = [{ id: sort, desc: dir === 'desc' }];
  const setSorting: OnChangeFn<SortingState> = (change) => {
    const [first] = typeof change === 'function' ? change(sorting) : change;
    if (first) write({ sort: first.id, dir: first.desc ? 'desc' : 'asc' });
  };

  return {
    /** What the API is asked for. */
    query: { page, rows, sort, dir, q: q || undefined, ...filterValues },
    search,
    setSearch,
    filterValues,
    setFilter: (name: string, value: string) => write({ [name]: value }),
    table: {
      page,
      rows,
      sorting,
      onSortingChange: setSorting,
      onPageChange: (next: number) => write({ page: next === 1 ? undefined : next }),
      onRowsChange: (next: number) => write({ rows: next }),
    },
  };
}
