import { Group, PasswordInput, Stack } from '@mantine/core'
import { api, unwrap } from '../../api/client'
import { useForm } from '../../components/form'
import { SubmitButton } from '../../components/submit-button'
import { useSession } from './session'

const BLANK = { current_password: '', password: '', password_confirmation: '' }

/**
 * The account's own change of password (Akun saya, and the forced change after an import): the current
 * password, the new one twice. The service ends the account's other sessions; this one stays.
 */
export function ChangePasswordForm({
  onDone,
  submitLabel = 'Ganti kata sandi',
}: {
  onDone: () => void
  submitLabel?: string
}) {
  const { refresh } = useSession()
  const form = useForm(BLANK)
  const save = form.submit(async (body) => {
    await unwrap(api.POST('/api/change-password', { body }))
    form.setValues(BLANK)
    await refresh()
    onDone()
  })
  return (
    <form onSubmit={save} noValidate>
      <Stack gap="sm">
        <PasswordInput
          label="Kata sandi sekarang"
          autoComplete="current-password"
          required
          {...form.text('current_password')}
        />
        <PasswordInput
          label="Kata sandi baru"
          description="Minimal 8 karakter; bukan kata sandi umum, nama atau e-mail Anda."
          autoComplete="new-password"
          required
          {...form.text('password')}
        />
        <PasswordInput
          label="Ulangi kata sandi baru"
          autoComplete="new-password"
          required
          {...form.text('password_confirmation')}
        />
        <Group>
          <SubmitButton form={form}>{submitLabel}</SubmitButton>
        </Group>
      </Stack>
    </form>
  )
}
