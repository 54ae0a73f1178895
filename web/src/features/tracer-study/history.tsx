import { Badge, Card, Group, Text, Title } from '@mantine/core'
import { TableView } from '../../components/data-table'
import { formatDate, formatDateTime, formatNumber, formatRupiah } from '../../lib/format'
import { label } from '../../lib/labels'
import type { Answer } from './rules'

/** A version as staff see it: with who entered it (null: the alumnus herself). */
type Version = Answer & { enteredBy?: { fullName: string } | null }

/**
 * Every saved version of the alumnus's answer, the current one first; with `enteredBy`, who entered each
 * (career-center staff on the alumnus's behalf, or the alumnus).
 */
export function History({
  current,
  history,
  enteredBy,
}: {
  current: Version | null
  history: Version[]
  enteredBy?: boolean
}) {
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
      <TableView
        rows={rows}
        rowKey={(a) => a.version}
        minWidth={860}
        columns={[
          {
            label: 'Versi',
            render: (a) => (
              <Group gap={6} wrap="nowrap">
                {a.version}
                {a === current && (
                  <Badge size="xs" variant="light" color="green" miw="max-content">
                    Terkini
                  </Badge>
                )}
              </Group>
            ),
          },
          { label: 'Disimpan', render: (a) => formatDateTime(a.submittedAt) },
          { label: 'Status', render: (a) => label('careerStatus', a.careerStatus) },
          { label: 'Instansi / usaha / kampus', render: (a) => a.institutionName ?? '–' },
          { label: 'Jabatan', render: (a) => a.jobTitle ?? '–' },
          { label: 'Lokasi', render: (a) => [a.city, a.province].filter(Boolean).join(', ') || '–' },
          { label: 'Gaji pertama', align: 'right', render: (a) => formatRupiah(a.startingSalary) },
          {
            label: 'Masa tunggu',
            align: 'right',
            render: (a) =>
              a.waitingPeriodMonths == null ? '–' : `${formatNumber(a.waitingPeriodMonths)} bulan`,
          },
          { label: 'Kesesuaian', render: (a) => label('jobFit', a.jobFit) },
          { label: 'Mulai', render: (a) => formatDate(a.startDate, true) },
          ...(enteredBy
            ? [{ label: 'Diisi oleh', render: (a: Version) => a.enteredBy?.fullName ?? 'Alumni sendiri' }]
            : []),
        ]}
      />
    </Card>
  )
}
