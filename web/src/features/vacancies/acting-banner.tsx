import { Alert, Anchor, Button, Group, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { stopActing, useActingCompany } from '../../lib/acting-company'
import { useSession } from '../auth/session'

const LINKS = [
  ['/hrd/pelamar', 'Seleksi berkas'],
  ['/hrd/jadwal', 'Jadwal tes'],
  ['/hrd/hasil', 'Hasil seleksi'],
] as const

/**
 * An HR screen whose calls name the company (the lists, the schedule form): for staff, shown once a company
 * is chosen. Before that the banner alone says how to choose one; the screen's calls would all be refused.
 */
export function WithActingCompany({ children }: { children: ReactNode }) {
  const { user } = useSession()
  const company = useActingCompany()
  const staff = user?.role === 'admin' || user?.role === 'superadmin'
  return staff && !company ? null : children
}

/**
 * Above HR's screens when career-center staff use them for a company without an HR account: which company,
 * the screens of its selection, and the way back to the admin's vacancies. Nothing for anyone else.
 */
export function ActingBanner() {
  const { user } = useSession()
  const company = useActingCompany()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const staff = user?.role === 'admin' || user?.role === 'superadmin'
  if (!staff || !pathname.startsWith('/hrd/')) return null
  if (!company)
    return (
      <Alert color="yellow" mb="md" title="Pilih perusahaan terlebih dahulu">
        Layar ini milik HRD. Admin BKK memakainya untuk perusahaan tanpa akun HRD: pilih "Kelola seleksi" pada
        lowongan perusahaan itu di{' '}
        <Anchor component={Link} to="/admin/lowongan">
          Lowongan
        </Anchor>
        .
      </Alert>
    )
  return (
    <Alert color="grape" mb="md" title={`Bertindak untuk ${company.name}`} data-print="hide">
      <Group justify="space-between" gap="xs">
        <Group gap="md">
          <Text size="sm">Perusahaan tanpa akun HRD; setiap perubahan tercatat atas nama Anda.</Text>
          {LINKS.map(([to, text]) => (
            <Anchor
              key={to}
              component={Link}
              to={to}
              size="sm"
              fw={pathname.startsWith(to) ? 700 : undefined}
            >
              {text}
            </Anchor>
          ))}
        </Group>
        <Button
          size="xs"
          variant="light"
          color="grape"
          onClick={() => {
            stopActing()
            navigate('/admin/lowongan')
          }}
        >
          Selesai
        </Button>
      </Group>
    </Alert>
  )
}
