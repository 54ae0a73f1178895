import { Button, Text } from '@mantine/core'
import { useState } from 'react'
import { api, unwrap } from '../../api/client'
import { DataTable, Lines } from '../../components/data-table'
import { FilterBar } from '../../components/filter-bar'
import { StatusBadge } from '../../components/status-badge'
import { PageTitle } from '../../components/ui'
import { formatDate } from '../../lib/format'
import { label, options } from '../../lib/labels'
import { useList } from '../../lib/use-list'
import { useCompanyOptions } from '../master-data/options'
import { FollowUpDialog } from './follow-up-dialog'
import { OutsidePlacementForm, type PlacementRow } from './outside-form'
import { nextFollowUp, PlacementActions, SourceLine } from './parts'

const KEYS = ['search', 'source', 'status', 'company_id'] as const

/** The employer, with where the placement came from under it. */
function EmployerCell({ p }: { p: PlacementRow }) {
  return (
    <>
      <Text size="sm">{p.company.name}</Text>
      <SourceLine p={p} />
    </>
  )
}

/** Every placement, through bursa or found outside it; staff record those found outside it. */
export function AdminPlacementsPage() {
  const { filters: f, list } = useList(KEYS, (query) =>
    unwrap(api.GET('/api/admin/job-placements', { params: { query } })),
  )
  // A company switched off since still has placements to follow up.
  const companies = useCompanyOptions({ includeInactive: true })
  const [editing, setEditing] = useState<PlacementRow | 'new' | null>(null)
  const [following, setFollowing] = useState<PlacementRow | null>(null)
  return (
    <>
      <PageTitle title="Penempatan">
        <Button size="xs" onClick={() => setEditing('new')}>
          Catat penempatan di luar bursa
        </Button>
      </PageTitle>
      <FilterBar
        filters={f}
        search="Cari nama, NIS atau perusahaan"
        fields={[
          { name: 'source', label: 'Asal', options: options('placementSource') },
          { name: 'status', label: 'Status', options: options('placementStatus') },
          { name: 'company_id', label: 'Perusahaan mitra', options: companies, searchable: true },
        ]}
      />
      <DataTable
        loaded={list}
        empty="Belum ada penempatan."
        onPage={f.setPage}
        minWidth={900}
        columns={[
          {
            label: 'Nama',
            render: (p) => (
              <Lines
                bold
                main={p.applicant.fullName}
                sub={`${label('role', p.applicant.role)}${p.applicant.graduationYear ? ` ${p.applicant.graduationYear}` : ''} · ${p.applicant.major.name}`}
              />
            ),
          },
          { label: 'Perusahaan', render: (p) => <EmployerCell p={p} /> },
          { label: 'Posisi', render: (p) => p.position },
          { label: 'Diterima', render: (p) => formatDate(p.acceptedAt, true) },
          { label: 'Status', render: (p) => <StatusBadge of="placementStatus" value={p.status} /> },
          { label: 'Pemantauan berikutnya', render: nextFollowUp },
          {
            label: 'Aksi',
            render: (p) => (
              <PlacementActions
                p={p}
                who="admin"
                onFollowUp={() => setFollowing(p)}
                onEdit={() => setEditing(p)}
                onDeleted={list.reload}
              />
            ),
          },
        ]}
      />
      {editing && (
        <OutsidePlacementForm
          who="admin"
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={list.reload}
        />
      )}
      {following && (
        <FollowUpDialog
          who="admin"
          row={following}
          onClose={() => setFollowing(null)}
          onSaved={list.reload}
        />
      )}
    </>
  )
}
