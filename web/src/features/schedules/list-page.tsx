import { Anchor, Text } from '@mantine/core'
import { Link } from 'react-router'
import { api, fieldErrors, unwrap } from '../../api/client'
import { DataTable, Lines } from '../../components/data-table'
import { useFromList } from '../../components/detail-header'
import { FilterBar } from '../../components/filter-bar'
import { LinkButton } from '../../components/link-button'
import { StatusBadge } from '../../components/status-badge'
import { PageTitle } from '../../components/ui'
import { formatDateTime } from '../../lib/format'
import { label, options } from '../../lib/labels'
import { idOptions } from '../../lib/options'
import { useList } from '../../lib/use-list'
import { useReviewOptions } from '../applicant-reviews/options'

const KEYS = ['search', 'job_vacancy_id', 'kind', 'status', 'date_from', 'date_to'] as const

/** HR's test schedules: what, when and where, who comes, and how far each is. */
export function SchedulesPage() {
  const fromList = useFromList()
  const { filters: f, list } = useList(KEYS, (query) =>
    unwrap(api.GET('/api/hrd/test-schedules', { params: { query } })),
  )
  const choices = useReviewOptions()
  // A refused range is told at its dates; the list waits for one it can show.
  const refused = fieldErrors(list.error)
  return (
    <>
      <PageTitle title="Jadwal tes">
        <LinkButton to="/hrd/jadwal/baru">Buat jadwal</LinkButton>
      </PageTitle>
      <FilterBar
        filters={f}
        errors={refused}
        fields={[
          { name: 'job_vacancy_id', label: 'Lowongan', options: idOptions(choices?.vacancies) },
          { name: 'kind', label: 'Jenis tes', placeholder: 'Semua jenis', options: options('testKind') },
          { name: 'status', label: 'Status', options: options('scheduleStatus') },
          { name: 'date_from', label: 'Dari tanggal', type: 'date' },
          { name: 'date_to', label: 'Sampai tanggal', type: 'date', from: 'date_from' },
        ]}
      />
      {!refused.date_from && !refused.date_to && (
        <DataTable
          loaded={list}
          empty="Belum ada jadwal tes."
          minWidth={680}
          onPage={f.setPage}
          columns={[
            {
              label: 'Agenda',
              render: (s) => (
                <>
                  <Anchor component={Link} to={`/hrd/jadwal/${s.id}`} state={fromList} size="sm" fw={600}>
                    {s.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {label('testKind', s.kind)} · {s.vacancy.title}
                  </Text>
                </>
              ),
            },
            {
              label: 'Waktu & tempat',
              render: (s) => <Lines main={formatDateTime(s.scheduledAt)} sub={s.location} />,
            },
            {
              label: 'Peserta',
              render: (s) => (
                <Lines
                  main={s.participantCount}
                  sub={`hadir ${s.attendance.hadir} · izin ${s.attendance.izin} · alpa ${s.attendance.alpa}`}
                />
              ),
            },
            { label: 'Status', render: (s) => <StatusBadge of="scheduleStatus" value={s.status} /> },
          ]}
        />
      )}
    </>
  )
}
