import { api, unwrap } from '../../api/client'
import { useLoad } from '../../lib/use-load'

/**
 * The company's vacancies (and application statuses) to filter and pick by: HR's lists of applicants,
 * schedules, results and placements all choose a vacancy from this one answer.
 */
export function useReviewOptions() {
  return useLoad(() => unwrap(api.GET('/api/hrd/applicant-reviews/options')), []).data?.data
}
