import '../../styles-all'
import {
  Alert,
  Card,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { api, unwrap } from '../../api/client'
import { DateField } from '../../components/dates'
import { useForm } from '../../components/form'
import { LeaveGuard } from '../../components/leave-guard'
import { SubmitButton } from '../../components/submit-button'
import { Loading, PageTitle } from '../../components/ui'
import { formatDateTime } from '../../lib/format'
import { loadVocabulary, options } from '../../lib/labels'
import { toastError, toastOk } from '../../lib/toast'
import { useLoad } from '../../lib/use-load'
import { History } from './history'
import {
  type Body,
  bodyOf,
  type CareerStatus,
  careerStatuses,
  type FieldName,
  type FieldRules,
  type FormState,
  fieldLabel,
  formOf,
  type TracerData,
} from './rules'

/** A NumberInput's value as the form keeps it: a number, or '' while blank. */
const asNumber = (v: string | number | null) =>
  typeof v === 'number' ? v : v === '' || v === null ? '' : Number(v)

/** The alumnus's tracer study: what they do since graduating, saved as a new version each time. */
export function TracerStudyPage() {
  // The answers, and the statuses with their field rules from the service's vocabulary.
  const t = useLoad(
    () =>
      Promise.all([unwrap(api.GET('/api/alumni/tracer-study')), loadVocabulary()]).then(([r, v]) => ({
        data: r.data,
        ...careerStatuses(v.careerStatus ?? []),
      })),
    [],
  )
  return (
    <>
      <PageTitle title="Tracer study" />
      <Loading loaded={t}>{(d) => <TracerForm {...d} onSaved={t.reload} />}</Loading>
    </>
  )
}

/** The alumnus's own save. */
const saveOwn = (body: Body) => unwrap(api.POST('/api/alumni/tracer-study', { body }))

/**
 * The tracer-study form and the answer's history: the alumnus's own (`save` defaults to their route), or
 * career-center staff entering an answer collected from the alumnus (`staff`: `save` posts it on their
 * behalf, the texts speak of the alumnus, and the history says who entered each version).
 */
export function TracerForm({
  data,
  statuses,
  rules,
  onSaved,
  save: send = saveOwn,
  staff,
}: {
  data: TracerData
  statuses: { value: CareerStatus; label: string; hint: string }[]
  rules: FieldRules
  onSaved: () => void
  save?: (body: Body) => Promise<{ message?: string }>
  /** Staff entering the answer on the alumnus's behalf: the words to introduce the form. */
  staff?: { intro: ReactNode }
}) {
  const { current, prefill } = data
  const form = useForm<FormState>(() => formOf(current ?? prefill))
  const [message, setMessage] = useState<string | null>(null)
  const { setValues } = form
  // What the last save sent, until the answer is read again: nothing of it is lost by leaving meanwhile.
  const saved = useRef<string | null>(null)
  useEffect(() => {
    saved.current = null
    setValues(formOf(current ?? prefill))
  }, [current, prefill, setValues])
  // Changed here and not saved (measured against the answer, or what it was filled from): leaving asks first.
  const now = JSON.stringify(form.values)
  const unsaved = !form.busy && now !== JSON.stringify(formOf(current ?? prefill)) && now !== saved.current

  const status = form.values.career_status
  const { required, optional } = rules[status]
  const shown = (k: FieldName) => required.includes(k) || optional.includes(k)
  const common = (k: FieldName) => ({ label: fieldLabel(k, status), required: required.includes(k) })
  const text = (k: FieldName & keyof FormState) => ({ ...common(k), ...form.text(k) })

  const save = form.submit(
    async (values) => {
      setMessage(null)
      const res = await send(bodyOf(values, rules))
      saved.current = JSON.stringify(values)
      toastOk(res.message || 'Tracer study disimpan.')
      onSaved()
    },
    (err) => {
      setMessage(err instanceof Error ? err.message : String(err))
      toastError(err)
    },
  )

  return (
    <Stack maw={900}>
      <LeaveGuard when={unsaved} />
      {staff ? (
        <Text size="sm">{staff.intro}</Text>
      ) : (
        <Text size="sm">
          Ceritakan kegiatan Anda setelah lulus. Jawaban Anda membantu sekolah menilai keterserapan lulusan
          dan menyesuaikan pembelajaran.
        </Text>
      )}
      {current ? (
        <Alert color="green" title={`Tersimpan (versi ${current.version})`}>
          {staff
            ? `Terakhir disimpan ${formatDateTime(current.submittedAt)}. Menyimpan lagi membuat versi baru atas nama alumni; versi lama tetap tersimpan.`
            : `Terakhir disimpan ${formatDateTime(current.submittedAt)}. Ubah jawaban bila keadaan Anda berubah; versi lama tetap tersimpan.`}
        </Alert>
      ) : prefill ? (
        <Alert color="blue" title="Diisi dari data penempatan">
          {staff
            ? 'Sebagian jawaban diisi dari data penempatan alumni ini (melalui bursa atau di luar bursa). Periksa bersama alumni, lengkapi, lalu simpan.'
            : 'Sebagian jawaban diisi dari data penempatan Anda. Periksa, lengkapi, lalu simpan; belum ada yang tersimpan sebelum Anda menekan Simpan.'}
        </Alert>
      ) : (
        <Alert color="gray" title="Belum diisi">
          {staff ? 'Alumni ini belum mengisi tracer study.' : 'Anda belum mengisi tracer study.'}
        </Alert>
      )}
      <Card withBorder component="form" onSubmit={save} noValidate aria-label="Formulir tracer study">
        <Stack>
          <Radio.Group
            label="Status saat ini"
            required
            value={status}
            onChange={(v) => form.set('career_status', v as CareerStatus)}
            error={form.error('career_status')}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
              {statuses.map((s) => (
                <Radio key={s.value} value={s.value} label={s.label} description={s.hint} />
              ))}
            </SimpleGrid>
          </Radio.Group>
          {status === 'mencari_kerja' ? (
            <Text size="sm" c="dimmed">
              {staff
                ? 'Tidak ada isian lain untuk status ini.'
                : 'Tidak ada isian lain untuk status ini. Semoga segera mendapat pekerjaan: lihat menu Lowongan.'}
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
                  value={form.values.starting_salary}
                  onChange={(v) => form.set('starting_salary', asNumber(v))}
                  error={form.error('starting_salary')}
                />
              )}
              {shown('waiting_period_months') && (
                <NumberInput
                  {...common('waiting_period_months')}
                  description="Sejak lulus (30 Juni) sampai pekerjaan atau usaha pertama"
                  allowDecimal={false}
                  allowNegative={false}
                  min={0}
                  max={120}
                  value={form.values.waiting_period_months}
                  onChange={(v) => form.set('waiting_period_months', asNumber(v))}
                  error={form.error('waiting_period_months')}
                />
              )}
              {shown('start_date') && <DateField {...common('start_date')} {...form.value('start_date')} />}
              {shown('job_fit') && (
                <Select
                  {...common('job_fit')}
                  data={options('jobFit')}
                  {...form.value('job_fit')}
                  value={form.values.job_fit || null}
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
            <SubmitButton form={form}>
              {staff ? 'Simpan atas nama alumni' : current ? 'Simpan perubahan' : 'Simpan'}
            </SubmitButton>
          </Group>
        </Stack>
      </Card>
      <History current={data.current} history={data.history} enteredBy={Boolean(staff)} />
    </Stack>
  )
}
