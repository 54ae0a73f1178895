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
import { useCallback, useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { api, editedElsewhere, ifMatch, unwrap } from '../../api/client'
import type { paths } from '../../api/schema'
import { DateField, TimeField } from '../../components/dates'
import { type Form, REBASED, rebase, useForm } from '../../components/form'
import { LeaveGuard } from '../../components/leave-guard'
import { SubmitButton } from '../../components/submit-button'
import { ErrorAlert, NotSavedAlert, PageTitle } from '../../components/ui'
import { type CodeOf, label, options } from '../../lib/labels'
import { idOptions } from '../../lib/options'
import { zoneName } from '../../lib/school-zone'
import { toastError, toastOk } from '../../lib/toast'
import { useLoad } from '../../lib/use-load'
import { wallClockOf, wallClockToIso } from '../../lib/wall-clock'
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

type UpdateBody = paths['/api/hrd/test-schedules/{id}']['put']['requestBody']['content']['application/json']
type Schedule =
  paths['/api/hrd/test-schedules/{id}']['get']['responses']['200']['content']['application/json']['data']
type Participant =
  paths['/api/hrd/test-schedules/{id}/participants']['get']['responses']['200']['content']['application/json']['data'][number]

/** A test being changed: its vacancy and participants as they were, and its values in the form. */
interface Editing {
  vacancy: Schedule['vacancy']
  participants: Participant[]
  values: Values
  /** Its `updatedAt` then: the change is sent conditional on it (a colleague's change since is not undone). */
  version: string
}

/** The test to change, with all its participants, as the form's values. */
async function editing(id: number): Promise<Editing> {
  const [{ data: d }, participants] = await Promise.all([
    unwrap(api.GET('/api/hrd/test-schedules/{id}', { params: { path: { id } } })),
    allPages((page) =>
      unwrap(
        api.GET('/api/hrd/test-schedules/{id}/participants', {
          params: { path: { id }, query: { per_page: PAGE, page } },
        }),
      ),
    ),
  ])
  const at = wallClockOf(d.scheduledAt)
  return {
    vacancy: d.vacancy,
    participants: participants.rows,
    values: {
      job_vacancy_id: String(d.vacancy.id),
      name: d.name,
      kind: d.kind,
      scheduled_date: at.date,
      scheduled_time: at.time,
      location: d.location,
      duration_minutes: d.durationMinutes ?? '',
      minimum_score: d.minimumScore ?? '',
      description: d.description ?? '',
      application_ids: participants.rows.map((p) => String(p.applicationId)),
    },
    version: d.updatedAt,
  }
}

type Numbers = Record<'minimum_score' | 'duration_minutes', number | null>

/** What the form sends of its values but the time, its numbers read beforehand (`form.numbers`). */
function fieldsOf(v: Values, n: Numbers) {
  return {
    name: v.name.trim(),
    kind: v.kind as CodeOf<'testKind'>,
    location: v.location.trim(),
    description: v.description.trim() || null,
    minimum_score: n.minimum_score,
    duration_minutes: n.duration_minutes,
  }
}

/** A NumberInput's value as the test held it: a number, or '' for none. */
const heldNumber = (x: number | string) => (x === '' ? null : Number(x))

/**
 * What a change sends: the fields the user changed (an absent one keeps its value), the participants added
 * and removed, and the time only when it was changed. A field sent as the form read it would put back a
 * colleague's change made since (the service refuses a stale form with If-Match; this keeps the request to
 * what the user meant). The stored time may hold seconds the form does not show: sent back, it would move
 * the test by them, telling every participant and clearing their check-ins.
 */
function changes(was: Editing, v: Values, fields: ReturnType<typeof fieldsOf>): UpdateBody {
  const held = fieldsOf(was.values, {
    minimum_score: heldNumber(was.values.minimum_score),
    duration_minutes: heldNumber(was.values.duration_minutes),
  })
  const changed = Object.fromEntries(
    Object.entries(fields).filter(([k, x]) => x !== held[k as keyof typeof held]),
  ) as Partial<typeof fields>
  const before = was.participants.map((p) => p.applicationId)
  const after = v.application_ids.map(Number)
  const moved =
    v.scheduled_date !== was.values.scheduled_date || v.scheduled_time !== was.values.scheduled_time
  return {
    ...changed,
    scheduled_at: moved ? wallClockToIso(`${v.scheduled_date}T${v.scheduled_time}`) : undefined,
    add_application_ids: after.filter((x) => !before.includes(x)),
    remove_application_ids: before.filter((x) => !after.includes(x)),
  }
}

/**
 * A new test for the applicants of one vacancy who passed the document review (`/hrd/jadwal/baru`), or a
 * test that has not begun changed (`/hrd/jadwal/:id/ubah`): its fields and its participants. Each applicant
 * it concerns is told.
 */
export function ScheduleFormPage() {
  const params = useParams()
  const id = params.id ? Number(params.id) : null
  const navigate = useNavigate()
  const choices = useReviewOptions()
  const form = useForm(BLANK)
  const v = form.values
  const [was, setWas] = useState<Editing | null>(null)
  // The participants the last save sent, by field: a refusal of one (`add_application_ids.1`) names its index.
  const sent = useRef<SentParticipants>({})
  const [loadError, setLoadError] = useState<unknown>(null)
  const { setValues } = form
  // Said above the form after a save refused because someone else changed the test.
  const [stale, setStale] = useState(false)
  /**
   * Fills the form from the test as it is now: on opening, and after a colleague's change refused a save, when
   * what the user changed is carried over to it (`rebase`, against the values it was filled from).
   */
  const fill = useCallback(
    (id: number, filledFrom?: Values) =>
      editing(id).then((e) => {
        setWas(e)
        setValues((mine) => (filledFrom ? rebase(filledFrom, mine, e.values) : e.values))
      }),
    [setValues],
  )
  useEffect(() => {
    if (id) fill(id).catch(setLoadError)
  }, [id, fill])

  const submit = form.submit(
    async () => {
      if (!v.job_vacancy_id) return form.setErrors({ job_vacancy_id: 'Pilih lowongan.' })
      if (!v.scheduled_date) return form.setErrors({ scheduled_at: 'Isi tanggal tes.' })
      if (!v.scheduled_time) return form.setErrors({ scheduled_time: 'Isi jam mulai tes.' })
      const n = form.numbers('minimum_score', 'duration_minutes')
      if (!n) return
      const fields = fieldsOf(v, n)
      if (id) {
        if (!was) return
        const body = changes(was, v, fields)
        sent.current = {
          add_application_ids: body.add_application_ids,
          remove_application_ids: body.remove_application_ids,
        }
        await unwrap(
          api.PUT('/api/hrd/test-schedules/{id}', {
            params: { path: { id }, header: ifMatch(was.version) },
            body,
          }),
        )
        toastOk('Jadwal tes diperbarui.')
        return navigate(`/hrd/jadwal/${id}`)
      }
      sent.current = { application_ids: v.application_ids.map(Number) }
      const r = await unwrap(
        api.POST('/api/hrd/test-schedules', {
          body: {
            job_vacancy_id: Number(v.job_vacancy_id),
            ...fields,
            scheduled_at: wallClockToIso(`${v.scheduled_date}T${v.scheduled_time}`),
            application_ids: v.application_ids.map(Number),
          },
        }),
      )
      toastOk('Jadwal tes dibuat; peserta diberi tahu.')
      navigate(`/hrd/jadwal/${r.data.id}`)
    },
    (err) => {
      // Changed by someone else since the form was filled (moved, renamed, participants changed): nothing was
      // saved. The form takes the test as it is now, keeping what the user changed, for them to check and save.
      if (id && was && editedElsewhere(err)) fill(id, was.values).then(() => setStale(true), toastError)
      else toastError(err)
    },
  )

  // What the user changed and has not saved (against the test as the form was filled from it, or a blank one):
  // leaving asks first. Not while it is being saved: the save's own move to the test goes on.
  const unsaved = JSON.stringify(v) !== JSON.stringify(was?.values ?? BLANK) && !form.busy

  if (loadError) return <ErrorAlert error={loadError} />
  return (
    <>
      <LeaveGuard when={unsaved} />
      <PageTitle title={id ? 'Ubah jadwal tes' : 'Buat jadwal tes'} />
      <form onSubmit={submit} noValidate>
        <Stack maw={860}>
          <NotSavedAlert>{stale && REBASED}</NotSavedAlert>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Lowongan"
              required
              searchable
              allowDeselect={false}
              // A test stays with its vacancy.
              disabled={Boolean(id)}
              data={
                was
                  ? [{ value: String(was.vacancy.id), label: was.vacancy.title }]
                  : idOptions(choices?.vacancies)
              }
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
              allowDeselect={false}
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
          <Participants form={form} current={was?.participants} sent={sent.current} />
          <Group>
            <SubmitButton form={form}>Simpan jadwal</SubmitButton>
            <Button component={Link} to={id ? `/hrd/jadwal/${id}` : '/hrd/jadwal'} variant="default">
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

/** Every row of a list, page after page up to what a schedule takes, and how many there are in all. */
async function allPages<T>(get: (page: number) => Promise<{ data: T[]; meta: { total: number } }>) {
  const rows: T[] = []
  for (let page = 1; ; page++) {
    const r = await get(page)
    rows.push(...r.data)
    if (r.data.length < PAGE || rows.length >= Math.min(r.meta.total, MAX_PARTICIPANTS))
      return { rows: rows.slice(0, MAX_PARTICIPANTS), total: r.meta.total }
  }
}

/**
 * The vacancy's applicants who passed the document review, page after page up to what a schedule takes
 * (one page would leave out all but the first 100 of a mass recruitment), and how many passed in all.
 */
const candidatesOf = (vacancyId: number) =>
  allPages((page) =>
    unwrap(
      api.GET('/api/hrd/applicant-reviews', {
        params: { query: { job_vacancy_id: vacancyId, status: 'in_progress', per_page: PAGE, page } },
      }),
    ),
  )

/** A participant as the form lists it: a participant already validated cannot be taken out. */
function participantOption(p: Participant) {
  const status =
    p.applicationStatus === 'in_progress' ? '' : ` · ${label('applicationStatus', p.applicationStatus)}`
  return {
    id: p.applicationId,
    label: `${p.applicant.fullName} (NIS ${p.applicant.nis})${status}`,
    locked: p.validationStatus !== 'pending',
  }
}

/** The participants a save sent, by the field that carried them. */
type SentParticipants = Partial<
  Record<'application_ids' | 'add_application_ids' | 'remove_application_ids', number[]>
>

/**
 * What the participants' list says after a refusal: the message of the list itself, or of each participant
 * refused (`add_application_ids.1`, the second one added), each named as the list names them (`#id` only
 * for one the list no longer shows).
 */
function participantsError(
  errors: Record<string, string>,
  sent: SentParticipants,
  rows: readonly { id: number; label: string }[],
) {
  const fields = ['application_ids', 'add_application_ids', 'remove_application_ids'] as const
  const whole = fields.map((f) => errors[f]).find(Boolean)
  if (whole) return whole
  const items = fields.flatMap((f) =>
    Object.entries(errors).flatMap(([key, message]) => {
      if (!key.startsWith(`${f}.`)) return []
      const id = sent[f]?.[Number(key.slice(f.length + 1))]
      const name =
        rows.find((r) => r.id === id)?.label.split(' · ')[0] ?? (id === undefined ? null : `#${id}`)
      return [name ? `${name}: ${message}` : message]
    }),
  )
  return items.length ? items.join(' ') : undefined
}

/**
 * Who sits the test: the vacancy's applicants who passed the document review, all of them unless told; a
 * test being changed lists its `current` participants first.
 */
function Participants({
  form,
  current,
  sent,
}: {
  form: Form<Values>
  current?: Participant[]
  sent: SentParticipants
}) {
  const vacancy = form.values.job_vacancy_id
  const candidates = useLoad(
    () => (vacancy ? candidatesOf(Number(vacancy)) : Promise.resolve(null)),
    [vacancy],
  )
  const taking = (current ?? []).map(participantOption)
  const rows = [
    ...taking,
    ...(candidates.data?.rows ?? [])
      .filter((r) => !taking.some((p) => p.id === r.id))
      .map((r) => ({ id: r.id, label: `${r.applicant.fullName} (NIS ${r.applicant.nis})`, locked: false })),
  ]
  const candidateRows = candidates.data?.rows.length ?? 0
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
            form.set(
              'application_ids',
              rows.filter((r) => e.currentTarget.checked || r.locked).map((r) => String(r.id)),
            )
          }
        />
      )}
      {total > candidateRows && (
        <Text size="sm" c="orange" mb="xs">
          {`${total} pelamar lolos seleksi berkas; satu jadwal memuat paling banyak ${MAX_PARTICIPANTS}, jadi hanya ${candidateRows} yang tercantum di sini.`}
        </Text>
      )}
      <Checkbox.Group
        label="Peserta (pelamar yang lolos seleksi berkas)"
        {...form.value('application_ids')}
        // A change's refusals name the participants added or removed.
        error={participantsError(form.errors, sent, rows)}
      >
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
            <Checkbox key={r.id} value={String(r.id)} label={r.label} disabled={r.locked} />
          ))}
        </Stack>
      </Checkbox.Group>
    </Card>
  )
}
