import type { paths } from '../../api/schema'
import type { Term } from '../../lib/labels'

export type TracerData =
  paths['/api/alumni/tracer-study']['get']['responses']['200']['content']['application/json']['data']
export type Answer = NonNullable<TracerData['current']>
export type Body = paths['/api/alumni/tracer-study']['post']['requestBody']['content']['application/json']
export type CareerStatus = Body['career_status']
export type FieldName = Exclude<keyof Body, 'career_status'>

/** The statuses an alumnus picks from, in the vocabulary's order, each with a hint of what it covers. */
const HINTS: Record<CareerStatus, string> = {
  bekerja: 'di perusahaan atau instansi',
  wirausaha: 'menjalankan usaha sendiri',
  lanjut_studi: 'kuliah atau kursus',
  mencari_kerja: 'belum bekerja',
}

/** Which fields each career status asks for (`required`) or keeps when given (`optional`). */
export type FieldRules = Record<CareerStatus, { required: FieldName[]; optional: FieldName[] }>

/**
 * The statuses and their field rules as the service serves them (`careerStatus` of GET /api/vocabulary):
 * the rules' one owner is the service's tracer-study module, which also checks every answer by them.
 */
export function careerStatuses(terms: Term[]) {
  const statuses = terms.map((t) => ({
    value: t.code as CareerStatus,
    label: t.label,
    hint: HINTS[t.code as CareerStatus] ?? '',
  }))
  const rules = Object.fromEntries(
    terms.map((t) => [t.code, { required: t.required ?? [], optional: t.optional ?? [] }]),
  ) as FieldRules
  return { statuses, rules }
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

export const TEXT_FIELDS = [
  'institution_name',
  'job_title',
  'sector',
  'city',
  'province',
  'job_fit',
  'start_date',
] as const

/** The form's values: the status, the text fields, and the two numbers ('' while blank). */
export type FormState = { career_status: CareerStatus } & Record<(typeof TEXT_FIELDS)[number], string> & {
    starting_salary: number | ''
    waiting_period_months: number | ''
  }

/** The form filled from an answer (the last saved one, or the prefill from a placement), or blank. */
export function formOf(a: Omit<Answer, 'version' | 'submittedAt'> | null): FormState {
  return {
    career_status: a?.careerStatus ?? 'bekerja',
    institution_name: a?.institutionName ?? '',
    job_title: a?.jobTitle ?? '',
    sector: a?.sector ?? '',
    city: a?.city ?? '',
    province: a?.province ?? '',
    job_fit: a?.jobFit ?? '',
    start_date: a?.startDate ?? '',
    starting_salary: a?.startingSalary ?? '',
    waiting_period_months: a?.waitingPeriodMonths ?? '',
  }
}

/** The body to send: only the fields the status asks for, blanks left out (the API names what is missing). */
export function bodyOf(f: FormState, rules: FieldRules): Body {
  const { required, optional } = rules[f.career_status]
  const wanted = new Set<FieldName>([...required, ...optional])
  const body: Record<string, unknown> = { career_status: f.career_status }
  for (const k of TEXT_FIELDS) {
    const v = f[k].trim()
    if (wanted.has(k) && v) body[k] = v
  }
  if (wanted.has('starting_salary') && f.starting_salary !== '') body.starting_salary = f.starting_salary
  if (wanted.has('waiting_period_months') && f.waiting_period_months !== '')
    body.waiting_period_months = f.waiting_period_months
  return body as Body
}
