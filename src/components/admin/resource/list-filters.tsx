'use client';

import { Fragment, type ReactNode } from 'react';
import type { ResourceDeclaration } from '@/lib/admin/resource';
import { ListSearch } from '../data-table';
import type { ResourceText } from './text';
import type { ListAddress } from './use-list-address';
import { fromLocalInput, toLocalInput } from './values';

const control = 'mt-1 block rounded-md border border-line bg-white px-3 py-2 text-sm font-normal';

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
  if (!resource.list.search && filters.length === 0) return null;
  return (
    <div className="mb-4 flex flex-wrap items-end gap-4">
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
        const value = address.filterValues[filter.name] ?? '';
        const id = `${resource.name}-filter-${filter.name}`;
        return (
          <div key={filter.name} className="text-sm font-semibold">
            <label htmlFor={id}>{text.filter(filter.name)}</label>
            {filter.kind === 'text' ? (
              <input
                id={id}
                type="search"
                className={control}
                defaultValue={value}
                onBlur={(event) => address.setFilter(filter.name, event.target.value.trim())}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') address.setFilter(filter.name, event.currentTarget.value.trim());
                }}
                data-testid={`filter-${filter.name}`}
              />
            ) : filter.kind === 'from' || filter.kind === 'to' ? (
              <input
                id={id}
                type="datetime-local"
                className={control}
                value={toLocalInput(value)}
                onChange={(event) => address.setFilter(filter.name, fromLocalInput(event.target.value))}
                data-testid={`filter-${filter.name}`}
              />
            ) : (
              <select
                id={id}
                className={control}
                value={value}
                onChange={(event) => address.setFilter(filter.name, event.target.value)}
                data-testid={`filter-${filter.name}`}
              >
                {(filter.options ?? []).map((option) => (
                  <option key={option} value={option}>
                    {text.filterOption(filter.name, option)}
                  </option>
                ))}
              </select>
            )}
          </div>
        );
      })}
    </div>
  );
}
