import { Button, type ComboboxData, Group, Select, TextInput } from '@mantine/core'
import { type ReactNode, useEffect, useState } from 'react'
import type { UrlFilters } from '../lib/url-state'
import { DateField } from './dates'

/** A choice among options, kept in the URL under `name`; "Semua <label>" while nothing is chosen. */
export interface SelectFilter {
  type?: 'select'
  name: string
  label: string
  options: ComboboxData
  searchable?: boolean
  /** The text when nothing is chosen; "Semua <label>" unless told. */
  placeholder?: string
}

/** A day (`YYYY-MM-DD`), kept in the URL under `name`. */
export interface DateFilter {
  name: string
  label: string
  type: 'date'
  /** The filter (its name) holding the first day of the range: the calendar greys out the days before it. */
  from?: string
}

export type Filter = SelectFilter | DateFilter

export function FilterSelect({
  filters,
  filter,
  error,
  nothingFoundMessage,
}: {
  filters: UrlFilters
  filter: SelectFilter
  error?: ReactNode
  nothingFoundMessage?: ReactNode
}) {
  return (
    <Select
      label={filter.label}
      placeholder={filter.placeholder ?? `Semua ${filter.label.toLowerCase()}`}
      clearable
      searchable={filter.searchable}
      data={filter.options}
      value={filters.get(filter.name) || null}
      onChange={(v) => filters.set({ [filter.name]: v })}
      error={error}
      nothingFoundMessage={nothingFoundMessage}
    />
  )
}

export function FilterDate({
  filters,
  filter,
  error,
}: {
  filters: UrlFilters
  filter: DateFilter
  error?: ReactNode
}) {
  return (
    <DateField
      label={filter.label}
      min={filter.from && filters.get(filter.from)}
      value={filters.get(filter.name)}
      onChange={(v) => filters.set({ [filter.name]: v })}
      error={error}
    />
  )
}

export function FilterField({
  filters,
  filter,
  error,
}: {
  filters: UrlFilters
  filter: Filter
  error?: ReactNode
}) {
  return filter.type === 'date' ? (
    <FilterDate filters={filters} filter={filter} error={error} />
  ) : (
    <FilterSelect filters={filters} filter={filter} error={error} />
  )
}

/**
 * The filters above a list, kept in the URL (a link reopens the same view; a change goes back to page 1).
 * A choice applies at once; with `search`, the bar is a form with a search box (labelled `search`) whose
 * text applies on "Cari". The service's refusal of a filter (`errors`, e.g. a range that ends before it starts)
 * shows at that filter.
 */
export function FilterBar({
  filters,
  search,
  fields,
  errors = {},
}: {
  filters: UrlFilters
  search?: string
  fields: Filter[]
  errors?: Record<string, string>
}) {
  // The box shows the search the list is filtered by: the URL's, also when it changes without the box
  // (Back, or the menu's link to the same list), as the vacancy list's box does.
  const applied = filters.get('search')
  const [text, setText] = useState(applied)
  useEffect(() => setText(applied), [applied])
  // Not on paper (print.css): a printed list is the list, not its controls.
  const bar = (
    <Group mb="md" align="flex-end" wrap="wrap" data-print="hide">
      {search !== undefined && (
        <TextInput label={search} value={text} onChange={(e) => setText(e.currentTarget.value)} />
      )}
      {fields.map((filter) => (
        <FilterField key={filter.name} filters={filters} filter={filter} error={errors[filter.name]} />
      ))}
      {search !== undefined && <Button type="submit">Cari</Button>}
    </Group>
  )
  if (search === undefined) return bar
  return (
    <form
      aria-label="Saring daftar"
      onSubmit={(e) => {
        e.preventDefault()
        filters.set({ search: text })
      }}
    >
      {bar}
    </form>
  )
}
