import { Alert, Anchor, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useState } from 'react'
import { Link } from 'react-router'
import { ApiError, api, unwrap } from '../../api/client'
import { useForm } from '../../components/form'
import { SubmitButton } from '../../components/submit-button'
import { useTabTitle } from '../../components/ui'

/**
 * "Lupa kata sandi?": asks for a one-time link by e-mail. The service answers the same whatever the
 * e-mail (and says so when the school has no e-mail set up: then the career center hands links over).
 */
export function ForgotPasswordPage() {
  useTabTitle('Lupa kata sandi')
  const form = useForm({ email: '' })
  const [answer, setAnswer] = useState<string | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const send = form.submit(
    async (body) => {
      setRefusal(null)
      const res = await unwrap(api.POST('/api/forgot-password', { body }))
      setAnswer(res.message)
    },
    (err) => {
      if (!(err instanceof ApiError && err.status === 422))
        setRefusal(err instanceof Error ? err.message : String(err))
    },
  )
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper component="main" withBorder shadow="sm" p="lg" w="100%" maw={420}>
        <Stack>
          <div>
            <Title order={1} size="h2">
              Lupa kata sandi
            </Title>
            <Text size="sm" c="dimmed">
              Tulis e-mail akun Anda. Kami kirimkan tautan untuk membuat kata sandi baru.
            </Text>
          </div>
          {answer ? (
            <Alert color="green" role="status" title="Permintaan diterima">
              {answer}
            </Alert>
          ) : (
            <form onSubmit={send} noValidate>
              <Stack>
                {refusal && (
                  <Alert color="red" role="alert">
                    {refusal}
                  </Alert>
                )}
                <TextInput
                  label="E-mail"
                  type="email"
                  autoComplete="username"
                  required
                  autoFocus
                  {...form.text('email')}
                />
                <SubmitButton form={form} fullWidth>
                  Kirim tautan
                </SubmitButton>
              </Stack>
            </form>
          )}
          <Anchor component={Link} to="/login" size="sm">
            Kembali ke halaman masuk
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  )
}
