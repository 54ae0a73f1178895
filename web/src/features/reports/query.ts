import { api, unwrap } from '../../api/client'
import type { paths } from '../../api/schema'
import type { DataOf } from '../../lib/api-types'
import { formatDate } from '../../lib/format'

export type Recruitment = DataOf<'/api/admin/reports/recruitment'>
export type Attendance = DataOf<'/api/admin/reports/attendance'>
export type Absorption = DataOf<'/api/admin/reports/absorption'>
export type Tracer = DataOf<'/api/admin/reports/tracer-study'>
type ReportQuery = NonNullable<paths['/api/admin/reports/recruitment']['get']['parameters']['query']>

export const REPORTS = [
  { key: 'recruitment', title: 'Rekrutmen per perusahaan' },
  { key: 'attendance', title: 'Kehadiran peserta tes' },
  { key: 'absorption', title: 'Keterserapan lulusan' },
  { key: 'tracer-study', title: 'Tracer study' },
] as const
export type ReportKey = (typeof REPORTS)[number]['key']
export const FILTER_KEYS = ['school_year', 'major_id', 'date_from', 'date_to'] as const

/** The report's API query from the URL's filters (only the filters the API knows, ids as numbers). */
export function reportQuery(q: Record<string, string | number>): ReportQuery {
  const out: ReportQuery = {}
  if (q.school_year) out.school_year = String(q.school_year)
  if (q.major_id && Number.isInteger(Number(q.major_id))) out.major_id = Number(q.major_id)
  if (q.date_from) out.date_from = String(q.date_from)
  if (q.date_to) out.date_to = String(q.date_to)
  return out
}

export type LoadedReport =
  | { report: 'recruitment'; data: Recruitment }
  | { report: 'attendance'; data: Attendance }
  | { report: 'absorption'; data: Absorption }
  | { report: 'tracer-study'; data: Tracer }

export function loadReport(report: ReportKey, query: ReportQuery): Promise<LoadedReport> {
  const params = { params: { query } }
  switch (report) {
    case 'attendance':
      return unwrap(api.GET('/api/admin/reports/attendance', params)).then((r) => ({ report, data: r.data }))
    case 'absorption':
      return unwrap(api.GET('/api/admin/reports/absorption', params)).then((r) => ({ report, data: r.data }))
    case 'tracer-study':
      return unwrap(api.GET('/api/admin/reports/tracer-study', params)).then((r) => ({
        report,
        data: r.data,
      }))
    default:
      return unwrap(api.GET('/api/admin/reports/recruitment', params)).then((r) => ({
        report: 'recruitment' as const,
        data: r.data,
      }))
  }
}

/** The period the report covers, as the API echoed it. */
export function periodText(f: Recruitment['filters']): string {
  const { from, to } = f.period
  if (!from && !to) return 'Semua data'
  if (from && to) return `${formatDate(from)} – ${formatDate(to)}`
  return from ? `Sejak ${formatDate(from)}` : `Sampai ${formatDate(to)}`
}
