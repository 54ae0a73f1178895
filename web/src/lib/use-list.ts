import { useUrlFilters } from './url-state'
import { useLoad } from './use-load'

/**
 * A list screen's filters and page, kept in the URL (`keys`), and the list `load` answers for them: loaded
 * again whenever a filter or the page changes. `load` gets the API query as the route's own query type.
 */
export function useList<K extends string, T>(keys: readonly K[], load: (query: never) => Promise<T>) {
  const filters = useUrlFilters(keys)
  const list = useLoad(() => load(filters.query as never), [filters.key])
  return { filters, list }
}
