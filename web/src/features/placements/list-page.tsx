import { Text } from '@mantine/core'
import { api, unwrap } from '../../api/client'
import { DataTable, Lines } from '../../components/data-table'
import { FilterBar } from '../../components/filter-bar'
import { StatusBadge } from '../../components/status-badge'
import { PageTitle } from '../../components/ui'
import { formatDate } from '../../lib/format'
import { label, options } from '../../lib/labels'
import { idOptions } from '../../lib/options'
import { useList } from '../../lib/use-list'
import { useReviewOptions } from '../applicant-reviews/options'

const KEYS = ['search', 'job_vacancy_id', 'status'] as const

/** The company's hires and when each is next followed up. */
export function PlacementsPage() {
  const { filters: f, list } = useList(KEYS, (query) =>
    unwrap(api.GET('/api/hrd/job-placements', { params: { query } })),
  )
  const choices = useReviewOptions()
  return (
    <>
      <PageTitle title="Penempatan" />
      <FilterBar
        filters={f}
        fields={[
          { name: 'job_vacancy_id', label: 'Lowongan', options: idOptions(choices?.vacancies) },
          { name: 'status', label: 'Status', options: options('placementStatus') },
        ]}
      />
      <DataTable
        loaded={list}
        empty="Belum ada penempatan."
        onPage={(page) => f.set({ page })}
        columns={[
          {
            label: 'Nama',
            render: (p) => (
              <Lines
                bold
                main={p.applicant.fullName}
                sub={`${label('role', p.applicant.role)} · ${p.applicant.major.name}`}
              />
            ),
          },
          {
            label: 'Posisi',
            render: (p) => (
              <>
                {p.position}
                <Text size="xs" c="dimmed">
                  {p.vacancy.title}
                </Text>
              </>
            ),
          },
          { label: 'Diterima', render: (p) => formatDate(p.acceptedAt, true) },
          { label: 'Status', render: (p) => <StatusBadge of="placementStatus" value={p.status} /> },
          {
            label: 'Pemantauan berikutnya',
            render: (p) =>
              p.nextCheckinDue
                ? `${p.nextCheckinDue.monthMark} bulan · ${formatDate(p.nextCheckinDue.dueDate, true)}`
                : '–',
          },
        ]}
      />
    </>
  )
}
