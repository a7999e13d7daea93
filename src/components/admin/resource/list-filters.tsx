'use client';

import { useLocale } from 'next-intl';
import { Fragment, type ReactNode } from 'react';
import type { Filter, ResourceDeclaration } from '@/lib/admin/resource';
import type { AdminLocale } from '@/lib/admin/schemas';
import { ListSearch } from '../data-table';
import type { ResourceText } from './text';
import { useChoices } from './use-choices';
import type { ListAddress } from './use-list-address';
import { fromLocalInput, toLocalInput } from './values';

const control = 'mt-1 block max-w-full rounded-md border border-line bg-white px-3 py-2 text-sm font-normal';

/**
 * Above a resource's list: its search box and its filters, each written to the address as it changes. A special
 * screen may draw a filter's control itself (`controls`: the audit log's person, chosen by name), or leave it out
 * (null).
 */
export function ListFilters({
  resource,
  address,
  text,
  controls = {},
}: {
  resource: Pick<ResourceDeclaration, 'name' | 'list'>;
  address: ListAddress;
  text: ResourceText;
  controls?: Record<string, ReactNode>;
}) {
  const filters = resource.list.filters ?? [];
  const locale = useLocale() as AdminLocale;
  const { choices } = useChoices(
    filters.flatMap((f) => (f.kind === 'reference' ? [{ name: f.name, kind: 'reference', source: f.source }] : [])),
  );
  if (!resource.list.search && filters.length === 0) return null;
  return (
    <div className="mb-4 flex flex-wrap items-start gap-4">
      {resource.list.search ? (
        <ListSearch
          id={`${resource.name}-search`}
          label={text.shared('search')}
          hint={text.searchHint()}
          value={address.search}
          onChange={address.setSearch}
          className="w-full max-w-md"
        />
      ) : null}
      {filters.map((filter) => {
        if (filter.name in controls) return <Fragment key={filter.name}>{controls[filter.name]}</Fragment>;
        const id = `${resource.name}-filter-${filter.name}`;
        const hint = text.has(`filters.${filter.name}Hint`) ? text.own(`filters.${filter.name}Hint`) : undefined;
        return (
          <div key={filter.name} className="max-w-xs text-sm font-semibold">
            <label htmlFor={id}>{text.filter(filter.name)}</label>
            <FilterControl
              id={id}
              filter={filter}
              value={address.filterValues[filter.name] ?? ''}
              onChange={(value) => address.setFilter(filter.name, value)}
              options={
                filter.kind === 'reference'
                  ? [
                      { value: '', label: text.shared('any') },
                      ...(choices[filter.source] ?? []).map((c) => ({
                        value: c.id,
                        label: `${typeof c.name === 'string' ? c.name : c.name[locale] || c.name.en} (${c.id})`,
                      })),
                    ]
                  : (filter.options ?? []).map((o) => ({ value: o, label: text.filterOption(filter.name, o) }))
              }
              describedBy={hint ? `${id}-hint` : undefined}
            />
            {hint ? (
              <p id={`${id}-hint`} className="mt-1 text-xs font-normal text-muted">
                {hint}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

/** A filter's control: a search field for text, a time for a range's end, a select for the rest. */
function FilterControl({
  id,
  filter,
  value,
  onChange,
  options,
  describedBy,
}: {
  id: string;
  filter: Filter;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  describedBy: string | undefined;
}) {
  const common = { id, className: control, 'aria-describedby': describedBy, 'data-testid': `filter-${filter.name}` };
  if (filter.kind === 'text') {
    return (
      <input
        {...common}
        type="search"
        defaultValue={value}
        onBlur={(event) => onChange(event.target.value.trim())}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onChange(event.currentTarget.value.trim());
        }}
      />
    );
  }
  if (filter.kind === 'from' || filter.kind === 'to') {
    return (
      <input
        {...common}
        type="datetime-local"
        value={toLocalInput(value)}
        onChange={(event) => onChange(fromLocalInput(event.target.value))}
      />
    );
  }
  return (
    <select {...common} value={value} onChange={(event) => onChange(event.target.value)}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
