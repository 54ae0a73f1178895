import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core'
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react'
import { createBrowserRouter, Navigate, RouterProvider, useRouteError } from 'react-router'
import { Forbidden, NotFoundPage } from './components/ui'
import { LoginPage } from './features/auth/login-page'
import { homeOf, type Role, useSession } from './features/auth/session'
import { WithActingCompany } from './features/vacancies/acting-banner'
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
const CheckIn = page(learner, 'CheckInPage')
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
// Made for paper: the sign-in sheet of a test, the announcement of a vacancy's acceptances (print-sheet.tsx).
const AttendanceSheet = page(hrd, 'AttendanceSheetPage')
const Announcement = page(hrd, 'AnnouncementPage')
const Placements = page(hrd, 'PlacementsPage')
const AdminHome = page(() => import('./features/reports/dashboard-page'), 'AdminDashboardPage')
const Students = page(admin, 'StudentsPage')
const Alumni = page(admin, 'AlumniPage')
// One learner's page: a script of its own over the lists' (screens/learner-record.ts).
const learnerRecord = () => import('./screens/learner-record')
const Student = page(learnerRecord, 'StudentPage')
const Alumnus = page(learnerRecord, 'AlumnusPage')
const RosterImport = page(admin, 'RosterImportPage')
const Graduation = page(admin, 'GraduationPage')
const Companies = page(admin, 'CompaniesPage')
const AdminVacancies = page(admin, 'AdminVacanciesPage')
const AdminVacancyForm = page(admin, 'AdminVacancyFormPage')
const Departments = page(admin, 'DepartmentsPage')
const Majors = page(admin, 'MajorsPage')
const Attendance = page(admin, 'AttendancePage')
const Monitoring = page(admin, 'MonitoringPage')
const Reports = page(() => import('./features/reports/reports-page'), 'ReportsPage')
const AdminPlacements = page(admin, 'AdminPlacementsPage')
const StaffTracerList = page(() => import('./features/tracer-study/staff-list-page'), 'StaffTracerListPage')
const StaffTracer = page(() => import('./features/tracer-study/staff-detail-page'), 'StaffTracerDetailPage')
const Users = page(admin, 'UsersPage')
const MessageTemplates = page(admin, 'MessageTemplatesPage')
const MessageTemplate = page(admin, 'MessageTemplateEditPage')
const CompanyRegistrations = page(admin, 'CompanyRegistrationsPage')
const registration = () => import('./screens/registration')
const RegisterCompany = page(registration, 'RegisterCompanyPage')
const ConfirmRegistration = page(registration, 'ConfirmRegistrationPage')
const passwords = () => import('./screens/password')
const ForgotPassword = page(passwords, 'ForgotPasswordPage')
const SetPassword = page(passwords, 'SetPasswordPage')
const ForcedChange = page(passwords, 'ForcedChangePage')

const LEARNER: Role[] = ['siswa', 'alumni']
const ADMIN: Role[] = ['admin', 'superadmin']
/** HR's selection screens, which staff also use for a company without HR (web/src/lib/acting-company.ts). */
const HRD_STAFF: Role[] = ['hrd', ...ADMIN]

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

/**
 * A screen that could not be shown: mostly its script did not load (the network dropped, or a release
 * replaced the files while the tab was open; main.tsx reloads once by itself), else an error of the screen.
 * In place of react-router's page for developers; inside the layout, whose menu still works.
 */
function LoadFailed() {
  console.error(useRouteError())
  return (
    <Center py="xl" px="md">
      <Stack align="center" gap="xs" maw={420} ta="center" role="alert">
        <Title order={1} size="h2">
          Halaman gagal dimuat
        </Title>
        <Text c="dimmed">
          Periksa koneksi internet Anda, lalu muat ulang halaman. Jika masih gagal, hubungi admin BKK sekolah.
        </Text>
        <Button variant="light" onClick={() => location.reload()}>
          Muat ulang
        </Button>
      </Stack>
    </Center>
  )
}

function Home() {
  const { user } = useSession()
  return <Navigate to={user ? homeOf(user.role) : '/login'} replace />
}

const ALL: Role[] = ['siswa', 'alumni', 'hrd', 'admin', 'superadmin']
const r = (path: string, roles: Role[], el: ReactNode) => ({ path, element: <Only roles={roles}>{el}</Only> })
/** An HR screen that staff open only once they act for a company (its calls name the company). */
const acting = (path: string, el: ReactNode) =>
  r(path, HRD_STAFF, <WithActingCompany>{el}</WithActingCompany>)

/** A page outside the signed-in layout (the password pages), loaded when first opened. */
const standalone = (path: string, el: ReactNode) => ({
  path,
  element: <Suspense fallback={null}>{el}</Suspense>,
  errorElement: <LoadFailed />,
})

const router = createBrowserRouter([
  { path: '/login', element: <LoginPage />, errorElement: <LoadFailed /> },
  standalone('/lupa-kata-sandi', <ForgotPassword />),
  standalone('/atur-kata-sandi', <SetPassword />),
  standalone('/ganti-kata-sandi', <ForcedChange />),
  standalone('/daftar-perusahaan', <RegisterCompany />),
  standalone('/daftar-perusahaan/konfirmasi', <ConfirmRegistration />),
  {
    element: <Layout />,
    errorElement: <LoadFailed />,
    // The screens' errors show in the layout's place for them (a route without element renders its child).
    children: [
      {
        errorElement: <LoadFailed />,
        children: [
          { index: true, element: <Home /> },
          r('akun', ALL, <Account />),
          r('notifikasi', ALL, <Notifications />),
          r('lowongan', LEARNER, <Vacancies />),
          r('lowongan/:id', LEARNER, <VacancyDetail />),
          r('lamaran', LEARNER, <MyApplications />),
          r('lamaran/:id', LEARNER, <MyApplication />),
          r('portofolio', LEARNER, <Portfolio />),
          r('check-in', LEARNER, <CheckIn />),
          r('tracer-study', ['alumni'], <Tracer />),
          r('hrd', ['hrd'], <HrdHome />),
          r('hrd/lowongan', ['hrd'], <HrdVacancies />),
          r('hrd/lowongan/baru', ['hrd'], <HrdVacancyForm />),
          r('hrd/lowongan/:id/ubah', ['hrd'], <HrdVacancyForm />),
          acting('hrd/pelamar', <Reviews />),
          r('hrd/pelamar/:id', HRD_STAFF, <Review />),
          acting('hrd/jadwal', <Schedules />),
          acting('hrd/jadwal/baru', <ScheduleForm />),
          r('hrd/jadwal/:id', HRD_STAFF, <Schedule />),
          acting('hrd/jadwal/:id/ubah', <ScheduleForm />),
          r('hrd/jadwal/:id/cetak', HRD_STAFF, <AttendanceSheet />),
          acting('hrd/hasil', <Results />),
          acting('hrd/hasil/cetak', <Announcement />),
          r('hrd/penempatan', ['hrd'], <Placements />),
          r('admin', ADMIN, <AdminHome />),
          r('admin/siswa', ADMIN, <Students />),
          r('admin/siswa/:id', ADMIN, <Student />),
          r('admin/alumni', ADMIN, <Alumni />),
          r('admin/alumni/:id', ADMIN, <Alumnus />),
          r('admin/impor-siswa', ADMIN, <RosterImport />),
          r('admin/kelulusan', ADMIN, <Graduation />),
          r('admin/perusahaan', ADMIN, <Companies />),
          r('admin/lowongan', ADMIN, <AdminVacancies />),
          r('admin/lowongan/baru', ADMIN, <AdminVacancyForm />),
          r('admin/lowongan/:id/ubah', ADMIN, <AdminVacancyForm />),
          r('admin/pendaftaran-perusahaan', ADMIN, <CompanyRegistrations />),
          r('admin/bidang', ADMIN, <Departments />),
          r('admin/jurusan', ADMIN, <Majors />),
          r('admin/kehadiran', ADMIN, <Attendance />),
          r('admin/seleksi', ADMIN, <Monitoring />),
          r('admin/laporan', ADMIN, <Reports />),
          r('admin/penempatan', ADMIN, <AdminPlacements />),
          r('admin/tracer-study', ADMIN, <StaffTracerList />),
          r('admin/tracer-study/:id', ADMIN, <StaffTracer />),
          r('admin/template-pesan', ADMIN, <MessageTemplates />),
          r('admin/template-pesan/:key', ADMIN, <MessageTemplate />),
          r('admin/pengguna', ['superadmin'], <Users />),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
])

export function App() {
  return <RouterProvider router={router} />
}
