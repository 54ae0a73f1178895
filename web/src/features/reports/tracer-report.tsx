import { Card, Group, SimpleGrid, Text } from '@mantine/core'
import { Stat } from '../../components/stat'
import { formatRupiah } from '../../lib/format'
import { label } from '../../lib/labels'
import { ChartCard, COLORS, n, pct, ReportFrame } from './figures'
import type { Tracer } from './query'
import { ReportTable } from './report-table'

/** The tracer study's answers: response, work, waiting period, first salary, job fit and where alumni work. */
export function TracerReport({ data }: { data: Tracer }) {
  const fitTotal = data.jobFit.shares.reduce((s, x) => s + x.count, 0)
  const provinceTotal = data.provinces.reduce((s, x) => s + x.count, 0)
  return (
    <ReportFrame
      cols={4}
      stats={
        <>
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
        </>
      }
    >
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
        <ChartCard
          title="Status karier responden (%)"
          series={[{ key: 'percent', label: 'Responden', color: COLORS.blue }]}
          max={100}
          items={data.statuses.map((s) => ({ label: label('careerStatus', s.status), values: s }))}
          format={pct}
        />
        <ChartCard
          title="Kesesuaian pekerjaan dengan kompetensi keahlian (%)"
          series={[{ key: 'percent', label: 'Responden', color: COLORS.grape }]}
          max={100}
          items={data.jobFit.shares.map((s) => ({ label: label('jobFit', s.jobFit), values: s }))}
          format={pct}
        />
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
          caption="Kesesuaian pekerjaan dengan kompetensi keahlian; persen dari yang bekerja dan menjawab."
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
    </ReportFrame>
  )
}
