import { Alert, Anchor, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { api, unwrap } from '../../api/client'
import { useTabTitle } from '../../components/ui'

type State =
  | { kind: 'confirming' }
  | { kind: 'done'; message: string; company: string }
  | { kind: 'failed'; message: string }

const NO_TOKEN = 'Tautan konfirmasi tidak lengkap. Buka tautan dari e-mail pendaftaran sekali lagi.'

/**
 * `/daftar-perusahaan/konfirmasi?token=…`: the link in the confirmation e-mail. Opening it confirms the
 * contact's e-mail, and the registration goes to the career center's queue.
 */
export function ConfirmRegistrationPage() {
  useTabTitle('Konfirmasi pendaftaran')
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [state, setState] = useState<State>(() =>
    token ? { kind: 'confirming' } : { kind: 'failed', message: NO_TOKEN },
  )
  // Once per token (React's development mode runs effects twice).
  const sent = useRef<string | null>(null)

  useEffect(() => {
    if (!token || sent.current === token) return
    sent.current = token
    unwrap(api.POST('/api/company-registrations/confirm', { body: { token } })).then(
      (res) => setState({ kind: 'done', message: res.message, company: res.data.companyName }),
      (err) => setState({ kind: 'failed', message: err instanceof Error ? err.message : String(err) }),
    )
  }, [token])

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper component="main" withBorder shadow="sm" p="lg" w="100%" maw={480}>
        <Stack>
          <Title order={1} size="h2">
            Konfirmasi e-mail pendaftaran
          </Title>
          {state.kind === 'confirming' && (
            <Center py="md">
              <Loader aria-label="Mengonfirmasi" />
            </Center>
          )}
          {state.kind === 'done' && (
            <Alert color="green" role="status" title={state.company}>
              <Stack gap="xs">
                <Text size="sm">{state.message}</Text>
                <Text size="sm">
                  Hasil pemeriksaan dikirim ke e-mail Anda. Bila disetujui, e-mail itu memuat tautan untuk
                  membuat kata sandi akun HRD.
                </Text>
              </Stack>
            </Alert>
          )}
          {state.kind === 'failed' && (
            <Alert color="red" role="alert" title="E-mail belum dikonfirmasi">
              <Stack gap="xs">
                <Text size="sm">{state.message}</Text>
                <Anchor component={Link} to="/daftar-perusahaan" size="sm">
                  Daftar kembali
                </Anchor>
              </Stack>
            </Alert>
          )}
          <Anchor component={Link} to="/login" size="sm">
            Ke halaman masuk
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  )
}
