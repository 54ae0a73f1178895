import {
  Alert,
  Anchor,
  Button,
  Center,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ApiError, api, unwrap } from '../../api/client'
import { useForm } from '../../components/form'
import { SubmitButton } from '../../components/submit-button'
import { useTabTitle } from '../../components/ui'
import { formatDateTime } from '../../lib/format'
import { useSession } from './session'

type PasswordLink = { purpose: 'reset' | 'setup'; email: string; expiresAt: string }
type State =
  | { kind: 'checking' }
  | { kind: 'ready'; link: PasswordLink }
  | { kind: 'invalid'; message: string }
  | { kind: 'done'; purpose: PasswordLink['purpose']; message: string }

const INVALID = 'Tautan ini tidak valid, sudah dipakai, atau sudah kedaluwarsa.'

/** The login form's state: the link's account, its e-mail filled in (login-page.tsx). */
const forAccount = (email: string) => (email ? { email } : undefined)

/**
 * A password link is about its own account: another account signed in at this browser (the BKK office's PC,
 * where staff hand a link over in person and the learner opens it right there) is signed out here on opening
 * it, and the page says so. "Masuk" then went to /login, which sent the signed-in account (staff's) to its
 * home: the learner worked in the admin's session. A link without an e-mail is nobody's to keep a session for.
 * Returns the name of the account signed out, if any.
 */
function useOnlyTheLinksAccount(email: string): string | null {
  const { user, logout } = useSession()
  const [signedOut, setSignedOut] = useState<string | null>(null)
  useEffect(() => {
    if (!user || (email && user.email.toLowerCase() === email.toLowerCase())) return
    setSignedOut(user.fullName)
    logout()
  }, [user, email, logout])
  return signedOut
}

/**
 * `/atur-kata-sandi?email=…&token=…`: the page of a one-time password link, for a forgotten password
 * (`reset`, sent by e-mail or handed over by the career center) and for a new account's first password
 * (`setup`). It says which, checks the link before the form, and sets the password once.
 */
export function SetPasswordPage() {
  const [params] = useSearchParams()
  const email = params.get('email') ?? ''
  const token = params.get('token') ?? ''
  const { user, logout } = useSession()
  const signedOut = useOnlyTheLinksAccount(email)
  const [state, setState] = useState<State>(() =>
    email && token ? { kind: 'checking' } : { kind: 'invalid', message: INVALID },
  )

  useEffect(() => {
    if (!email || !token) return
    let alive = true
    unwrap(api.POST('/api/reset-password/check', { body: { email, token } })).then(
      (res) => alive && setState({ kind: 'ready', link: res.data }),
      (err) => alive && setState({ kind: 'invalid', message: err instanceof Error ? err.message : INVALID }),
    )
    return () => {
      alive = false
    }
  }, [email, token])

  const form = useForm({ password: '', password_confirmation: '' })
  const save = form.submit(
    async (body) => {
      const res = await unwrap(api.POST('/api/reset-password', { body: { email, token, ...body } }))
      // The service ended every session of the account, this browser's too when it was signed in as it.
      if (user && user.email.toLowerCase() === email.toLowerCase()) await logout()
      setState({ kind: 'done', purpose: res.data.purpose, message: res.message })
    },
    (err) => {
      if (err instanceof ApiError && err.errors.token) setState({ kind: 'invalid', message: err.message })
      else if (!(err instanceof ApiError && err.status === 422))
        setState({ kind: 'invalid', message: err instanceof Error ? err.message : INVALID })
    },
  )

  const setup =
    state.kind === 'ready'
      ? state.link.purpose === 'setup'
      : state.kind === 'done' && state.purpose === 'setup'
  useTabTitle(setup ? 'Buat kata sandi' : 'Atur ulang kata sandi')
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper component="main" withBorder shadow="sm" p="lg" w="100%" maw={440}>
        <Stack>
          <Title order={1} size="h2">
            {setup ? 'Buat kata sandi akun Anda' : 'Atur ulang kata sandi'}
          </Title>
          {signedOut && (
            <Alert color="blue" role="status">
              Anda telah keluar dari akun {signedOut} di peramban ini.
            </Alert>
          )}
          {state.kind === 'checking' && (
            <Center py="md">
              <Loader aria-label="Memeriksa tautan" />
            </Center>
          )}
          {state.kind === 'invalid' && (
            <>
              <Alert color="red" role="alert" title="Tautan tidak dapat dipakai">
                {state.message}
              </Alert>
              <Text size="sm">
                Minta tautan baru lewat{' '}
                <Anchor component={Link} to="/lupa-kata-sandi">
                  Lupa kata sandi
                </Anchor>
                , atau hubungi admin BKK sekolah.
              </Text>
            </>
          )}
          {state.kind === 'ready' && (
            <form onSubmit={save} noValidate>
              <Stack>
                <Text size="sm">
                  {setup
                    ? 'Akun Anda sudah dibuat. Buat kata sandi untuk masuk pertama kali dengan akun '
                    : 'Buat kata sandi baru untuk akun '}
                  <Text span fw={600} style={{ wordBreak: 'break-all' }}>
                    {state.link.email}
                  </Text>
                  .
                </Text>
                <Text size="xs" c="dimmed">
                  Tautan sekali pakai ini berlaku sampai {formatDateTime(state.link.expiresAt)}.
                </Text>
                <PasswordInput
                  label="Kata sandi baru"
                  description="Minimal 8 karakter; bukan kata sandi umum, nama atau e-mail Anda."
                  autoComplete="new-password"
                  required
                  autoFocus
                  {...form.text('password')}
                />
                <PasswordInput
                  label="Ulangi kata sandi baru"
                  autoComplete="new-password"
                  required
                  {...form.text('password_confirmation')}
                />
                <SubmitButton form={form} fullWidth>
                  Simpan kata sandi
                </SubmitButton>
              </Stack>
            </form>
          )}
          {state.kind === 'done' && (
            <>
              <Alert color="green" role="status" title="Kata sandi disimpan">
                {state.message}
              </Alert>
              <Button component={Link} to="/login" state={forAccount(email)} fullWidth>
                Masuk
              </Button>
            </>
          )}
          {state.kind !== 'done' && (
            <Anchor component={Link} to="/login" state={forAccount(email)} size="sm">
              Kembali ke halaman masuk
            </Anchor>
          )}
        </Stack>
      </Paper>
    </Center>
  )
}
