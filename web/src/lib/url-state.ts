import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'

/**
 * The next query string after `changes`: empty values are dropped, and any change other than the page
 * itself sends the list back to page 1 (a filtered list starts at its beginning).
 */
export function nextSearch(
  current: URLSearchParams,
  changes: Record<string, string | number | null | undefined>,
) {
  const next = new URLSearchParams(current)
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === undefined || v === '') next.delete(k)
    else next.set(k, String(v))
  }
  if (!('page' in changes)) next.delete('page')
  if (next.get('page') === '1') next.delete('page')
  return next
}

/** The API query for a list: the URL's filters (only `keys`), page and per_page, typed loosely. */
export function queryOf(params: URLSearchParams, keys: readonly string[]) {
  const q: Record<string, string | number> = {}
  for (const k of keys) {
    const v = params.get(k)
    if (v !== null && v !== '') q[k] = /_id$|^page$|^per_page$/.test(k) && /^\d+$/.test(v) ? Number(v) : v
  }
  const page = Number(params.get('page') ?? '1')
  q.page = Number.isInteger(page) && page > 0 ? page : 1
  return q
}

/** What list screens and their filter bars read and change of the URL's filters. */
export interface UrlFilters {
  /** The API query: the filters of the list's keys, and the page. */
  query: Record<string, string | number>
  /** Changes whenever a filter or the page does (a dependency for loading the list). */
  key: string
  get(name: string): string
  set(changes: Record<string, string | number | null>): void
}

/** Filters and page of a list kept in the URL, so a link reopens the same view. */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams()
  const query = useMemo(() => queryOf(params, keys), [params, keys])
  const get = useCallback((k: K | 'page') => params.get(k) ?? '', [params])
  const set = useCallback(
    (changes: Partial<Record<K | 'page', string | number | null>>, how: { replace?: boolean } = {}) =>
      setParams((cur) => nextSearch(cur, changes), { replace: how.replace ?? false }),
    [setParams],
  )
  /**
   * The pager's `onPage`: a page picked is a step in history; the pager's own correction (the last page
   * instead of one past it) replaces the URL's page, so Back does not lead to the empty page again.
   */
  const setPage = useCallback(
    (page: number, how?: { replace?: boolean }) => set({ page } as Partial<Record<K | 'page', number>>, how),
    [set],
  )
  return { query, get, set, setPage, key: params.toString() }
}
