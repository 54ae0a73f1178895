import { Alert, Anchor, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { useScreenHeading } from '../../components/ui'
import type { Me } from './session'

/** An HR account that may use no HR screen: it has no company, or its company is switched off. */
export function companyUnavailable(user: Me): boolean {
  return user.role === 'hrd' && !user.company?.isActive
}

/**
 * In place of HR's screens for such an account (the API refuses each of their calls with `company_unavailable`):
 * why, and who can change it. Its notifications and account stay open.
 */
export function NoCompany({ user }: { user: Me }) {
  const title = user.company ? 'Perusahaan sedang nonaktif' : 'Belum terhubung dengan perusahaan'
  const heading = useScreenHeading(title)
  return (
    <Stack maw={560} gap="md">
      <Title order={1} size="h2" {...heading}>
        {title}
      </Title>
      <Alert color="yellow">
        <Text size="sm">
          {user.company
            ? `${user.company.name} sedang dinonaktifkan oleh BKK sekolah, sehingga lowongan, pelamar, jadwal tes, dan hasil seleksinya tidak dapat dibuka.`
            : 'Akun HRD Anda belum terhubung dengan perusahaan mana pun, sehingga lowongan, pelamar, jadwal tes, dan hasil seleksi tidak dapat dibuka.'}{' '}
          Hubungi BKK sekolah untuk {user.company ? 'mengaktifkannya kembali' : 'menautkan akun Anda'}.
        </Text>
      </Alert>
      <Text size="sm">
        Anda tetap dapat membuka{' '}
        <Anchor component={Link} to="/notifikasi">
          Notifikasi
        </Anchor>{' '}
        dan{' '}
        <Anchor component={Link} to="/akun">
          Akun saya
        </Anchor>
        .
      </Text>
    </Stack>
  )
}
