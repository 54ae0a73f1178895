import type { Db } from '../../db/client.js'
import type { TestKind } from '../../db/schema/index.js'
import { dateText, schoolTimeText, wallClock, zoneName } from '../../db/school-day.js'
import { invalidField } from '../../http/errors.js'
import { type Lang, msg, tr } from '../../http/i18n.js'
import { outboxBacklog } from '../../jobs/outbox.js'
import { labelOf } from '../../vocabulary/index.js'
import { reminderEmailBacklog } from '../reminders/service.js'
import type { Column, Table } from './export.js'
import { fileStem, filtersOut, type ReportFilters, reportFilters } from './filters.js'
import * as q from './queries.js'
import type { ReportQuery } from './schemas.js'

/** A report: its JSON answer, and the same figures as a table for CSV and XLSX. */
export interface Report<T> {
  data: T
  /** The data with its labels in another language, where it has labels (`data` is Indonesian). */
  dataIn?: (lang: Lang) => T
  /** The download's file name without extension, from the report and its filters. */
  stem: string
  table: () => Table<never>
}

interface Checked {
  filters: ReportFilters
  /** The major of `major_id`, by which the download's file name calls it. */
  major: { id: number; code: string } | null
  majorLabel: string | null
}

/** The filters, checked; a major that does not exist is a 422 on `major_id`. */
async function checked(db: Db, query: ReportQuery, timeZone: string): Promise<Checked> {
  const filters = reportFilters(query, timeZone)
  if (!filters.majorId) return { filters, major: null, majorLabel: null }
  const major = await q.major(db, filters.majorId)
  if (!major) return invalidField('major_id', msg('kompetensi keahlian tidak ditemukan', 'major not found'))
  return {
    filters,
    major: { id: filters.majorId, code: major.code },
    majorLabel: `${major.code} — ${major.name}`,
  }
}

/** The lines of the workbook's "Keterangan" sheet: what was asked, and how the figures are read. */
function notesOf(c: Checked, dateMeaning: string, formulas: [string, string][]): [string, string][] {
  const f = c.filters
  const range =
    f.dateFrom || f.dateTo
      ? `${f.dateFrom ? dateText(f.dateFrom) : 'awal data'} s.d. ${f.dateTo ? dateText(f.dateTo) : 'akhir data'}`
      : 'Semua tanggal'
  return [
    [
      'Tahun ajaran',
      f.schoolYear
        ? `${f.schoolYear.label} (${dateText(f.schoolYear.from)} s.d. ${dateText(f.schoolYear.to)})`
        : 'Semua tahun ajaran',
    ],
    ['Kompetensi keahlian', c.majorLabel ?? 'Semua kompetensi keahlian'],
    ['Rentang tanggal', range],
    ['Tanggal yang difilter', dateMeaning],
    ...formulas,
    ['Dibuat pada', schoolTimeText(new Date(), f.timeZone, 'long')],
  ]
}

const table =
  <R>(t: Table<R>) =>
  () =>
    t as unknown as Table<never>

// ------------------------------------------------------------------ recruitment

const recruitmentFigures = (r: q.RecruitmentRow) => ({
  vacancies: r.vacancies,
  applicants: r.applicants,
  passedReview: r.passedReview,
  accepted: r.accepted,
  passRatio: r.passRatio,
})

export async function recruitmentReport(db: Db, query: ReportQuery, timeZone: string) {
  const c = await checked(db, query, timeZone)
  const all = await q.recruitment(db, c.filters)
  const totals = all.find((r) => r.isTotal) as q.RecruitmentRow
  const rows = all
    .filter((r) => !r.isTotal)
    .map((r) => ({
      companyId: r.companyId as number,
      companyName: r.companyName as string,
      ...recruitmentFigures(r),
    }))
  type Line =
    | (typeof rows)[number]
    | ({ companyId: null; companyName: string } & ReturnType<typeof recruitmentFigures>)
  const columns: Column<Line>[] = [
    { header: 'Perusahaan', value: (r) => r.companyName },
    { header: 'Jumlah Lowongan', kind: 'int', value: (r) => r.vacancies },
    { header: 'Jumlah Pelamar', kind: 'int', value: (r) => r.applicants },
    { header: 'Lolos Seleksi Berkas', kind: 'int', value: (r) => r.passedReview },
    { header: 'Diterima', kind: 'int', value: (r) => r.accepted },
    { header: 'Rasio Diterima (%)', kind: 'percent', value: (r) => r.passRatio },
  ]
  return {
    data: { filters: filtersOut(c.filters), rows, totals: recruitmentFigures(totals) },
    stem: fileStem('rekrutmen', c.filters, c.major),
    table: table<Line>({
      title: 'Laporan Rekrutmen per Perusahaan',
      sheet: 'Rekrutmen',
      columns,
      rows: [...rows, { companyId: null, companyName: 'TOTAL', ...recruitmentFigures(totals) }],
      notes: notesOf(c, 'Tanggal lamaran dibuat; lowongan yang dibuka dalam periode', [
        ['Lolos seleksi berkas', 'Lamaran dengan keputusan seleksi berkas "Lolos"'],
        ['Rasio diterima', 'Diterima ÷ pelamar × 100'],
      ]),
    }),
  } satisfies Report<unknown>
}

// ------------------------------------------------------------------ attendance

const attendanceFigures = (r: q.AttendanceRow) => ({
  participants: r.participants,
  hadir: r.hadir,
  izin: r.izin,
  alpa: r.alpa,
  awaitingValidation: r.awaitingValidation,
  notRecorded: r.notRecorded,
  attendanceRate: r.attendanceRate,
})

export async function attendanceReport(db: Db, query: ReportQuery, timeZone: string) {
  const c = await checked(db, query, timeZone)
  const all = await q.attendance(db, c.filters)
  const totals = all.find((r) => r.isTotal) as q.AttendanceRow
  const rows = all
    .filter((r) => !r.isTotal)
    .map((r) => ({
      scheduleId: r.scheduleId as number,
      scheduleName: r.scheduleName as string,
      kind: r.kind as TestKind,
      scheduledAt: r.scheduledAt as string,
      company: { id: r.companyId as number, name: r.companyName as string },
      vacancy: { id: r.vacancyId as number, title: r.vacancyTitle as string },
      ...attendanceFigures(r),
    }))
  type Line = {
    scheduleName: string
    kind: TestKind | null
    scheduledAt: string | null
    company: { name: string } | null
    vacancy: { title: string } | null
  } & ReturnType<typeof attendanceFigures>
  const columns: Column<Line>[] = [
    { header: 'Jadwal Tes', value: (r) => r.scheduleName },
    { header: 'Jenis Tes', value: (r) => (r.kind ? labelOf('testKind', r.kind) : null) },
    {
      header: `Waktu Tes (${zoneName(timeZone)})`,
      kind: 'datetime',
      value: (r) => (r.scheduledAt ? wallClock(r.scheduledAt, timeZone) : null),
    },
    { header: 'Perusahaan', value: (r) => r.company?.name ?? null },
    { header: 'Lowongan', value: (r) => r.vacancy?.title ?? null },
    { header: 'Peserta', kind: 'int', value: (r) => r.participants },
    { header: labelOf('attendance', 'hadir'), kind: 'int', value: (r) => r.hadir },
    { header: labelOf('attendance', 'izin'), kind: 'int', value: (r) => r.izin },
    { header: labelOf('attendance', 'alpa'), kind: 'int', value: (r) => r.alpa },
    { header: 'Menunggu Validasi', kind: 'int', value: (r) => r.awaitingValidation },
    { header: 'Belum Tercatat', kind: 'int', value: (r) => r.notRecorded },
    { header: 'Tingkat Kehadiran (%)', kind: 'percent', value: (r) => r.attendanceRate },
  ]
  return {
    data: { filters: filtersOut(c.filters), rows, totals: attendanceFigures(totals) },
    stem: fileStem('kehadiran', c.filters, c.major),
    table: table<Line>({
      title: 'Laporan Kehadiran Peserta Seleksi',
      sheet: 'Kehadiran',
      columns,
      rows: [
        ...rows,
        {
          scheduleName: 'TOTAL',
          kind: null,
          scheduledAt: null,
          company: null,
          vacancy: null,
          ...attendanceFigures(totals),
        },
      ],
      notes: notesOf(c, 'Waktu pelaksanaan tes (hanya tes yang sudah berlangsung dan tidak dibatalkan)', [
        ['Hadir / izin / alpa', 'Hanya kehadiran yang sudah divalidasi (verified) oleh BKK'],
        ['Menunggu validasi', 'Sudah ditandai HRD, belum divalidasi BKK'],
        ['Belum tercatat', 'Belum ditandai HRD, atau tandanya ditolak BKK'],
        ['Tingkat kehadiran', 'Hadir ÷ peserta × 100'],
      ]),
    }),
  } satisfies Report<unknown>
}

// ------------------------------------------------------------------ absorption

const absorptionFigures = (r: q.AbsorptionRow) => ({
  cohort: r.cohort,
  placed: r.placed,
  placedOutside: r.placedOutside,
  working: r.working,
  absorbed: r.absorbed,
  placedPercent: r.placedPercent,
  workingPercent: r.workingPercent,
  absorbedPercent: r.absorbedPercent,
})

export async function absorptionReport(db: Db, query: ReportQuery, timeZone: string) {
  const c = await checked(db, query, timeZone)
  const all = await q.absorption(db, c.filters)
  const totals = all.find((r) => r.isTotal) as q.AbsorptionRow
  const rows = all
    .filter((r) => !r.isTotal)
    .map((r) => ({
      major: {
        id: r.majorId as number,
        code: r.majorCode as string,
        name: r.majorName as string,
        departmentName: r.departmentName as string,
      },
      graduationYear: r.graduationYear,
      group: r.graduationYear === null ? ('siswa' as const) : ('alumni' as const),
      ...absorptionFigures(r),
    }))
  type Line = {
    major: { code: string; name: string; departmentName: string } | null
    graduationYear: number | null
    group: 'siswa' | 'alumni' | null
  } & ReturnType<typeof absorptionFigures>
  const columns: Column<Line>[] = [
    {
      header: 'Kode Kompetensi Keahlian',
      kind: (r) => (r.major ? 'identifier' : 'text'),
      value: (r) => r.major?.code ?? 'TOTAL',
    },
    { header: 'Kompetensi Keahlian', value: (r) => r.major?.name ?? null },
    { header: 'Bidang Keahlian', value: (r) => r.major?.departmentName ?? null },
    {
      header: 'Angkatan (Tahun Lulus)',
      kind: 'year',
      value: (r) => (r.group === 'siswa' ? 'Kelas XII' : (r.graduationYear ?? null)),
    },
    { header: 'Jumlah Lulusan/Siswa', kind: 'int', value: (r) => r.cohort },
    { header: 'Ditempatkan', kind: 'int', value: (r) => r.placed },
    { header: 'Di antaranya di luar bursa', kind: 'int', value: (r) => r.placedOutside },
    { header: 'Bekerja/Wirausaha (Tracer)', kind: 'int', value: (r) => r.working },
    { header: 'Terserap', kind: 'int', value: (r) => r.absorbed },
    { header: 'Ditempatkan (%)', kind: 'percent', value: (r) => r.placedPercent },
    { header: 'Bekerja/Wirausaha (%)', kind: 'percent', value: (r) => r.workingPercent },
    { header: 'Terserap (%)', kind: 'percent', value: (r) => r.absorbedPercent },
  ]
  return {
    data: { filters: filtersOut(c.filters), rows, totals: absorptionFigures(totals) },
    stem: fileStem('penyerapan', c.filters, c.major),
    table: table<Line>({
      title: 'Laporan Keterserapan Lulusan',
      sheet: 'Keterserapan',
      columns,
      rows: [...rows, { major: null, graduationYear: null, group: null, ...absorptionFigures(totals) }],
      notes: notesOf(
        c,
        'Tanggal diterima penempatan dan tanggal mulai kerja pada tracer study (angkatan dipilih lewat tahun ajaran)',
        [
          [
            'Angkatan',
            'Tahun ajaran 2025/2026 = lulusan tahun 2026 (+ siswa kelas XII bila tahun ajaran berjalan)',
          ],
          [
            'Ditempatkan',
            'Pernah mendapat penempatan kerja melalui bursa, atau di luar bursa yang dicatat staf BKK atau HRD',
          ],
          ['Di luar bursa', 'Ditempatkan hanya lewat penempatan di luar bursa (tanpa lamaran melalui bursa)'],
          [
            'Bekerja/wirausaha',
            'Jawaban tracer study berstatus bekerja atau wirausaha: dengan rentang tanggal, versi jawaban mana pun dengan tanggal mulai dalam rentang (mulai bekerja dalam rentang); tanpa rentang, jawaban terkini',
          ],
          ['Terserap', 'Ditempatkan atau bekerja/wirausaha (dihitung sekali per orang)'],
          ['Persentase', 'Jumlah ÷ jumlah lulusan/siswa angkatan × 100'],
        ],
      ),
    }),
  } satisfies Report<unknown>
}

// ------------------------------------------------------------------ tracer study

export async function tracerStudyReport(db: Db, query: ReportQuery, timeZone: string) {
  const c = await checked(db, query, timeZone)
  const s = await q.tracerStudy(db, c.filters)
  // The labels in the caller's language (the JSON answer); the export reads the Indonesian ones.
  const dataIn = (lang: Lang) => ({
    filters: filtersOut(c.filters),
    alumni: s.alumni,
    respondents: s.respondents,
    responseRate: s.responseRate,
    statuses: s.statuses.map((x) => ({
      status: x.key,
      label: labelOf('careerStatus', x.key, lang),
      count: x.count,
      percent: x.percent,
    })),
    working: s.working,
    waitingPeriod: s.waitingPeriod,
    startingSalary: s.startingSalary,
    provinces: s.provinces,
    cities: s.cities,
    jobFit: {
      respondents: s.jobFit.respondents,
      shares: s.jobFit.shares.map((x) => ({
        jobFit: x.key,
        label: labelOf('jobFit', x.key, lang),
        count: x.count,
        percent: x.percent,
      })),
    },
  })
  const data = dataIn('id')
  type Line = {
    section: string
    item: string
    count: number | null
    percent: number | null
    value: number | null
    /** What `value` is: months with decimals (waiting period) or whole rupiah (salary). */
    valueKind: 'decimal' | 'money'
  }
  const line = (section: string, item: string, v: Partial<Line> = {}): Line => ({
    section,
    item,
    count: null,
    percent: null,
    value: null,
    valueKind: 'decimal',
    ...v,
  })
  const rupiah = (value: number | null) => ({ value, valueKind: 'money' as const })
  const lines: Line[] = [
    line('Ringkasan', 'Alumni dalam cakupan', { count: data.alumni }),
    line('Ringkasan', 'Alumni yang mengisi (responden)', { count: data.respondents }),
    line('Ringkasan', 'Tingkat respons', { percent: data.responseRate }),
    line('Ringkasan', 'Bekerja/wirausaha (responden)', { count: data.working }),
    ...data.statuses.map((x) => line('Status karier', x.label, { count: x.count, percent: x.percent })),
    line('Masa tunggu (bulan)', 'Responden', { count: data.waitingPeriod.respondents }),
    line('Masa tunggu (bulan)', 'Rata-rata', { value: data.waitingPeriod.mean }),
    line('Masa tunggu (bulan)', 'Median', { value: data.waitingPeriod.median }),
    line('Gaji pertama (Rp)', 'Responden', { count: data.startingSalary.respondents }),
    line('Gaji pertama (Rp)', 'Kuartil 1', rupiah(data.startingSalary.q1)),
    line('Gaji pertama (Rp)', 'Median', rupiah(data.startingSalary.median)),
    line('Gaji pertama (Rp)', 'Kuartil 3', rupiah(data.startingSalary.q3)),
    ...data.provinces.map((x) =>
      line('Wilayah kerja: provinsi', x.province, { count: x.count, percent: x.percent }),
    ),
    ...data.cities.map((x) =>
      line('Wilayah kerja: kota/kabupaten', x.province ? `${x.city}, ${x.province}` : x.city, {
        count: x.count,
        percent: x.percent,
      }),
    ),
    line('Kesesuaian pekerjaan dengan jurusan', 'Responden', { count: data.jobFit.respondents }),
    ...data.jobFit.shares.map((x) =>
      line('Kesesuaian pekerjaan dengan jurusan', x.label, { count: x.count, percent: x.percent }),
    ),
  ]
  const columns: Column<Line>[] = [
    { header: 'Bagian', value: (r) => r.section },
    { header: 'Uraian', value: (r) => r.item },
    { header: 'Jumlah', kind: 'int', value: (r) => r.count },
    { header: 'Persentase (%)', kind: 'percent', value: (r) => r.percent },
    { header: 'Nilai', kind: (r) => r.valueKind, value: (r) => r.value },
  ]
  return {
    data,
    dataIn,
    stem: fileStem('tracer-study', c.filters, c.major),
    table: table<Line>({
      title: 'Laporan Tracer Study',
      sheet: 'Tracer Study',
      columns,
      rows: lines,
      notes: notesOf(
        c,
        'Waktu pengisian jawaban tracer study: jawaban terakhir tiap alumni s.d. akhir rentang, dihitung bila diisi dalam rentang; tanpa rentang, jawaban terkini (angkatan dipilih lewat tahun ajaran)',
        [
          ['Angkatan', 'Tahun ajaran 2025/2026 = alumni lulusan tahun 2026'],
          [
            'Tingkat respons',
            'Alumni yang menjawab (dalam rentang tanggal, atau jawaban terkini) ÷ alumni dalam cakupan × 100',
          ],
          ['Status karier', 'Persentase dari responden'],
          [
            'Masa tunggu, gaji, wilayah, kesesuaian',
            'Dari responden yang bekerja atau berwirausaha; median dan kuartil dengan percentile_cont',
          ],
        ],
      ),
    }),
  } satisfies Report<unknown>
}

// ------------------------------------------------------------------ options and dashboard

const schoolYearLabel = (startYear: number) => `${startYear}/${startYear + 1}`

export async function reportOptions(db: Db, lang: Lang) {
  const o = await q.reportOptions(db)
  return {
    schoolYears: o.schoolYears.map((y) => ({
      value: schoolYearLabel(y),
      label: tr(msg(`Tahun ajaran ${schoolYearLabel(y)}`, `School year ${schoolYearLabel(y)}`), lang),
      from: `${y}-07-01`,
      to: `${y + 1}-06-30`,
    })),
    currentSchoolYear: schoolYearLabel(o.currentSchoolYear),
    majors: o.majors,
    dateRange: o.minDate && o.maxDate ? { min: o.minDate, max: o.maxDate } : null,
    formats: ['json', 'csv', 'xlsx'],
  }
}

/** How many of the latest applications and placements the front page lists. */
export const DASHBOARD_LATEST = 5

/**
 * The front page's figures. `emailOn`: SMTP is set (`app.outbox.enabled`); the e-mails owed are counted either way
 * (switched off, what was queued before waits).
 */
export async function dashboard(db: Db, { emailOn }: { emailOn: boolean }) {
  const d = await q.dashboard(db, DASHBOARD_LATEST)
  const outbox = await outboxBacklog(db)
  const reminderMail = await reminderEmailBacklog(db)
  const { total, ...byStatus } = d.applications
  return {
    schoolYear: schoolYearLabel(d.schoolYear),
    weekStart: d.weekStart,
    companies: d.companies,
    vacancies: d.vacancies,
    applications: { total, byStatus },
    testsThisWeek: d.testsThisWeek,
    attendanceAwaitingValidation: d.attendanceAwaitingValidation,
    placementsThisSchoolYear: d.placementsThisYear,
    tracerStudy: d.tracer,
    latestApplications: d.latestApplications,
    latestPlacements: d.latestPlacements,
    emails: {
      enabled: emailOn,
      waiting: outbox.waiting + reminderMail.waiting,
      failing: outbox.failing + reminderMail.failing,
      failedLast7Days: outbox.failed + reminderMail.failed,
    },
  }
}
