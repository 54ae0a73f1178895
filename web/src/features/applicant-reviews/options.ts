import { api, unwrap } from '../../api/client'
import { useLoad } from '../../lib/use-load'

/**
 * The company's vacancies (and application statuses) to filter and pick by: HR's lists of applicants,
 * schedules, results and placements all choose a vacancy from this one answer.
 */
export function useReviewOptions() {
  return useLoad(() => unwrap(api.GET('/api/hrd/applicant-reviews/options')), []).data?.data
}

/**
 * What a "tidak lolos" leaves open: the applicant is told, and the detail page's "Koreksi: loloskan" can
 * still pass them while the vacancy is not deleted (a "lolos" has no such way back).
 */
export const NOT_PASSED_CORRECTABLE =
  'Keputusan tidak lolos masih dapat dikoreksi menjadi lolos selama lowongannya belum dihapus.'

/**
 * What an applicant is now, as placements say it: "Siswa kelas XII …", or "Alumni 2026" once graduated; and, when
 * it differs, what they applied as ("melamar sebagai siswa"): a student who applied in May is an alumna by July,
 * which decides whether she can start full-time or still fits a vacancy for students.
 */
export function standingOf(a: {
  role: 'siswa' | 'alumni'
  appliedAs: 'siswa' | 'alumni'
  graduationYear: number | null
  className: string | null
}): string {
  const now =
    a.graduationYear !== null ? `Alumni ${a.graduationYear}` : a.className ? `Siswa ${a.className}` : 'Siswa'
  return a.appliedAs === a.role ? now : `${now} · melamar sebagai ${a.appliedAs}`
}
