import '../styles-all'
import {
  Button,
  Card,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core'
import { type ReactNode, useState } from 'react'
import { useSearchParams } from 'react-router'
import { api, download, fieldErrors, unwrap } from '../api/client'
import type { paths } from '../api/schema'
import { BarChart, type ChartSeries } from '../components/bar-chart'
import { DateField } from '../components/dates'
import { Stat } from '../components/stat'
import { Loading, PageTitle } from '../components/ui'
import {
  formatBytes,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPercent,
  formatRupiah,
} from '../lib/format'
import { label } from '../lib/labels'
import { toastError, toastOk } from '../lib/toast'
import { nextSearch, useUrlFilters } from '../lib/url-state'
import { useLoad } from '../lib/use-load'

type DataOf<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': { data: infer D } } } } }
}
  ? D
  : never
type Recruitment = DataOf<'/api/admin/reports/recruitment'>
type Attendance = DataOf<'/api/admin/reports/attendance'>
type Absorption = DataOf<'/api/admin/reports/absorption'>
type Tracer = DataOf<'/api/admin/reports/tracer-study'>
type ReportQuery = NonNullable<paths['/api/admin/reports/recruitment']['get']['parameters']['query']>

export const REPORTS = [
  { key: 'recruitment', title: 'Rekrutmen per perusahaan' },
  { key: 'attendance', title: 'Kehadiran peserta tes' },
  { key: 'absorption', title: 'Keterserapan lulusan' },
  { key: 'tracer-study', title: 'Tracer study' },
] as const
type ReportKey = (typeof REPORTS)[number]['key']
const FILTER_KEYS = ['school_year', 'major_id', 'date_from', 'date_to'] as const
const URL_KEYS = ['report', ...FILTER_KEYS] as const

const COLORS = {
  blue: 'var(--mantine-color-blue-6)',
  teal: 'var(--mantine-color-teal-6)',
  green: 'var(--mantine-color-green-7)',
  yellow: 'var(--mantine-color-yellow-5)',
  red: 'var(--mantine-color-red-6)',
  orange: 'var(--mantine-color-orange-5)',
  gray: 'var(--mantine-color-gray-5)',
  grape: 'var(--mantine-color-grape-6)',
}

/** The report's API query from the URL's filters (only the filters the API knows, ids as numbers). */
export function reportQuery(q: Record<string, string | number>): ReportQuery {
  const out: ReportQuery = {}
  if (q.school_year) out.school_year = String(q.school_year)
  if (q.major_id && Number.isInteger(Number(q.major_id))) out.major_id = Number(q.major_id)
  if (q.date_from) out.date_from = String(q.date_from)
  if (q.date_to) out.date_to = String(q.date_to)
  return out
}

type Loaded =
  | { report: 'recruitment'; data: Recruitment }
  | { report: 'attendance'; data: Attendance }
  | { report: 'absorption'; data: Absorption }
  | { report: 'tracer-study'; data: Tracer }

function loadReport(report: ReportKey, query: ReportQuery): Promise<Loaded> {
  const params = { params: { query } }
  switch (report) {
    case 'attendance':
      return unwrap(api.GET('/api/admin/reports/attendance', params)).then((r) => ({ report, data: r.data }))
    case 'absorption':
      return unwrap(api.GET('/api/admin/reports/absorption', params)).then((r) => ({ report, data: r.data }))
    case 'tracer-study':
      return unwrap(api.GET('/api/admin/reports/tracer-study', params)).then((r) => ({
        report,
        data: r.data,
      }))
    default:
      return unwrap(api.GET('/api/admin/reports/recruitment', params)).then((r) => ({
        report: 'recruitment' as const,
        data: r.data,
      }))
  }
}

/** A table whose last line (the totals) is set apart; wide tables scroll sideways on a phone. */
function ReportTable({
  caption,
  head,
  rows,
  foot,
  minWidth = 640,
}: {
  caption: string
  head: string[]
  rows: ReactNode[][]
  foot?: ReactNode[]
  minWidth?: number
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped withTableBorder highlightOnHover>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {head.map((h, i) => (
              <Table.Th key={h} ta={i === 0 ? undefined : 'right'}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={head.length}>
                <Text c="dimmed" ta="center" size="sm" py="sm">
                  Tidak ada data untuk saringan ini.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((r, i) => (
              <Table.Tr key={i}>
                {r.map((c, j) => (
                  <Table.Td key={j} ta={j === 0 ? undefined : 'right'}>
                    {c}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
        {foot && (
          <Table.Tfoot>
            <Table.Tr fw={700} bg="gray.0">
              {foot.map((c, j) => (
                <Table.Td key={j} ta={j === 0 ? undefined : 'right'}>
                  {c}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  )
}

const n = formatNumber
const pct = (v: number | null | undefined) => formatPercent(v, 2)

function RecruitmentReport({ data }: { data: Recruitment }) {
  const t = data.totals
  const series: ChartSeries[] = [
    { key: 'applicants', label: 'Pelamar', color: COLORS.blue },
    { key: 'passedReview', label: 'Lolos berkas', color: COLORS.teal },
    { key: 'accepted', label: 'Diterima', color: COLORS.green },
  ]
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, md: 5 }}>
        <Stat name="Lowongan" value={n(t.vacancies)} />
        <Stat name="Pelamar" value={n(t.applicants)} />
        <Stat name="Lolos berkas" value={n(t.passedReview)} />
        <Stat name="Diterima" value={n(t.accepted)} />
        <Stat name="Rasio diterima" value={pct(t.passRatio)} />
      </SimpleGrid>
      <Card withBorder>
        <BarChart
          title="Pelamar, lolos berkas dan diterima per perusahaan"
          series={series}
          items={data.rows.map((r) => ({ label: r.companyName, values: r }))}
          format={n}
        />
      </Card>
      <ReportTable
        caption="Rekrutmen per perusahaan; rasio diterima = diterima ÷ pelamar."
        head={['Perusahaan', 'Lowongan', 'Pelamar', 'Lolos berkas', 'Diterima', 'Rasio diterima']}
        rows={data.rows.map((r) => [
          r.companyName,
          n(r.vacancies),
          n(r.applicants),
          n(r.passedReview),
          n(r.accepted),
          pct(r.passRatio),
        ])}
        foot={['Total', n(t.vacancies), n(t.applicants), n(t.passedReview), n(t.accepted), pct(t.passRatio)]}
      />
    </Stack>
  )
}

function AttendanceReport({ data }: { data: Attendance }) {
  const t = data.totals
  const series: ChartSeries[] = [
    { key: 'hadir', label: 'Hadir', color: COLORS.green },
    { key: 'izin', label: 'Izin', color: COLORS.yellow },
    { key: 'alpa', label: 'Alpa', color: COLORS.red },
    { key: 'awaitingValidation', label: 'Menunggu validasi', color: COLORS.blue },
    { key: 'notRecorded', label: 'Belum tercatat', color: COLORS.gray },
  ]
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Stat name="Peserta" value={n(t.participants)} />
        <Stat name="Hadir" value={n(t.hadir)} hint={`izin ${n(t.izin)} · alpa ${n(t.alpa)}`} />
        <Stat
          name="Menunggu validasi"
          value={n(t.awaitingValidation)}
          hint={`belum tercatat ${n(t.notRecorded)}`}
        />
        <Stat name="Tingkat kehadiran" value={pct(t.attendanceRate)} />
      </SimpleGrid>
      <Card withBorder>
        <BarChart
          title="Kehadiran per tes (peserta)"
          series={series}
          stacked
          items={data.rows.map((r) => ({ label: `${r.scheduleName} · ${r.company.name}`, values: r }))}
          format={n}
        />
      </Card>
      <ReportTable
        caption="Hanya tes yang sudah berlangsung; hadir, izin dan alpa dihitung setelah divalidasi BKK."
        minWidth={900}
        head={[
          'Tes',
          'Waktu',
          'Perusahaan',
          'Peserta',
          'Hadir',
          'Izin',
          'Alpa',
          'Menunggu validasi',
          'Belum tercatat',
          'Tingkat kehadiran',
        ]}
        rows={data.rows.map((r) => [
          `${r.scheduleName} (${label('testKind', r.kind)})`,
          formatDateTime(r.scheduledAt),
          `${r.company.name} · ${r.vacancy.title}`,
          n(r.participants),
          n(r.hadir),
          n(r.izin),
          n(r.alpa),
          n(r.awaitingValidation),
          n(r.notRecorded),
          pct(r.attendanceRate),
        ])}
        foot={[
          'Total',
          '',
          '',
          n(t.participants),
          n(t.hadir),
          n(t.izin),
          n(t.alpa),
          n(t.awaitingValidation),
          n(t.notRecorded),
          pct(t.attendanceRate),
        ]}
      />
    </Stack>
  )
}

const cohortName = (r: Absorption['rows'][number]) =>
  r.graduationYear == null ? 'Kelas 12' : `Lulusan ${r.graduationYear}`

function AbsorptionReport({ data }: { data: Absorption }) {
  const t = data.totals
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Stat name="Kohort" value={n(t.cohort)} />
        <Stat name="Ditempatkan" value={n(t.placed)} hint={pct(t.placedPercent)} />
        <Stat name="Bekerja (tracer study)" value={n(t.working)} hint={pct(t.workingPercent)} />
        <Stat name="Terserap" value={n(t.absorbed)} hint={pct(t.absorbedPercent)} />
      </SimpleGrid>
      <Card withBorder>
        <BarChart
          title="Terserap per kompetensi dan angkatan (% kohort)"
          series={[{ key: 'absorbedPercent', label: 'Terserap', color: COLORS.teal }]}
          max={100}
          items={data.rows.map((r) => ({ label: `${r.major.code} · ${cohortName(r)}`, values: r }))}
          format={pct}
        />
      </Card>
      <ReportTable
        caption="Terserap = ditempatkan lewat bursa atau bekerja/wirausaha menurut tracer study (tiap orang sekali)."
        minWidth={860}
        head={[
          'Kompetensi',
          'Angkatan',
          'Kohort',
          'Ditempatkan',
          'Bekerja',
          'Terserap',
          '% ditempatkan',
          '% bekerja',
          '% terserap',
        ]}
        rows={data.rows.map((r) => [
          `${r.major.code} – ${r.major.name}`,
          cohortName(r),
          n(r.cohort),
          n(r.placed),
          n(r.working),
          n(r.absorbed),
          pct(r.placedPercent),
          pct(r.workingPercent),
          pct(r.absorbedPercent),
        ])}
        foot={[
          'Total',
          '',
          n(t.cohort),
          n(t.placed),
          n(t.working),
          n(t.absorbed),
          pct(t.placedPercent),
          pct(t.workingPercent),
          pct(t.absorbedPercent),
        ]}
      />
    </Stack>
  )
}

function TracerReport({ data }: { data: Tracer }) {
  const fitTotal = data.jobFit.shares.reduce((s, x) => s + x.count, 0)
  const provinceTotal = data.provinces.reduce((s, x) => s + x.count, 0)
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Stat name="Alumni" value={n(data.alumni)} />
        <Stat
          name="Responden"
          value={n(data.respondents)}
          hint={`tingkat respons ${pct(data.responseRate)}`}
        />
        <Stat name="Bekerja / wirausaha" value={n(data.working)} />
        <Stat
          name="Masa tunggu (bulan)"
          value={data.waitingPeriod.median == null ? '–' : `${n(data.waitingPeriod.median)}`}
          hint={`median; rata-rata ${n(data.waitingPeriod.mean)} dari ${n(data.waitingPeriod.respondents)} jawaban`}
        />
      </SimpleGrid>
      <Card withBorder>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Gaji pertama (dari {n(data.startingSalary.respondents)} jawaban)
        </Text>
        <Group gap="xl" wrap="wrap">
          <Text>
            Kuartil 1: <b>{formatRupiah(data.startingSalary.q1)}</b>
          </Text>
          <Text>
            Median: <b>{formatRupiah(data.startingSalary.median)}</b>
          </Text>
          <Text>
            Kuartil 3: <b>{formatRupiah(data.startingSalary.q3)}</b>
          </Text>
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <BarChart
            title="Status karier responden (%)"
            series={[{ key: 'percent', label: 'Responden', color: COLORS.blue }]}
            max={100}
            items={data.statuses.map((s) => ({ label: label('careerStatus', s.status), values: s }))}
            format={pct}
          />
        </Card>
        <Card withBorder>
          <BarChart
            title="Kesesuaian pekerjaan dengan jurusan (%)"
            series={[{ key: 'percent', label: 'Responden', color: COLORS.grape }]}
            max={100}
            items={data.jobFit.shares.map((s) => ({ label: label('jobFit', s.jobFit), values: s }))}
            format={pct}
          />
        </Card>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ReportTable
          caption="Status karier; persen dari responden."
          minWidth={320}
          head={['Status', 'Jumlah', '%']}
          rows={data.statuses.map((s) => [label('careerStatus', s.status), n(s.count), pct(s.percent)])}
          foot={['Total responden', n(data.respondents), pct(data.respondents ? 100 : null)]}
        />
        <ReportTable
          caption="Kesesuaian pekerjaan dengan jurusan; persen dari yang bekerja dan menjawab."
          minWidth={320}
          head={['Kesesuaian', 'Jumlah', '%']}
          rows={data.jobFit.shares.map((s) => [label('jobFit', s.jobFit), n(s.count), pct(s.percent)])}
          foot={['Total', n(fitTotal), pct(fitTotal ? 100 : null)]}
        />
        <ReportTable
          caption="Provinsi tempat bekerja."
          minWidth={320}
          head={['Provinsi', 'Jumlah', '%']}
          rows={data.provinces.map((p) => [p.province, n(p.count), pct(p.percent)])}
          foot={['Total', n(provinceTotal), pct(provinceTotal ? 100 : null)]}
        />
        <ReportTable
          caption="Kota tempat bekerja."
          minWidth={320}
          head={['Kota', 'Jumlah', '%']}
          rows={data.cities.map((c) => [
            c.province ? `${c.city}, ${c.province}` : c.city,
            n(c.count),
            pct(c.percent),
          ])}
        />
      </SimpleGrid>
    </Stack>
  )
}

function ReportBody({ loaded }: { loaded: Loaded }) {
  switch (loaded.report) {
    case 'attendance':
      return <AttendanceReport data={loaded.data} />
    case 'absorption':
      return <AbsorptionReport data={loaded.data} />
    case 'tracer-study':
      return <TracerReport data={loaded.data} />
    default:
      return <RecruitmentReport data={loaded.data} />
  }
}

/** The period the report covers, as the API echoed it. */
function periodText(f: Recruitment['filters']): string {
  const { from, to } = f.period
  if (!from && !to) return 'Semua data'
  if (from && to) return `${formatDate(from)} – ${formatDate(to)}`
  return from ? `Sejak ${formatDate(from)}` : `Sampai ${formatDate(to)}`
}

export function ReportsPage() {
  const url = useUrlFilters(URL_KEYS)
  const [, setParams] = useSearchParams()
  // Changes start from the address bar as it is now, not as of the last render: two filters changed in
  // quick succession both stay (the router's own updater may still hold the URL before the first change).
  const f = {
    ...url,
    set: (changes: Partial<Record<(typeof URL_KEYS)[number], string | number | null>>) =>
      setParams(nextSearch(new URLSearchParams(window.location.search), changes)),
  }
  const report: ReportKey = REPORTS.some((r) => r.key === f.get('report'))
    ? (f.get('report') as ReportKey)
    : 'recruitment'
  const query = reportQuery(f.query)
  const options = useLoad(() => unwrap(api.GET('/api/admin/reports/options')), [])
  const data = useLoad(() => loadReport(report, query), [f.key])
  const [progress, setProgress] = useState<{ format: string; loaded: number; total: number } | null>(null)
  const errors = fieldErrors(data.error)
  const o = options.data?.data
  const years = (o?.schoolYears ?? []).map((y) => ({ value: y.value, label: y.label }))
  if (o && !years.some((y) => y.value === o.currentSchoolYear))
    years.unshift({ value: o.currentSchoolYear, label: o.currentSchoolYear })
  const groups = new Map<string, { value: string; label: string }[]>()
  for (const m of o?.majors ?? []) {
    const items = groups.get(m.department.name) ?? []
    items.push({ value: String(m.id), label: `${m.code} – ${m.name}${m.isActive ? '' : ' (nonaktif)'}` })
    groups.set(m.department.name, items)
  }
  const majors = [...groups].map(([group, items]) => ({ group, items }))
  const title = REPORTS.find((r) => r.key === report)?.title ?? ''

  const exportAs = async (format: 'csv' | 'xlsx') => {
    setProgress({ format, loaded: 0, total: 0 })
    const qs = new URLSearchParams({
      ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      format,
    })
    try {
      const name = await download(`/api/admin/reports/${report}?${qs}`, (p) => setProgress({ format, ...p }))
      toastOk(`Laporan diunduh: ${name}`)
    } catch (err) {
      toastError(err)
    } finally {
      setProgress(null)
    }
  }
  const percent = progress?.total ? Math.round((progress.loaded / progress.total) * 100) : null

  return (
    <>
      <PageTitle title="Laporan">
        <Button
          size="xs"
          variant="light"
          onClick={() => exportAs('csv')}
          loading={progress?.format === 'csv'}
          disabled={progress !== null}
        >
          Unduh CSV
        </Button>
        <Button
          size="xs"
          variant="light"
          color="green"
          onClick={() => exportAs('xlsx')}
          loading={progress?.format === 'xlsx'}
          disabled={progress !== null}
        >
          Unduh Excel
        </Button>
      </PageTitle>
      {progress && (
        <Stack gap={4} mb="sm" aria-live="polite">
          <Progress
            value={percent ?? 100}
            striped
            animated
            aria-label={percent == null ? 'Mengunduh laporan' : `Mengunduh laporan ${percent}%`}
          />
          <Text size="xs" c="dimmed">
            {`Menyiapkan ${progress.format === 'csv' ? 'CSV' : 'Excel'}… ${formatBytes(progress.loaded)}${progress.total ? ` dari ${formatBytes(progress.total)}` : ''}`}
          </Text>
        </Stack>
      )}
      <Tabs value={report} onChange={(v) => f.set({ report: v === 'recruitment' ? null : v })} mb="md">
        <Tabs.List>
          {REPORTS.map((r) => (
            <Tabs.Tab key={r.key} value={r.key}>
              {r.title}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Card withBorder mb="md" component="section" aria-label="Saringan laporan">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Select
            label="Tahun ajaran"
            placeholder="Semua tahun ajaran"
            clearable
            data={years}
            value={f.get('school_year') || null}
            onChange={(v) => f.set({ school_year: v })}
            error={errors.school_year}
          />
          <Select
            label="Kompetensi keahlian"
            placeholder="Semua kompetensi"
            clearable
            searchable
            data={majors}
            value={f.get('major_id') || null}
            onChange={(v) => f.set({ major_id: v })}
            error={errors.major_id}
            nothingFoundMessage="Tidak ditemukan"
          />
          <DateField
            label="Dari tanggal"
            value={f.get('date_from')}
            onChange={(v) => f.set({ date_from: v })}
            error={errors.date_from}
          />
          <DateField
            label="Sampai tanggal"
            value={f.get('date_to')}
            onChange={(v) => f.set({ date_to: v })}
            error={errors.date_to}
          />
        </SimpleGrid>
        {FILTER_KEYS.some((k) => f.get(k)) && (
          <Group mt="sm">
            <Button
              size="xs"
              variant="subtle"
              onClick={() => f.set({ school_year: null, major_id: null, date_from: null, date_to: null })}
            >
              Hapus saringan
            </Button>
          </Group>
        )}
      </Card>
      <Title order={2} size="h4" mb={4}>
        {title}
      </Title>
      {data.data && data.data.report === report && (
        <Text size="sm" c="dimmed" mb="sm">
          {`Periode: ${periodText(data.data.data.filters)}`}
        </Text>
      )}
      <Loading loaded={data}>{(d) => (d.report === report ? <ReportBody loaded={d} /> : null)}</Loading>
    </>
  )
}
