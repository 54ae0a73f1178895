import { AppShell, Burger, Group, Indicator, NavLink, Text, UnstyledButton } from '@mantine/core'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Link, Navigate, Outlet, useBlocker, useLocation } from 'react-router'
import { companyUnavailable, NoCompany } from './features/auth/no-company'
import { type Role, useSession } from './features/auth/session'
import { UnreadCount, useUnreadCountSource } from './features/notifications/unread-count'
import { ActingBanner } from './features/vacancies/acting-banner'
import classes from './Layout.module.css'
import { label } from './lib/labels'
import { bkkName } from './lib/school'

interface MenuItem {
  to: string
  label: string
  roles: Role[]
}

export const MENU: MenuItem[] = [
  { to: '/lowongan', label: 'Lowongan', roles: ['siswa', 'alumni'] },
  { to: '/lamaran', label: 'Lamaran saya', roles: ['siswa', 'alumni'] },
  { to: '/portofolio', label: 'Portofolio', roles: ['siswa', 'alumni'] },
  { to: '/check-in', label: 'Check-in tes', roles: ['siswa', 'alumni'] },
  { to: '/tracer-study', label: 'Tracer study', roles: ['alumni'] },
  { to: '/hrd', label: 'Beranda', roles: ['hrd'] },
  { to: '/hrd/lowongan', label: 'Lowongan', roles: ['hrd'] },
  { to: '/hrd/pelamar', label: 'Seleksi berkas', roles: ['hrd'] },
  { to: '/hrd/jadwal', label: 'Jadwal tes', roles: ['hrd'] },
  { to: '/hrd/hasil', label: 'Hasil seleksi', roles: ['hrd'] },
  { to: '/hrd/penempatan', label: 'Penempatan', roles: ['hrd'] },
  { to: '/admin', label: 'Beranda', roles: ['admin', 'superadmin'] },
  { to: '/admin/siswa', label: 'Siswa', roles: ['admin', 'superadmin'] },
  { to: '/admin/alumni', label: 'Alumni', roles: ['admin', 'superadmin'] },
  { to: '/admin/impor-siswa', label: 'Impor siswa', roles: ['admin', 'superadmin'] },
  { to: '/admin/kelulusan', label: 'Kelulusan', roles: ['admin', 'superadmin'] },
  { to: '/admin/perusahaan', label: 'Perusahaan', roles: ['admin', 'superadmin'] },
  { to: '/admin/lowongan', label: 'Lowongan', roles: ['admin', 'superadmin'] },
  { to: '/admin/pendaftaran-perusahaan', label: 'Pendaftaran perusahaan', roles: ['admin', 'superadmin'] },
  { to: '/admin/bidang', label: 'Bidang keahlian', roles: ['admin', 'superadmin'] },
  { to: '/admin/jurusan', label: 'Kompetensi keahlian', roles: ['admin', 'superadmin'] },
  { to: '/admin/kehadiran', label: 'Validasi kehadiran', roles: ['admin', 'superadmin'] },
  { to: '/admin/seleksi', label: 'Progres seleksi', roles: ['admin', 'superadmin'] },
  { to: '/admin/penempatan', label: 'Penempatan', roles: ['admin', 'superadmin'] },
  { to: '/admin/tracer-study', label: 'Tracer study', roles: ['admin', 'superadmin'] },
  { to: '/admin/laporan', label: 'Laporan', roles: ['admin', 'superadmin'] },
  { to: '/admin/template-pesan', label: 'Template pesan', roles: ['admin', 'superadmin'] },
  { to: '/admin/pengguna', label: 'Pengguna', roles: ['superadmin'] },
  { to: '/notifikasi', label: 'Notifikasi', roles: ['siswa', 'alumni', 'hrd', 'admin', 'superadmin'] },
  { to: '/akun', label: 'Akun saya', roles: ['siswa', 'alumni', 'hrd', 'admin', 'superadmin'] },
]

export function menuFor(role: Role): MenuItem[] {
  return MENU.filter((m) => m.roles.includes(role))
}

// The account menu's dropdown (floating positioning) loads after the first screen; until then its name shows.
const AccountMenu = lazy(() => import('./AccountMenu'))

function AccountName({ name, role }: { name: string; role: Role }) {
  return (
    <>
      <Text size="sm" fw={500} truncate>
        {name}
      </Text>
      <Text size="xs" c="dimmed" truncate>
        {label('role', role)}
      </Text>
    </>
  )
}

/**
 * While an HR account shows as without an active company (`on`), the account is read again on navigation, every
 * minute and when the tab comes back into view: the school switching the company on (or linking the account)
 * gives HR's menu and screens back. None of the screens it may open meanwhile calls an HR route, whose 403 would
 * otherwise tell the tab (`setAccountChangedHandler`).
 */
function useCompanyRecheck(on: boolean, refresh: (opts?: { background?: boolean }) => Promise<void>) {
  const { pathname } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again on navigation
  useEffect(() => {
    if (!on) return
    refresh()
    // The minute's and the return's reads are the tab's own (`X-Background`): they keep no idle session alive.
    const again = () => {
      if (document.visibilityState === 'visible') refresh({ background: true })
    }
    const timer = setInterval(again, 60_000)
    document.addEventListener('visibilitychange', again)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', again)
    }
  }, [pathname, on, refresh])
}

/**
 * While the password prompt is up (a lapsed session), the screen under it stays where it is: the browser's Back
 * (a phone's) or any other move would take the kept screen, and what was typed in it, away unseen.
 */
function KeepScreen() {
  const blocker = useBlocker(true)
  useEffect(() => {
    if (blocker.state === 'blocked') blocker.reset()
  }, [blocker])
  return null
}

export function Layout() {
  const { user, ready, signedOut, lapsed, logout, refresh } = useSession()
  const location = useLocation()
  // The phone's menu is open on the screen it was opened on: any move (its links, the bell, the logo, the
  // account menu, the browser's Back) closes it.
  const [menuAt, setMenuAt] = useState<string | null>(null)
  const opened = menuAt === location.key
  // An account that must change its password first may use nothing else (the API refuses it too).
  const mustChange = user?.mustChangePassword === true
  const unreadCount = useUnreadCountSource(mustChange)
  const unread = unreadCount.count
  useCompanyRecheck(user !== null && companyUnavailable(user), refresh)
  if (!ready) return null
  // A visit without a session goes to login and comes back after; logging out goes to the plain login page.
  if (!user)
    return (
      <Navigate
        to={signedOut ? '/login' : `/login?next=${encodeURIComponent(location.pathname + location.search)}`}
        replace
      />
    )
  if (mustChange) return <Navigate to="/ganti-kata-sandi" replace />
  // An HR account without an active company keeps its notifications and account; HR's screens say why not.
  const noCompany = companyUnavailable(user)
  const items = noCompany ? menuFor(user.role).filter((m) => !m.to.startsWith('/hrd')) : menuFor(user.role)
  const active = (to: string) =>
    location.pathname === to ||
    (location.pathname.startsWith(`${to}/`) &&
      !items.some((i) => i.to !== to && i.to.startsWith(`${to}/`) && location.pathname.startsWith(i.to)))

  return (
    <UnreadCount.Provider value={unreadCount}>
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="md"
      >
        {/* First in the page: a keyboard user goes past the header and the menu at once. */}
        <a href="#konten" className={classes.skip}>
          Lewati ke konten
        </a>
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Burger
                opened={opened}
                onClick={() => setMenuAt(opened ? null : location.key)}
                hiddenFrom="sm"
                size="sm"
                aria-label="Buka menu"
                aria-expanded={opened}
                aria-controls="menu-utama"
              />
              <Text component={Link} to="/" fw={700} size="lg" c="blue.8" td="none">
                bursa
              </Text>
              {/* The school's name (SCHOOL_NAME) may be long: an ellipsis rather than push the bell away. */}
              <Text size="sm" c="dimmed" visibleFrom="xs" truncate="end">
                {bkkName()}
              </Text>
            </Group>
            {/* On a narrow phone the account's name shrinks to an ellipsis rather than leave the screen. */}
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Indicator label={unread} size={18} disabled={unread === 0} color="red" offset={4}>
                <UnstyledButton
                  component={Link}
                  to="/notifikasi"
                  aria-label={`Notifikasi, ${unread} belum dibaca`}
                  px={6}
                  py={4}
                  fz="sm"
                >
                  <svg
                    width="22"
                    height="22"
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    aria-hidden="true"
                  >
                    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
                    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
                  </svg>
                </UnstyledButton>
              </Indicator>
              <Suspense
                fallback={
                  <div style={{ maxWidth: 180, minWidth: 0 }}>
                    <AccountName name={user.fullName} role={user.role} />
                  </div>
                }
              >
                <AccountMenu name={<AccountName name={user.fullName} role={user.role} />} onLogout={logout} />
              </Suspense>
            </Group>
          </Group>
        </AppShell.Header>
        {/* Shut on a phone, the menu is out of the Tab order and of what a screen reader reads (Layout.module.css). */}
        <AppShell.Navbar
          id="menu-utama"
          p="xs"
          aria-label="Menu utama"
          style={{ overflowY: 'auto' }}
          className={classes.menu}
          data-shut={opened ? undefined : true}
        >
          <nav>
            {items.map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                active={active(item.to)}
                onClick={() => setMenuAt(null)}
                aria-current={active(item.to) ? 'page' : undefined}
              />
            ))}
          </nav>
        </AppShell.Navbar>
        <AppShell.Main id="konten" tabIndex={-1}>
          <ActingBanner />
          {noCompany && location.pathname.startsWith('/hrd') ? <NoCompany user={user} /> : <Outlet />}
        </AppShell.Main>
      </AppShell>
      {lapsed !== null && <KeepScreen />}
    </UnreadCount.Provider>
  )
}
