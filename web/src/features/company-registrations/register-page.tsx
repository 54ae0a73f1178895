import {
  Alert,
  Anchor,
  Center,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { useState } from 'react'
import { Link } from 'react-router'
import { ApiError, api, unwrap } from '../../api/client'
import { useForm } from '../../components/form'
import { LeaveGuard } from '../../components/leave-guard'
import { SubmitButton } from '../../components/submit-button'
import { useTabTitle } from '../../components/ui'

const EMPTY = {
  name: '',
  industry: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  province: '',
  website: '',
  description: '',
  contact_name: '',
  contact_email: '',
  contact_phone: '',
}
type Values = typeof EMPTY
const OPTIONAL = ['email', 'phone', 'website', 'description'] as const

/**
 * The form's values as the API takes them: text trimmed, an empty optional field as null, an empty
 * required one left out (the service then says "wajib diisi" under it).
 */
function bodyOf(v: Values) {
  const body: Record<string, string | null> = {}
  for (const [k, value] of Object.entries(v)) {
    const text = value.trim()
    if (text !== '') body[k] = text
    else if ((OPTIONAL as readonly string[]).includes(k)) body[k] = null
  }
  return body as Values & Record<(typeof OPTIONAL)[number], string | null>
}

/**
 * `/daftar-perusahaan`: a company asks to become a partner of the career center. The contact confirms the
 * e-mail by a link (when the school has e-mail set up), then staff approve and the contact gets an HR
 * account.
 */
export function RegisterCompanyPage() {
  useTabTitle('Daftar perusahaan mitra')
  const form = useForm<Values>(EMPTY)
  const [done, setDone] = useState<{ message: string; confirm: boolean } | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const send = form.submit(
    async (values) => {
      setRefusal(null)
      const res = await unwrap(api.POST('/api/company-registrations', { body: bodyOf(values) }))
      setDone({ message: res.message, confirm: res.data.emailConfirmation })
      window.scrollTo(0, 0)
    },
    (err) => {
      setRefusal(
        err instanceof ApiError && err.status === 422
          ? 'Periksa kembali isian yang ditandai.'
          : err instanceof Error
            ? err.message
            : String(err),
      )
    },
  )
  const field = (name: keyof Values, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} {...form.text(name)} {...extra} />
  )

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      {/* A company's data typed on a phone is not lost to a Back or the link to the login without a question. */}
      <LeaveGuard when={form.dirty && !form.busy && !done} />
      <Paper component="main" withBorder shadow="sm" p="lg" w="100%" maw={760}>
        <Stack>
          <div>
            <Title order={1} size="h2">
              Daftar sebagai perusahaan mitra
            </Title>
            <Text size="sm" c="dimmed">
              Isi data perusahaan dan narahubung HRD. Petugas BKK memeriksa pendaftaran; setelah disetujui,
              narahubung mendapat akun HRD untuk memasang lowongan.
            </Text>
          </div>
          {done ? (
            <Alert color="green" role="status" title="Pendaftaran terkirim">
              <Stack gap="xs">
                <Text size="sm">{done.message}</Text>
                {done.confirm && (
                  <Text size="sm">
                    Tautan berlaku 3 hari. Pendaftaran baru diperiksa petugas setelah e-mail dikonfirmasi.
                  </Text>
                )}
              </Stack>
            </Alert>
          ) : (
            <form onSubmit={send} noValidate aria-label="Formulir pendaftaran perusahaan">
              <Stack>
                {refusal && (
                  <Alert color="red" role="alert">
                    {refusal}
                  </Alert>
                )}
                <Title order={2} size="h4">
                  Data perusahaan
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {field('name', 'Nama perusahaan', { required: true, autoFocus: true })}
                  {field('industry', 'Bidang usaha', { required: true })}
                  {field('email', 'E-mail perusahaan', { type: 'email' })}
                  {field('phone', 'Telepon perusahaan', { type: 'tel' })}
                  {field('city', 'Kota/kabupaten', { required: true })}
                  {field('province', 'Provinsi', { required: true })}
                  {/* The phone's keyboard for a web address. The form is `noValidate`: the browser's own check of
                      a URL does not stop "www.contoh.co.id", and the service's message says what it takes. */}
                  {field('website', 'Situs web', {
                    placeholder: 'https://',
                    type: 'url',
                    inputMode: 'url',
                    autoComplete: 'url',
                  })}
                </SimpleGrid>
                <Textarea label="Alamat" required autosize minRows={2} {...form.text('address')} />
                <Textarea label="Tentang perusahaan" autosize minRows={2} {...form.text('description')} />
                <Title order={2} size="h4">
                  Narahubung (HRD)
                </Title>
                <Text size="sm" c="dimmed">
                  E-mail narahubung menjadi akun HRD perusahaan setelah pendaftaran disetujui.
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {field('contact_name', 'Nama narahubung', { required: true, autoComplete: 'name' })}
                  {field('contact_email', 'E-mail narahubung', {
                    required: true,
                    type: 'email',
                    autoComplete: 'email',
                  })}
                  {field('contact_phone', 'Telepon narahubung', {
                    required: true,
                    type: 'tel',
                    autoComplete: 'tel',
                  })}
                </SimpleGrid>
                <SubmitButton form={form}>Kirim pendaftaran</SubmitButton>
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
