import {
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { Link, useNavigate } from 'react-router'
import { api, unwrap } from '../../api/client'
import { DateField, TimeField } from '../../components/dates'
import { type Form, useForm } from '../../components/form'
import { PageTitle } from '../../components/ui'
import { type CodeOf, options } from '../../lib/labels'
import { idOptions } from '../../lib/options'
import { zoneName } from '../../lib/school-zone'
import { toastOk } from '../../lib/toast'
import { useLoad } from '../../lib/use-load'
import { wallClockToIso } from '../../lib/wall-clock'
import { useReviewOptions } from '../applicant-reviews/options'

const BLANK = {
  job_vacancy_id: '',
  name: '',
  kind: 'psikotes',
  scheduled_date: '',
  scheduled_time: '',
  location: '',
  // Numbers as the NumberInputs hold them: '' while blank.
  duration_minutes: '' as number | string,
  minimum_score: '' as number | string,
  description: '',
  application_ids: [] as string[],
}
type Values = typeof BLANK

/** A new test for the applicants of one vacancy who passed the document review; each is told. */
export function ScheduleFormPage() {
  const navigate = useNavigate()
  const choices = useReviewOptions()
  const form = useForm(BLANK)
  const v = form.values

  const submit = form.submit(async () => {
    if (!v.job_vacancy_id) return form.setErrors({ job_vacancy_id: 'Pilih lowongan.' })
    if (!v.scheduled_date) return form.setErrors({ scheduled_at: 'Isi tanggal tes.' })
    if (!v.scheduled_time) return form.setErrors({ scheduled_time: 'Isi jam mulai tes.' })
    const n = form.numbers('minimum_score', 'duration_minutes')
    if (!n) return
    const r = await unwrap(
      api.POST('/api/hrd/test-schedules', {
        body: {
          job_vacancy_id: Number(v.job_vacancy_id),
          name: v.name.trim(),
          kind: v.kind as CodeOf<'testKind'>,
          scheduled_at: wallClockToIso(`${v.scheduled_date}T${v.scheduled_time}`),
          location: v.location.trim(),
          description: v.description.trim() || null,
          minimum_score: n.minimum_score,
          duration_minutes: n.duration_minutes,
          application_ids: v.application_ids.map(Number),
        },
      }),
    )
    toastOk('Jadwal tes dibuat; peserta diberi tahu.')
    navigate(`/hrd/jadwal/${r.data.id}`)
  })

  return (
    <>
      <PageTitle title="Buat jadwal tes" />
      <form onSubmit={submit} noValidate>
        <Stack maw={860}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Lowongan"
              required
              searchable
              data={idOptions(choices?.vacancies)}
              value={v.job_vacancy_id || null}
              onChange={(x) =>
                form.setValues((s) => ({ ...s, job_vacancy_id: x ?? '', application_ids: [] }))
              }
              error={form.error('job_vacancy_id')}
            />
            <TextInput label="Nama agenda" required {...form.text('name')} />
            <Select
              label="Jenis tes"
              required
              data={options('testKind')}
              value={v.kind}
              onChange={(x) => form.set('kind', x ?? 'psikotes')}
              error={form.error('kind')}
            />
            <DateField
              label="Tanggal tes"
              required
              {...form.value('scheduled_date')}
              error={form.error('scheduled_at')}
            />
            <TimeField label={`Jam mulai (${zoneName()})`} required {...form.value('scheduled_time')} />
            <TextInput label="Tempat" required {...form.text('location')} />
            <NumberInput
              label="Durasi (menit)"
              allowDecimal={false}
              allowNegative={false}
              min={1}
              max={1440}
              inputMode="numeric"
              {...form.value('duration_minutes')}
            />
            {/* As the score dialog takes it: "75,5". */}
            <NumberInput
              label="Nilai minimum"
              min={0}
              max={100}
              decimalScale={2}
              decimalSeparator=","
              allowNegative={false}
              inputMode="decimal"
              {...form.value('minimum_score')}
            />
          </SimpleGrid>
          <Textarea label="Keterangan" {...form.text('description')} />
          <Participants form={form} />
          <Group>
            <Button type="submit" loading={form.busy}>
              Simpan jadwal
            </Button>
            <Button component={Link} to="/hrd/jadwal" variant="default">
              Batal
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  )
}

/** The most participants a schedule takes (the service's `MAX_PARTICIPANTS`). */
const MAX_PARTICIPANTS = 500
/** The most rows the service gives in one page. */
const PAGE = 100

/**
 * The vacancy's applicants who passed the document review, page after page up to what a schedule takes
 * (one page would leave out all but the first 100 of a mass recruitment), and how many passed in all.
 */
async function candidatesOf(vacancyId: number) {
  const rows = []
  for (let page = 1; ; page++) {
    const r = await unwrap(
      api.GET('/api/hrd/applicant-reviews', {
        params: { query: { job_vacancy_id: vacancyId, status: 'in_progress', per_page: PAGE, page } },
      }),
    )
    rows.push(...r.data)
    if (r.data.length < PAGE || rows.length >= Math.min(r.meta.total, MAX_PARTICIPANTS))
      return { rows: rows.slice(0, MAX_PARTICIPANTS), total: r.meta.total }
  }
}

/** Who sits the test: the vacancy's applicants who passed the document review, all of them unless told. */
function Participants({ form }: { form: Form<Values> }) {
  const vacancy = form.values.job_vacancy_id
  const candidates = useLoad(
    () => (vacancy ? candidatesOf(Number(vacancy)) : Promise.resolve(null)),
    [vacancy],
  )
  const rows = candidates.data?.rows ?? []
  const total = candidates.data?.total ?? 0
  const ids = form.values.application_ids
  return (
    <Card withBorder>
      {rows.length > 0 && (
        // Outside the group: inside it, Mantine would treat it as one more participant value.
        <Checkbox
          label="Pilih semua peserta"
          mb="xs"
          checked={ids.length === rows.length}
          indeterminate={ids.length > 0 && ids.length < rows.length}
          onChange={(e) =>
            form.set('application_ids', e.currentTarget.checked ? rows.map((r) => String(r.id)) : [])
          }
        />
      )}
      {total > rows.length && (
        <Text size="sm" c="orange" mb="xs">
          {`${total} pelamar lolos seleksi berkas; satu jadwal memuat paling banyak ${MAX_PARTICIPANTS}, jadi hanya ${rows.length} yang tercantum di sini.`}
        </Text>
      )}
      <Checkbox.Group label="Peserta (pelamar yang lolos seleksi berkas)" {...form.value('application_ids')}>
        <Stack gap={6} mt={6}>
          {!vacancy && (
            <Text size="sm" c="dimmed">
              Pilih lowongan dulu.
            </Text>
          )}
          {vacancy && rows.length === 0 && !candidates.loading && (
            <Text size="sm" c="dimmed">
              Belum ada pelamar yang lolos seleksi berkas untuk lowongan ini.
            </Text>
          )}
          {rows.map((r) => (
            <Checkbox
              key={r.id}
              value={String(r.id)}
              label={`${r.applicant.fullName} (NIS ${r.applicant.nis})`}
            />
          ))}
        </Stack>
      </Checkbox.Group>
    </Card>
  )
}
