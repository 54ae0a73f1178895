import { Anchor, Text } from '@mantine/core'
import { Link } from 'react-router'
import { api, unwrap } from '../../api/client'
import { DataTable, Lines } from '../../components/data-table'
import { useFromList } from '../../components/detail-header'
import { FilterBar } from '../../components/filter-bar'
import { PageTitle } from '../../components/ui'
import { formatDateTime } from '../../lib/format'
import { label } from '../../lib/labels'
import { useList } from '../../lib/use-list'
import { CustomisedBadge } from './customised-badge'

const KEYS = ['search', 'customised'] as const

/** Every e-mail and notice the service sends, whether the school reworded it, and a way to edit each. */
export function MessageTemplatesPage() {
  const fromList = useFromList()
  const { filters: f, list } = useList(KEYS, (query: Record<string, unknown>) =>
    unwrap(
      api.GET('/api/admin/message-templates', {
        params: { query: { ...(query as object), per_page: 100 } as never },
      }),
    ),
  )
  return (
    <>
      <PageTitle title="Template pesan" />
      <Text size="sm" c="dimmed" mb="md" maw={720}>
        Teks setiap e-mail dan notifikasi yang dikirim aplikasi. Ubah kata-katanya sesuai gaya sekolah; bagian
        dalam kurung kurawal ganda, misalnya {'{{lowongan}}'}, diisi otomatis saat pesan dikirim.
      </Text>
      <FilterBar
        filters={f}
        search="Cari pesan"
        fields={[
          {
            name: 'customised',
            label: 'Status',
            placeholder: 'Semua status',
            options: [
              { value: 'true', label: 'Sudah diubah sekolah' },
              { value: 'false', label: 'Teks bawaan' },
            ],
          },
        ]}
      />
      <DataTable
        loaded={list}
        // A message is known by its key (a string); the table only uses it as React's key.
        rowKey={(r) => r.key as unknown as number}
        empty="Tidak ada pesan yang cocok."
        onPage={f.setPage}
        columns={[
          {
            label: 'Pesan',
            render: (r) => (
              <>
                <Anchor
                  component={Link}
                  to={`/admin/template-pesan/${encodeURIComponent(r.key)}`}
                  state={fromList}
                  fw={600}
                  size="sm"
                >
                  {r.label}
                </Anchor>
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                  {r.title}
                </Text>
              </>
            ),
          },
          { label: 'Dikirim sebagai', render: (r) => label('messageChannel', r.channel) },
          {
            label: 'Status',
            render: (r) => <CustomisedBadge customised={r.customised} />,
          },
          {
            label: 'Terakhir diubah',
            render: (r) =>
              r.updatedAt ? <Lines main={formatDateTime(r.updatedAt)} sub={r.updatedBy?.fullName} /> : '–',
          },
        ]}
      />
    </>
  )
}
