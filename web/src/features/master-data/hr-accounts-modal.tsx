import { Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { api, unwrap } from '../../api/client'
import { ConfirmButton } from '../../components/confirm'
import { useForm } from '../../components/form'
import { FormModal } from '../../components/form-modal'
import { StatusBadge } from '../../components/status-badge'
import { SubmitButton } from '../../components/submit-button'
import { Loading } from '../../components/ui'
import { toastError, toastOk } from '../../lib/toast'
import { useLoad } from '../../lib/use-load'

interface HrAccount {
  id: number
  email: string
  fullName: string
  isActive: boolean
}

const BLANK = { email: '', full_name: '', password: '' }

/**
 * A company's HR accounts: released from it, or a new one added. `onChanged` after each change (the list
 * behind counts them).
 */
export function HrAccountsModal({
  company,
  onClose,
  onChanged,
}: {
  company: { id: number; name: string }
  onClose: () => void
  onChanged: () => void
}) {
  const detail = useLoad(
    () => unwrap(api.GET('/api/admin/companies/{id}', { params: { path: { id: company.id } } })),
    [company.id],
  )
  const form = useForm(BLANK)
  const add = form.submit(async (body) => {
    await unwrap(
      api.POST('/api/admin/companies/{id}/hr-accounts', { params: { path: { id: company.id } }, body }),
    )
    toastOk('Akun HRD ditambahkan.')
    form.setValues(BLANK)
    detail.reload()
    onChanged()
  })
  const release = (userId: number) =>
    unwrap(
      api.DELETE('/api/admin/companies/{id}/hr-accounts/{userId}', {
        params: { path: { id: company.id, userId } },
      }),
    ).then(() => {
      detail.reload()
      onChanged()
    }, toastError)
  return (
    <FormModal dirty={form.dirty} opened onClose={onClose} title={`Akun HRD ${company.name}`} size="lg">
      <Loading loaded={detail}>
        {({ data }) => (
          <Stack>
            {(data as { hrAccounts?: HrAccount[] }).hrAccounts?.map((a) => (
              <Group key={a.id} justify="space-between">
                <Group gap="xs">
                  <Text size="sm">
                    {a.fullName} · {a.email}
                  </Text>
                  {!a.isActive && <StatusBadge of="activeStatus" value="inactive" />}
                </Group>
                <ConfirmButton
                  title="Lepaskan akun HRD?"
                  message={`${a.email} tidak lagi terhubung ke ${company.name}.`}
                  onConfirm={() => release(a.id)}
                >
                  Lepaskan
                </ConfirmButton>
              </Group>
            ))}
            <Title order={3} size="h5">
              Tambah akun HRD
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="Nama" {...form.text('full_name')} />
              <TextInput label="E-mail" type="email" {...form.text('email')} />
              <PasswordInput label="Kata sandi" {...form.text('password')} />
            </SimpleGrid>
            <Group>
              <SubmitButton form={form} type="button" onClick={() => add()}>
                Tambah
              </SubmitButton>
            </Group>
          </Stack>
        )}
      </Loading>
    </FormModal>
  )
}
