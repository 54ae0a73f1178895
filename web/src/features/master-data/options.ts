import { api, unwrap } from '../../api/client'
import { idOptions } from '../../lib/options'
import { useLoad } from '../../lib/use-load'

/**
 * Which records a list of options holds. Active ones only (the default) for a form that assigns a value;
 * `includeInactive` for a filter of past or ongoing records, which may name a major or company switched off
 * since (its alumni, its placements still followed up). The options' answer does not tell which are inactive.
 */
export interface OptionsOf {
  includeInactive?: boolean
}

const queryOf = ({ includeInactive = false }: OptionsOf) =>
  includeInactive ? { include_inactive: true } : {}

/** The school's majors, as options to pick or filter by. */
export function useMajorOptions(of: OptionsOf = {}) {
  const query = queryOf(of)
  return idOptions(
    useLoad(
      () => unwrap(api.GET('/api/admin/majors/options', { params: { query } })),
      [query.include_inactive],
    ).data?.data,
  )
}

/** The school's departments (bidang keahlian), as options. */
export function useDepartmentOptions() {
  return idOptions(useLoad(() => unwrap(api.GET('/api/admin/departments/options')), []).data?.data)
}

/** The partner companies, as options. */
export function useCompanyOptions(of: OptionsOf = {}) {
  const query = queryOf(of)
  return idOptions(
    useLoad(
      () => unwrap(api.GET('/api/admin/companies/options', { params: { query } })),
      [query.include_inactive],
    ).data?.data,
  )
}

type Option = { value: string; label: string }

/**
 * Active-only `options` with a record's current value added when it is not among them (a major or company
 * switched off since it was assigned), so that an edit form shows it rather than a blank field. Marked
 * "(nonaktif)" once the active options have arrived (before, its absence says nothing).
 */
export function withCurrent(
  options: Option[],
  current: { id: number | string; name: string } | null | undefined,
): Option[] {
  if (!current || options.some((o) => o.value === String(current.id))) return options
  const label = options.length > 0 ? `${current.name} (nonaktif)` : current.name
  return [...options, { value: String(current.id), label }]
}
