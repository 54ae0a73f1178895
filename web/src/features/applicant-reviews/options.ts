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
