import '../styles-all'
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { type FormEvent, useEffect, useState } from 'react'
import { api, fieldErrors, unwrap } from '../api/client'
import type { paths } from '../api/schema'
import { DateField } from '../components/dates'
import { Loading, PageTitle } from '../components/ui'
import { formatDate, formatDateTime, formatNumber, formatRupiah } from '../lib/format'
import { label, options } from '../lib/labels'
import { toastError, toastOk } from '../lib/toast'
import { useLoad } from '../lib/use-load'

type TracerData =
  paths['/api/alumni/tracer-study']['get']['responses']['200']['content']['application/json']['data']
type Answer = NonNullable<TracerData['current']>
type Body = paths['/api/alumni/tracer-study']['post']['requestBody']['content']['application/json']
export type CareerStatus = Body['career_status']
type FieldName = Exclude<keyof Body, 'career_status'>

export const CAREER_STATUSES: { value: CareerStatus; label: string; hint: string }[] = [
  { value: 'bekerja', label: label('careerStatus', 'bekerja'), hint: 'di perusahaan atau instansi' },
  { value: 'wirausaha', label: label('careerStatus', 'wirausaha'), hint: 'menjalankan usaha sendiri' },
  { value: 'lanjut_studi', label: label('careerStatus', 'lanjut_studi'), hint: 'kuliah atau kursus' },
  { value: 'mencari_kerja', label: label('careerStatus', 'mencari_kerja'), hint: 'belum bekerja' },
]

/** Which fields a career status asks for, as the API requires them (docs/decisions.md, "Tracer study"). */
export const FIELDS_BY_STATUS: Record<CareerStatus, { required: FieldName[]; optional: FieldName[] }> = {
  bekerja: {
    required: [
      'institution_name',
      'job_title',
      'sector',
      'city',
      'province',
      'starting_salary',
      'waiting_period_months',
      'job_fit',
      'start_date',
    ],
    optional: [],
  },
  wirausaha: {
    required: [
      'institution_name',
      'sector',
      'city',
      'province',
      'starting_salary',
      'waiting_period_months',
      'job_fit',
      'start_date',
    ],
    optional: ['job_title'],
  },
  lanjut_studi: { required: ['institution_name', 'city', 'province', 'start_date'], optional: ['job_fit'] },
  mencari_kerja: { required: [], optional: [] },
}

/** Field labels, which depend on the status (a business is not an employer, a campus not a job). */
export function fieldLabel(field: FieldName, status: CareerStatus): string {
  const byStatus = (bekerja: string, wirausaha: string, studi: string) =>
    status === 'wirausaha' ? wirausaha : status === 'lanjut_studi' ? studi : bekerja
  switch (field) {
    case 'institution_name':
      return byStatus('Nama perusahaan / instansi', 'Nama usaha', 'Nama kampus / lembaga')
    case 'job_title':
      return byStatus('Jabatan / posisi', 'Peran dalam usaha', 'Program studi')
    case 'sector':
      return byStatus('Bidang industri', 'Bidang usaha', 'Bidang')
    case 'city':
      return 'Kota / kabupaten'
    case 'province':
      return 'Provinsi'
    case 'starting_salary':
      return byStatus('Gaji pertama per bulan', 'Pendapatan pertama per bulan', 'Gaji')
    case 'waiting_period_months':
      return byStatus(
        'Masa tunggu (bulan)',
        'Masa tunggu sampai usaha berjalan (bulan)',
        'Masa tunggu (bulan)',
      )
    case 'job_fit':
      return byStatus(
        'Kesesuaian pekerjaan dengan jurusan',
        'Kesesuaian usaha dengan jurusan',
        'Kesesuaian program studi dengan jurusan',
      )
    case 'start_date':
      return byStatus('Mulai bekerja', 'Mulai usaha', 'Mulai studi')
  }
}

interface FormState {
  career_status: CareerStatus
  text: Partial<Record<FieldName, string>>
  starting_salary: number | ''
  waiting_period_months: number | ''
}

const TEXT_FIELDS = [
  'institution_name',
  'job_title',
  'sector',
  'city',
  'province',
  'job_fit',
  'start_date',
] as const

function formOf(a: Omit<Answer, 'version' | 'submittedAt'> | null): FormState {
  return {
    career_status: a?.careerStatus ?? 'bekerja',
    text: {
      institution_name: a?.institutionName ?? '',
      job_title: a?.jobTitle ?? '',
      sector: a?.sector ?? '',
      city: a?.city ?? '',
      province: a?.province ?? '',
      job_fit: a?.jobFit ?? '',
      start_date: a?.startDate ?? '',
    },
    starting_salary: a?.startingSalary ?? '',
    waiting_period_months: a?.waitingPeriodMonths ?? '',
  }
}

/** The body to send: only the fields the status asks for, blanks left out (the API names what is missing). */
export function bodyOf(f: FormState): Body {
  const { required, optional } = FIELDS_BY_STATUS[f.career_status]
  const wanted = new Set<FieldName>([...required, ...optional])
  const body: Record<string, unknown> = { career_status: f.career_status }
  for (const k of TEXT_FIELDS) {
    const v = f.text[k]?.trim()
    if (wanted.has(k) && v) body[k] = v
  }
  if (wanted.has('starting_salary') && f.starting_salary !== '') body.starting_salary = f.starting_salary
  if (wanted.has('waiting_period_months') && f.waiting_period_months !== '')
    body.waiting_period_months = f.waiting_period_months
  return body as Body
}

function where(a: Answer) {
  return [a.city, a.province].filter(Boolean).join(', ') || '–'
}

function History({ current, history }: { current: Answer | null; history: Answer[] }) {
  const rows = current ? [current, ...history] : history
  if (rows.length === 0) return null
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Riwayat jawaban
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Setiap penyimpanan menjadi versi baru; versi sebelumnya tetap tersimpan.
      </Text>
      <Table.ScrollContainer minWidth={860}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Versi</Table.Th>
              <Table.Th>Disimpan</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Instansi / usaha / kampus</Table.Th>
              <Table.Th>Jabatan</Table.Th>
              <Table.Th>Lokasi</Table.Th>
              <Table.Th ta="right">Gaji pertama</Table.Th>
              <Table.Th ta="right">Masa tunggu</Table.Th>
              <Table.Th>Kesesuaian</Table.Th>
              <Table.Th>Mulai</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((a) => (
              <Table.Tr key={a.version}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {a.version}
                    {a === current && (
                      <Badge size="xs" variant="light" color="green">
                        Terkini
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{formatDateTime(a.submittedAt)}</Table.Td>
                <Table.Td>{label('careerStatus', a.careerStatus)}</Table.Td>
                <Table.Td>{a.institutionName ?? '–'}</Table.Td>
                <Table.Td>{a.jobTitle ?? '–'}</Table.Td>
                <Table.Td>{where(a)}</Table.Td>
                <Table.Td ta="right">{formatRupiah(a.startingSalary)}</Table.Td>
                <Table.Td ta="right">
                  {a.waitingPeriodMonths == null ? '–' : `${formatNumber(a.waitingPeriodMonths)} bulan`}
                </Table.Td>
                <Table.Td>{label('jobFit', a.jobFit)}</Table.Td>
                <Table.Td>{formatDate(a.startDate, true)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  )
}

export function TracerStudyPage() {
  const t = useLoad(() => unwrap(api.GET('/api/alumni/tracer-study')), [])
  const [form, setForm] = useState<FormState>(() => formOf(null))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const current = t.data?.data.current ?? null
  const prefill = t.data?.data.prefill ?? null
  useEffect(() => {
    const d = t.data?.data
    if (d) setForm(formOf(d.current ?? d.prefill))
  }, [t.data])

  const status = form.career_status
  const { required, optional } = FIELDS_BY_STATUS[status]
  const shown = (k: FieldName) => required.includes(k) || optional.includes(k)
  const common = (k: FieldName) => ({
    label: fieldLabel(k, status),
    required: required.includes(k),
    error: errors[k],
  })
  const text = (k: (typeof TEXT_FIELDS)[number]) => ({
    ...common(k),
    value: form.text[k] ?? '',
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value
      setForm((f) => ({ ...f, text: { ...f.text, [k]: value } }))
    },
  })

  async function save(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setErrors({})
    setMessage(null)
    try {
      const res = await unwrap(api.POST('/api/alumni/tracer-study', { body: bodyOf(form) }))
      toastOk(res.message || 'Tracer study disimpan.')
      t.reload()
    } catch (err) {
      setErrors(fieldErrors(err))
      setMessage(err instanceof Error ? err.message : String(err))
      toastError(err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <PageTitle title="Tracer study" />
      <Loading loaded={t}>
        {({ data }) => (
          <Stack maw={900}>
            <Text size="sm">
              Ceritakan kegiatan Anda setelah lulus. Jawaban Anda membantu sekolah menilai keterserapan
              lulusan dan menyesuaikan pembelajaran.
            </Text>
            {current ? (
              <Alert color="green" title={`Tersimpan (versi ${current.version})`}>
                {`Terakhir disimpan ${formatDateTime(current.submittedAt)}. Ubah jawaban bila keadaan Anda berubah; versi lama tetap tersimpan.`}
              </Alert>
            ) : prefill ? (
              <Alert color="blue" title="Diisi dari data penempatan">
                Sebagian jawaban diisi dari data penempatan Anda di bursa. Periksa, lengkapi, lalu simpan;
                belum ada yang tersimpan sebelum Anda menekan Simpan.
              </Alert>
            ) : (
              <Alert color="gray" title="Belum diisi">
                Anda belum mengisi tracer study.
              </Alert>
            )}
            <Card withBorder component="form" onSubmit={save} noValidate aria-label="Formulir tracer study">
              <Stack>
                <Radio.Group
                  label="Status saat ini"
                  required
                  value={status}
                  onChange={(v) => setForm((f) => ({ ...f, career_status: v as CareerStatus }))}
                  error={errors.career_status}
                >
                  <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
                    {CAREER_STATUSES.map((s) => (
                      <Radio key={s.value} value={s.value} label={s.label} description={s.hint} />
                    ))}
                  </SimpleGrid>
                </Radio.Group>
                {status === 'mencari_kerja' ? (
                  <Text size="sm" c="dimmed">
                    Tidak ada isian lain untuk status ini. Semoga segera mendapat pekerjaan: lihat menu
                    Lowongan.
                  </Text>
                ) : (
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    {shown('institution_name') && <TextInput {...text('institution_name')} maxLength={150} />}
                    {shown('job_title') && <TextInput {...text('job_title')} maxLength={100} />}
                    {shown('sector') && (
                      <TextInput {...text('sector')} maxLength={100} placeholder="mis. Otomotif, Perbankan" />
                    )}
                    {shown('city') && <TextInput {...text('city')} maxLength={100} />}
                    {shown('province') && <TextInput {...text('province')} maxLength={100} />}
                    {shown('starting_salary') && (
                      <NumberInput
                        {...common('starting_salary')}
                        leftSection={
                          <Text size="sm" c="dimmed">
                            Rp
                          </Text>
                        }
                        thousandSeparator="."
                        decimalSeparator=","
                        allowDecimal={false}
                        allowNegative={false}
                        min={0}
                        max={1_000_000_000}
                        hideControls
                        inputMode="numeric"
                        value={form.starting_salary}
                        onChange={(v) =>
                          setForm((f) => ({
                            ...f,
                            starting_salary: typeof v === 'number' ? v : v === '' ? '' : Number(v),
                          }))
                        }
                      />
                    )}
                    {shown('waiting_period_months') && (
                      <NumberInput
                        {...common('waiting_period_months')}
                        description="Sejak lulus sampai mulai"
                        allowDecimal={false}
                        allowNegative={false}
                        min={0}
                        max={120}
                        value={form.waiting_period_months}
                        onChange={(v) =>
                          setForm((f) => ({
                            ...f,
                            waiting_period_months: typeof v === 'number' ? v : v === '' ? '' : Number(v),
                          }))
                        }
                      />
                    )}
                    {shown('start_date') && (
                      <DateField
                        {...common('start_date')}
                        value={form.text.start_date ?? ''}
                        onChange={(v) => setForm((f) => ({ ...f, text: { ...f.text, start_date: v } }))}
                      />
                    )}
                    {shown('job_fit') && (
                      <Select
                        {...common('job_fit')}
                        data={options('jobFit')}
                        value={form.text.job_fit || null}
                        onChange={(v) => setForm((f) => ({ ...f, text: { ...f.text, job_fit: v ?? '' } }))}
                        clearable={!required.includes('job_fit')}
                        allowDeselect={false}
                      />
                    )}
                  </SimpleGrid>
                )}
                {message && (
                  <Text c="red" size="sm" role="alert">
                    {message}
                  </Text>
                )}
                <Group>
                  <Button type="submit" loading={busy}>
                    {current ? 'Simpan perubahan' : 'Simpan'}
                  </Button>
                </Group>
              </Stack>
            </Card>
            <History current={data.current} history={data.history} />
          </Stack>
        )}
      </Loading>
    </>
  )
}
