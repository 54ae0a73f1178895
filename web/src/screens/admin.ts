// The career center's screens but its front page and reports (loaded together, as one script).
import '../styles-all'

export { AttendancePage } from '../features/attendance/validation-page'
export { AlumniPage } from '../features/master-data/alumni-page'
export { CompaniesPage } from '../features/master-data/companies-page'
export { DepartmentsPage } from '../features/master-data/departments-page'
export { MajorsPage } from '../features/master-data/majors-page'
export { StudentsPage } from '../features/master-data/students-page'
export { MonitoringPage } from '../features/monitoring/progress-page'
export { UsersPage } from '../features/users/users-page'
