import { Anchor, Text } from '@mantine/core'
import { Link } from 'react-router'
import { api, unwrap } from '../../api/client'
import { DataTable, Lines } from '../../components/data-table'
import { useFromList } from '../../components/detail-header'
import { FilterBar } from '../../components/filter-bar'
import { StatusBadge } from '../../components/status-badge'
import { PageTitle } from '../../components/ui'
import { formatDate, formatDateTime } from '../../lib/format'
import { label, options } from '../../lib/labels'
import { useList } from '../../lib/use-list'
import { waitlistClosed } from './event-label'

const KEYS = ['search', 'status'] as const

/** The learner's applications, with where each stands. */
export function MyApplicationsPage() {
  const fromList = useFromList()
  const { filters: f, list } = useList(KEYS, (query) =>
    unwrap(api.GET('/api/my-applications', { params: { query } })),
  )
  return (
    <>
      <PageTitle title="Lamaran saya" />
      <FilterBar
        filters={f}
        search="Cari lowongan atau perusahaan"
        fields={[{ name: 'status', label: 'Status', options: options('applicationStatus') }]}
      />
      <DataTable
        loaded={list}
        empty="Belum ada lamaran."
        minWidth={560}
        highlightOnHover
        onPage={f.setPage}
        columns={[
          {
            label: 'Lowongan',
            render: (a) => (
              <>
                <Anchor component={Link} to={`/lamaran/${a.id}`} state={fromList}>
                  {a.vacancy.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {a.company.name}
                </Text>
              </>
            ),
          },
          {
            label: 'Status',
            render: (a) => (
              <>
                <StatusBadge of="applicationStatus" value={a.status} />
                {a.onHold && (
                  <Text size="xs" mt={2} c="orange.8">
                    Seleksi dihentikan sementara: perusahaan nonaktif
                  </Text>
                )}
                {a.result && (
                  <Text size="xs" mt={2}>
                    Hasil: {label('selectionDecision', a.result.decision)}
                    {waitlistClosed(a) && ' (lowongan ditutup)'}
                  </Text>
                )}
              </>
            ),
          },
          {
            label: 'Tahap terakhir',
            render: (a) =>
              a.lastEvent ? (
                <Lines main={label('stage', a.lastEvent.stage)} sub={formatDateTime(a.lastEvent.at)} />
              ) : (
                '–'
              ),
          },
          { label: 'Dikirim', render: (a) => formatDate(a.createdAt, true) },
        ]}
      />
    </>
  )
}
