import { Alert, Button, Center, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { ApiError, fieldErrors } from '../../api/client'
import { useSession } from './session'

/**
 * The session ended under the user while they worked (it expired, or a logout elsewhere ended it): the screen
 * stays mounted, hidden behind this opaque layer (at a shared computer nobody reads it meanwhile), and the
 * account's password brings the session back with what the user typed still there. "Keluar" ends it as a
 * logout does. Before, the screen gave way to the login page and a cover letter or a tracer answer being typed
 * was lost. Built of the login page's components: it is in the first bundle, with nothing to load when it is
 * needed (a release meanwhile would have removed a lazy chunk).
 */
export function LapsedSession({ reason }: { reason: string }) {
  const { user, resume, logout } = useSession()
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})

  async function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setError(null)
    setErrors({})
    try {
      await resume(password)
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Gagal masuk.')
      setErrors(fieldErrors(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="sesi-berakhir"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 1000,
        background: 'var(--mantine-color-gray-0)',
        overflowY: 'auto',
      }}
    >
      <Center mih="100%" p="md">
        <Paper withBorder shadow="sm" p="lg" w="100%" maw={420}>
          <form onSubmit={submit} noValidate>
            <Stack>
              <Title order={1} size="h3" id="sesi-berakhir">
                Sesi Anda berakhir
              </Title>
              <Text size="sm">{reason}</Text>
              <Text size="sm">
                Masuk lagi sebagai <b>{user?.email}</b> untuk melanjutkan. Yang sudah Anda isi di halaman ini
                tetap ada.
              </Text>
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <PasswordInput
                label="Kata sandi"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={errors.password}
                data-autofocus
                autoFocus
                required
              />
              <Group justify="space-between">
                <Button type="submit" loading={busy}>
                  Masuk lagi
                </Button>
                <Button variant="subtle" color="gray" onClick={() => logout()}>
                  Keluar
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Center>
    </div>
  )
}
