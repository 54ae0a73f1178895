// HR's screens (loaded together, as one script).
import '../styles-all'

export { ReviewDetailPage } from '../features/applicant-reviews/detail-page'
export { ReviewsPage } from '../features/applicant-reviews/list-page'
export { PlacementsPage } from '../features/placements/list-page'
export { ScheduleDetailPage } from '../features/schedules/detail-page'
export { ScheduleFormPage } from '../features/schedules/form-page'
export { SchedulesPage } from '../features/schedules/list-page'
export { SelectionResultsPage } from '../features/selection/results-page'
export { HrdVacancyFormPage } from '../features/vacancies/hrd-form-page'
export { HrdHomePage } from '../features/vacancies/hrd-home-page'
export { HrdVacanciesPage } from '../features/vacancies/hrd-list-page'
