import type { ChartSeries } from '../../components/bar-chart'
import { Stat } from '../../components/stat'
import { formatDateTime } from '../../lib/format'
import { label } from '../../lib/labels'
import { ChartCard, COLORS, n, pct, ReportFrame } from './figures'
import type { Absorption, Attendance, LoadedReport, Recruitment } from './query'
import { ReportTable } from './report-table'
import { TracerReport } from './tracer-report'

function RecruitmentReport({ data }: { data: Recruitment }) {
  const t = data.totals
  const series: ChartSeries[] = [
    { key: 'applicants', label: 'Pelamar', color: COLORS.blue },
    { key: 'passedReview', label: 'Lolos berkas', color: COLORS.teal },
    { key: 'accepted', label: 'Diterima', color: COLORS.green },
  ]
  return (
    <ReportFrame
      cols={5}
      stats={
        <>
          <Stat name="Lowongan" value={n(t.vacancies)} />
          <Stat name="Pelamar" value={n(t.applicants)} />
          <Stat name="Lolos berkas" value={n(t.passedReview)} />
          <Stat name="Diterima" value={n(t.accepted)} />
          <Stat name="Rasio diterima" value={pct(t.passRatio)} />
        </>
      }
    >
      <ChartCard
        title="Pelamar, lolos berkas dan diterima per perusahaan"
        series={series}
        items={data.rows.map((r) => ({ label: r.companyName, values: r }))}
        format={n}
      />
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
    </ReportFrame>
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
    <ReportFrame
      cols={4}
      stats={
        <>
          <Stat name="Peserta" value={n(t.participants)} />
          <Stat name="Hadir" value={n(t.hadir)} hint={`izin ${n(t.izin)} · alpa ${n(t.alpa)}`} />
          <Stat
            name="Menunggu validasi"
            value={n(t.awaitingValidation)}
            hint={`belum tercatat ${n(t.notRecorded)}`}
          />
          <Stat name="Tingkat kehadiran" value={pct(t.attendanceRate)} />
        </>
      }
    >
      <ChartCard
        title="Kehadiran per tes (peserta)"
        series={series}
        stacked
        items={data.rows.map((r) => ({ label: `${r.scheduleName} · ${r.company.name}`, values: r }))}
        format={n}
      />
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
    </ReportFrame>
  )
}

const cohortName = (r: Absorption['rows'][number]) =>
  r.graduationYear == null ? 'Kelas XII' : `Lulusan ${r.graduationYear}`

function AbsorptionReport({ data }: { data: Absorption }) {
  const t = data.totals
  return (
    <ReportFrame
      cols={4}
      stats={
        <>
          <Stat name="Kohort" value={n(t.cohort)} />
          <Stat
            name="Ditempatkan"
            value={n(t.placed)}
            hint={`${pct(t.placedPercent)} · ${n(t.placedOutside)} di luar bursa`}
          />
          <Stat name="Bekerja (tracer study)" value={n(t.working)} hint={pct(t.workingPercent)} />
          <Stat name="Terserap" value={n(t.absorbed)} hint={pct(t.absorbedPercent)} />
        </>
      }
    >
      <ChartCard
        title="Terserap per kompetensi dan angkatan (% kohort)"
        series={[{ key: 'absorbedPercent', label: 'Terserap', color: COLORS.teal }]}
        max={100}
        items={data.rows.map((r) => ({ label: `${r.major.code} · ${cohortName(r)}`, values: r }))}
        format={pct}
      />
      <ReportTable
        caption="Ditempatkan = lewat bursa atau di luar bursa (dicatat BKK/HRD); terserap = ditempatkan atau bekerja/wirausaha menurut tracer study (tiap orang sekali)."
        minWidth={940}
        head={[
          'Kompetensi',
          'Angkatan',
          'Kohort',
          'Ditempatkan',
          'Di luar bursa',
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
          n(r.placedOutside),
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
          n(t.placedOutside),
          n(t.working),
          n(t.absorbed),
          pct(t.placedPercent),
          pct(t.workingPercent),
          pct(t.absorbedPercent),
        ]}
      />
    </ReportFrame>
  )
}

/** The chosen report: its figures, a chart and its table. */
export function ReportBody({ loaded }: { loaded: LoadedReport }) {
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
