import { Alert, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { Navigate, useNavigate } from 'react-router'
import { useTabTitle } from '../../components/ui'
import { toastOk } from '../../lib/toast'
import { ChangePasswordForm } from './change-password-form'
import { homeOf, useSession } from './session'

/**
 * Shown before anything else while the account must change its password (`mustChangePassword`, e.g. an
 * account made by a roster import with a password handed out on paper): the service refuses every other
 * route until then.
 */
export function ForcedChangePage() {
  useTabTitle('Ganti kata sandi')
  const { user, ready, logout } = useSession()
  const navigate = useNavigate()
  if (!ready) return null
  if (!user) return <Navigate to="/login" replace />
  if (!user.mustChangePassword) return <Navigate to={homeOf(user.role)} replace />
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper component="main" withBorder shadow="sm" p="lg" w="100%" maw={440}>
        <Stack>
          <div>
            <Title order={1} size="h2">
              Ganti kata sandi
            </Title>
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {user.fullName} · {user.email}
            </Text>
          </div>
          <Alert color="blue" role="status">
            Demi keamanan akun Anda, ganti kata sandi yang Anda terima dengan kata sandi pilihan Anda sendiri
            sebelum memakai bursa.
          </Alert>
          <ChangePasswordForm
            submitLabel="Simpan dan lanjutkan"
            onDone={() => {
              toastOk('Kata sandi diganti.')
              navigate(homeOf(user.role), { replace: true })
            }}
          />
          <Group justify="flex-end">
            <Button variant="subtle" color="gray" size="xs" onClick={logout}>
              Keluar
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  )
}
