import {
  Alert,
  Anchor,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router'
import { ApiError, fieldErrors } from '../../api/client'
import { useTabTitle } from '../../components/ui'
import { retryAfterOf, retryMessage, useRetryWait } from '../../lib/retry-wait'
import { schoolName } from '../../lib/school'
import { homeOf, useSession } from './session'

/** The e-mail a move to this page brought (`{ email }`, from a password link's page), or ''. */
function emailGiven(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email
  return typeof email === 'string' ? email : ''
}

// The login keeps its own form state rather than components/form.ts: it is in the first bundle, which
// stays as small as it can.
export function LoginPage() {
  useTabTitle('Masuk')
  const { user, ready, ended, login } = useSession()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  // A password link's "Masuk" names its account (the move's state): the password is what is left to type.
  const given = emailGiven(useLocation().state)
  const [email, setEmail] = useState(given)
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  // Too many attempts (429): "Masuk" stays off while the message counts the seconds down.
  const [refusal, setRefusal] = useState<unknown>(null)
  const wait = useRetryWait(refusal)
  const next = params.get('next')

  if (ready && user) return <Navigate to={next?.startsWith('/') ? next : homeOf(user.role)} replace />

  async function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setError(null)
    setErrors({})
    setRefusal(null)
    try {
      const me = await login(email, password)
      navigate(next?.startsWith('/') && !next.startsWith('/login') ? next : homeOf(me.role), {
        replace: true,
      })
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Gagal masuk.')
      setErrors(fieldErrors(err))
      setRefusal(err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper component="main" withBorder shadow="sm" p="lg" w="100%" maw={400}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <div>
              <Title order={1} size="h2" c="blue.8">
                bursa
              </Title>
              <Text size="sm" c="dimmed">
                Bursa Kerja Khusus {schoolName() || 'SMK'}: masuk dengan akun Anda.
              </Text>
            </div>
            {error ? (
              <Alert color="red" role="alert">
                {retryAfterOf(refusal) ? retryMessage(error, wait) : error}
              </Alert>
            ) : (
              // Why the screen the user worked on gave way to this page (the session expired, was ended
              // elsewhere, the account was deactivated), until they sign in again.
              ended && (
                <Alert color="yellow" role="status">
                  {ended}
                </Alert>
              )
            )}
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={errors.email}
              data-autofocus={given ? undefined : true}
              autoFocus={!given}
            />
            <PasswordInput
              label="Kata sandi"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
              data-autofocus={given ? true : undefined}
              autoFocus={!!given}
            />
            <Button type="submit" loading={busy} disabled={wait > 0} fullWidth>
              Masuk
            </Button>
            <Anchor component={Link} to="/lupa-kata-sandi" size="sm" ta="center">
              Lupa kata sandi?
            </Anchor>
            <Text size="sm" ta="center" c="dimmed">
              Perusahaan mitra?{' '}
              <Anchor component={Link} to="/daftar-perusahaan" size="sm">
                Daftar di sini
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Paper>
    </Center>
  )
}
