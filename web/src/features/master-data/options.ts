import { api, unwrap } from '../../api/client'
import { idOptions } from '../../lib/options'
import { useLoad } from '../../lib/use-load'

/** The school's majors, as options to pick or filter by. */
export function useMajorOptions() {
  return idOptions(useLoad(() => unwrap(api.GET('/api/admin/majors/options')), []).data?.data)
}

/** The school's departments (bidang keahlian), as options. */
export function useDepartmentOptions() {
  return idOptions(useLoad(() => unwrap(api.GET('/api/admin/departments/options')), []).data?.data)
}

/** The partner companies, as options. */
export function useCompanyOptions() {
  return idOptions(useLoad(() => unwrap(api.GET('/api/admin/companies/options')), []).data?.data)
}
