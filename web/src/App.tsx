import { Center, Loader } from '@mantine/core'
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react'
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router'
import { Forbidden, NotFoundView } from './components/ui'
import { LoginPage } from './features/auth/login-page'
import { homeOf, type Role, useSession } from './features/auth/session'
import { VacancyListPage as Vacancies } from './features/vacancies/list-page'
import { Layout } from './Layout'

/**
 * A screen loaded when first opened (the student's vacancy list and the login are in the first bundle).
 * What loads this way brings all of Mantine's styles (styles-all.ts), which only the first screens do
 * without (see main.tsx).
 */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType })))
}

// The screens live by feature (web/src/features, mirroring the service's src/modules); they load as one
// script per area (web/src/screens), so that a role's next screen is usually there already.
const common = () => import('./screens/common')
const learner = () => import('./screens/learner')
const hrd = () => import('./screens/hrd')
const admin = () => import('./screens/admin')

const Account = page(common, 'AccountPage')
const Notifications = page(common, 'NotificationsPage')
const VacancyDetail = page(learner, 'VacancyDetailPage')
const MyApplications = page(learner, 'MyApplicationsPage')
const MyApplication = page(learner, 'MyApplicationPage')
const Portfolio = page(learner, 'PortfolioPage')
const Tracer = page(() => import('./features/tracer-study/form-page'), 'TracerStudyPage')
const HrdHome = page(hrd, 'HrdHomePage')
const HrdVacancies = page(hrd, 'HrdVacanciesPage')
const HrdVacancyForm = page(hrd, 'HrdVacancyFormPage')
const Reviews = page(hrd, 'ReviewsPage')
const Review = page(hrd, 'ReviewDetailPage')
const Schedules = page(hrd, 'SchedulesPage')
const ScheduleForm = page(hrd, 'ScheduleFormPage')
const Schedule = page(hrd, 'ScheduleDetailPage')
const Results = page(hrd, 'SelectionResultsPage')
const Placements = page(hrd, 'PlacementsPage')
const AdminHome = page(() => import('./features/reports/dashboard-page'), 'AdminDashboardPage')
const Students = page(admin, 'StudentsPage')
const Alumni = page(admin, 'AlumniPage')
const Companies = page(admin, 'CompaniesPage')
const Departments = page(admin, 'DepartmentsPage')
const Majors = page(admin, 'MajorsPage')
const Attendance = page(admin, 'AttendancePage')
const Monitoring = page(admin, 'MonitoringPage')
const Reports = page(() => import('./features/reports/reports-page'), 'ReportsPage')
const Users = page(admin, 'UsersPage')

const LEARNER: Role[] = ['siswa', 'alumni']
const ADMIN: Role[] = ['admin', 'superadmin']

/** A screen for some roles only: another role is told so instead of seeing a broken page. */
function Only({ roles, children }: { roles: Role[]; children: ReactNode }) {
  const { user } = useSession()
  if (!user) return null
  if (!roles.includes(user.role)) return <Forbidden />
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader aria-label="Memuat" />
        </Center>
      }
    >
      {children}
    </Suspense>
  )
}

function Home() {
  const { user } = useSession()
  return <Navigate to={user ? homeOf(user.role) : '/login'} replace />
}

const ALL: Role[] = ['siswa', 'alumni', 'hrd', 'admin', 'superadmin']
const r = (path: string, roles: Role[], el: ReactNode) => ({ path, element: <Only roles={roles}>{el}</Only> })

const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  {
    element: <Layout />,
    children: [
      { index: true, element: <Home /> },
      r('akun', ALL, <Account />),
      r('notifikasi', ALL, <Notifications />),
      r('lowongan', LEARNER, <Vacancies />),
      r('lowongan/:id', LEARNER, <VacancyDetail />),
      r('lamaran', LEARNER, <MyApplications />),
      r('lamaran/:id', LEARNER, <MyApplication />),
      r('portofolio', LEARNER, <Portfolio />),
      r('tracer-study', ['alumni'], <Tracer />),
      r('hrd', ['hrd'], <HrdHome />),
      r('hrd/lowongan', ['hrd'], <HrdVacancies />),
      r('hrd/lowongan/baru', ['hrd'], <HrdVacancyForm />),
      r('hrd/lowongan/:id/ubah', ['hrd'], <HrdVacancyForm />),
      r('hrd/pelamar', ['hrd'], <Reviews />),
      r('hrd/pelamar/:id', ['hrd'], <Review />),
      r('hrd/jadwal', ['hrd'], <Schedules />),
      r('hrd/jadwal/baru', ['hrd'], <ScheduleForm />),
      r('hrd/jadwal/:id', ['hrd'], <Schedule />),
      r('hrd/hasil', ['hrd'], <Results />),
      r('hrd/penempatan', ['hrd'], <Placements />),
      r('admin', ADMIN, <AdminHome />),
      r('admin/siswa', ADMIN, <Students />),
      r('admin/alumni', ADMIN, <Alumni />),
      r('admin/perusahaan', ADMIN, <Companies />),
      r('admin/bidang', ADMIN, <Departments />),
      r('admin/jurusan', ADMIN, <Majors />),
      r('admin/kehadiran', ADMIN, <Attendance />),
      r('admin/seleksi', ADMIN, <Monitoring />),
      r('admin/laporan', ADMIN, <Reports />),
      r('admin/pengguna', ['superadmin'], <Users />),
      { path: '*', element: <NotFoundView /> },
    ],
  },
])

export function App() {
  return <RouterProvider router={router} />
}
