import {
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { api, editedElsewhere, ifMatch, unwrap } from '../../api/client'
import type { paths } from '../../api/schema'
import { DateField } from '../../components/dates'
import { REBASED, rebase, useForm } from '../../components/form'
import { LeaveGuard } from '../../components/leave-guard'
import { SubmitButton } from '../../components/submit-button'
import { ErrorAlert, NotSavedAlert, PageTitle } from '../../components/ui'
import { codeOptions, idOptions } from '../../lib/options'
import { toastError, toastOk } from '../../lib/toast'
import { useLoad } from '../../lib/use-load'
import { withCurrent } from '../master-data/options'

type Body = paths['/api/hrd/job-vacancies']['post']['requestBody']['content']['application/json']
type Vacancy =
  paths['/api/hrd/job-vacancies/{id}']['get']['responses']['200']['content']['application/json']['data']

const BLANK = {
  title: '',
  position: '',
  description: '',
  qualifications: '',
  benefits: '',
  category: 'lainnya',
  job_type: 'full_time',
  work_location: '',
  city: '',
  province: '',
  // Numbers as the NumberInputs hold them: '' while blank.
  min_salary: '' as number | string,
  max_salary: '' as number | string,
  quota: 1 as number | string,
  deadline: '',
  target: 'all',
  major_ids: [] as string[],
}
type Values = typeof BLANK
/** A new vacancy's form: blank, with no company picked (staff's form). */
const EMPTY = { ...BLANK, company_id: '' }

function valuesOf(d: Vacancy): Values {
  return {
    title: d.title,
    position: d.position,
    description: d.description,
    qualifications: d.qualifications,
    benefits: d.benefits ?? '',
    category: d.category,
    job_type: d.jobType,
    work_location: d.workLocation ?? '',
    city: d.city ?? '',
    province: d.province ?? '',
    min_salary: d.minSalary ?? '',
    max_salary: d.maxSalary ?? '',
    quota: d.quota,
    deadline: d.deadline,
    target: d.target,
    major_ids: d.majors.map((m) => String(m.id)),
  }
}

/** The request of a form's values and its numbers, read beforehand (`form.numbers`). */
function bodyOf(v: Values, n: Record<'min_salary' | 'max_salary' | 'quota', number | null>): Body {
  const text = (k: keyof Values) => String(v[k]).trim() || null
  return {
    title: v.title.trim(),
    position: v.position.trim(),
    description: v.description.trim(),
    qualifications: v.qualifications.trim(),
    benefits: text('benefits'),
    category: v.category as Body['category'],
    job_type: v.job_type as Body['job_type'],
    work_location: text('work_location'),
    city: text('city'),
    province: text('province'),
    min_salary: n.min_salary,
    max_salary: n.max_salary,
    quota: n.quota ?? 0,
    deadline: v.deadline,
    target: v.target as Body['target'],
    major_ids: v.major_ids.map(Number),
    // No is_active: a new vacancy starts active, an edit keeps the switch as it is.
  }
}

/** The vacancy to edit as the form was filled from it. */
interface Loaded {
  values: Values
  majors: Named[]
  company?: Named
  /** Its `updatedAt` then: the change is sent conditional on it (a colleague's change since is not undone). */
  version: string
}

interface FormApi {
  /** The vacancy to edit, as a form's values, its majors and its company (staff's form). */
  load(id: number): Promise<Loaded>
  options(): Promise<{ data: VacancyOptions }>
  /** Creates (no `id`) or changes the vacancy; a change is refused (412) when it changed since `version`. */
  save(id: number | null, body: Body, companyId: number | null, version?: string): Promise<unknown>
  /** Where the form goes back to. */
  back: string
  /** Staff pick the company (any active one); HR's is its own. */
  pickCompany: boolean
}

/** A record a vacancy holds, as the form shows it when it is no longer among the (active) options. */
type Named = { id: number; name: string }

type VacancyOptions =
  paths['/api/hrd/job-vacancies/options']['get']['responses']['200']['content']['application/json']['data']

const HRD_FORM: FormApi = {
  load: (id) =>
    unwrap(api.GET('/api/hrd/job-vacancies/{id}', { params: { path: { id } } })).then(({ data }) => ({
      values: valuesOf(data),
      majors: data.majors,
      version: data.updatedAt,
    })),
  options: () => unwrap(api.GET('/api/hrd/job-vacancies/options')),
  save: (id, body, _companyId, version) =>
    id
      ? unwrap(
          api.PUT('/api/hrd/job-vacancies/{id}', {
            params: { path: { id }, header: ifMatch(version) },
            body,
          }),
        )
      : unwrap(api.POST('/api/hrd/job-vacancies', { body })),
  back: '/hrd/lowongan',
  pickCompany: false,
}

const ADMIN_FORM: FormApi = {
  load: (id) =>
    unwrap(api.GET('/api/admin/job-vacancies/{id}', { params: { path: { id } } })).then(({ data }) => ({
      values: valuesOf(data),
      majors: data.majors,
      company: data.company,
      version: data.updatedAt,
    })),
  options: () => unwrap(api.GET('/api/admin/job-vacancies/options')),
  save: (id, body, companyId, version) => {
    const withCompany = { ...body, company_id: companyId ?? 0 }
    return id
      ? unwrap(
          api.PUT('/api/admin/job-vacancies/{id}', {
            params: { path: { id }, header: ifMatch(version) },
            body: withCompany,
          }),
        )
      : unwrap(api.POST('/api/admin/job-vacancies', { body: withCompany }))
  },
  back: '/admin/lowongan',
  pickCompany: true,
}

/** A vacancy written or changed by HR (`/hrd/lowongan/baru`, `/hrd/lowongan/:id/ubah`). */
export function HrdVacancyFormPage() {
  return <VacancyForm via={HRD_FORM} />
}

/**
 * A vacancy written or changed by career-center staff for any active company, with or without HR
 * (`/admin/lowongan/baru`, `/admin/lowongan/:id/ubah`): HR's form with a company picker.
 */
export function AdminVacancyFormPage() {
  return <VacancyForm via={ADMIN_FORM} />
}

function VacancyForm({ via }: { via: FormApi }) {
  const params = useParams()
  const id = params.id ? Number(params.id) : null
  const navigate = useNavigate()
  const choices = useLoad(() => via.options(), [])
  const companies = useLoad(
    () =>
      via.pickCompany
        ? unwrap(api.GET('/api/admin/companies/options', { params: { query: {} } })).then((r) => r.data)
        : Promise.resolve([]),
    [],
  )
  const form = useForm(EMPTY)
  const [loadError, setLoadError] = useState<unknown>(null)
  // What the vacancy holds, shown even when switched off since (the options are active ones only).
  const [held, setHeld] = useState<{ majors: Named[]; company?: Named }>({ majors: [] })
  // The vacancy's `updatedAt` when the form was filled from it.
  const [version, setVersion] = useState<string>()
  const { setValues } = form
  // What the form was filled from: the user's changes are what differs from it.
  const base = useRef<typeof form.values | null>(null)
  // Said above the form after a save refused because someone else changed the vacancy.
  const [stale, setStale] = useState(false)
  /**
   * Fills the form from the vacancy as it is now: on opening, and after a colleague's change refused a save,
   * when what the user changed is carried over to it (`rebase`) for them to check and save again.
   */
  const fill = useCallback(
    (id: number) =>
      via.load(id).then(({ values, majors, company, version }) => {
        const theirs = { ...values, company_id: company ? String(company.id) : '' }
        const was = base.current
        setHeld({ majors, company })
        setValues((mine) => (was ? rebase(was, mine, theirs) : theirs))
        base.current = theirs
        setVersion(version)
      }),
    [setValues, via],
  )
  useEffect(() => {
    if (id) fill(id).catch(setLoadError)
  }, [id, fill])
  const o = choices.data?.data
  const majorOptions = held.majors.reduce(withCurrent, idOptions(o?.majors))

  const submit = form.submit(
    async (v) => {
      const n = form.numbers('min_salary', 'max_salary', 'quota')
      if (!n) return
      // Said in words before sending (the service would answer in terms of its schema: a date format, "minimal 1").
      const missing: Record<string, string> = {}
      if (via.pickCompany && !v.company_id) missing.company_id = 'Pilih perusahaan.'
      if (!v.deadline) missing.deadline = 'Isi batas lamaran.'
      if (n.quota === null) missing.quota = 'Isi kuota.'
      if (Object.keys(missing).length) return form.setErrors(missing)
      await via.save(id, bodyOf(v, n), v.company_id ? Number(v.company_id) : null, version)
      toastOk(id ? 'Lowongan diperbarui.' : 'Lowongan dibuat.')
      navigate(via.back)
    },
    (err) => {
      // Changed by someone else since the form was filled (a colleague, staff, an approval): nothing was saved.
      // The form takes the vacancy as it is now, keeping what the user changed, for them to check and save.
      if (id && editedElsewhere(err)) fill(id).then(() => setStale(true), toastError)
      else toastError(err)
    },
  )

  // What the user changed and has not saved (against the vacancy as the form was filled from it, or a blank one):
  // leaving asks first. Not while it is being saved: the save's own move to the list goes on.
  const unsaved = JSON.stringify(form.values) !== JSON.stringify(base.current ?? EMPTY) && !form.busy

  if (loadError) return <ErrorAlert error={loadError} />
  return (
    <>
      <LeaveGuard when={unsaved} />
      <PageTitle title={id ? 'Ubah lowongan' : 'Buat lowongan'} />
      <form onSubmit={submit} noValidate>
        <Stack maw={860}>
          <NotSavedAlert>{stale && REBASED}</NotSavedAlert>
          {via.pickCompany && (
            <Select
              label="Perusahaan"
              required
              searchable
              data={withCurrent(idOptions(companies.data), held.company)}
              allowDeselect={false}
              nothingFoundMessage="Tidak ada perusahaan aktif dengan nama itu"
              {...form.value('company_id')}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Judul" required {...form.text('title')} />
            <TextInput label="Posisi" required {...form.text('position')} />
            {(
              [
                ['category', 'Kategori', codeOptions('category', o?.categories)],
                ['job_type', 'Jenis pekerjaan', codeOptions('jobType', o?.jobTypes)],
                ['target', 'Sasaran pelamar', codeOptions('target', o?.targets)],
              ] as const
            ).map(([name, text, data]) => (
              <Select
                key={name}
                label={text}
                required
                data={data}
                allowDeselect={false}
                {...form.value(name)}
              />
            ))}
            <MultiSelect
              label="Kompetensi keahlian"
              required
              searchable
              data={majorOptions}
              {...form.value('major_ids')}
            />
            <TextInput label="Lokasi kerja" {...form.text('work_location')} />
            <TextInput label="Kota" {...form.text('city')} />
            <TextInput label="Provinsi" {...form.text('province')} />
            <DateField label="Batas lamaran" required {...form.value('deadline')} />
            {(
              [
                ['min_salary', 'Gaji minimum (Rp)'],
                ['max_salary', 'Gaji maksimum (Rp)'],
              ] as const
            ).map(([name, text]) => (
              // Written as the app shows it ("5.000.000"): a dot separates thousands.
              <NumberInput
                key={name}
                label={text}
                thousandSeparator="."
                decimalSeparator=","
                allowDecimal={false}
                allowNegative={false}
                min={0}
                hideControls
                inputMode="numeric"
                {...form.value(name)}
              />
            ))}
            <NumberInput
              label="Kuota"
              required
              thousandSeparator="."
              decimalSeparator=","
              allowDecimal={false}
              allowNegative={false}
              min={1}
              inputMode="numeric"
              {...form.value('quota')}
            />
          </SimpleGrid>
          <Textarea label="Deskripsi" required autosize minRows={3} {...form.text('description')} />
          <Textarea label="Kualifikasi" required autosize minRows={3} {...form.text('qualifications')} />
          <Textarea label="Fasilitas dan tunjangan" autosize minRows={2} {...form.text('benefits')} />
          <Group>
            <SubmitButton form={form}>Simpan</SubmitButton>
            <Button component={Link} to={via.back} variant="default">
              Batal
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  )
}
