// The student's and the alumnus's screens after the vacancy list (loaded together, as one script).
import '../styles-all'

export { MyApplicationPage } from '../features/applications/my-detail-page'
export { MyApplicationsPage } from '../features/applications/my-list-page'
export { CheckInPage } from '../features/check-in/check-in-page'
export { PortfolioPage } from '../features/portfolio/portfolio-page'
export { VacancyDetailPage } from '../features/vacancies/detail-page'
