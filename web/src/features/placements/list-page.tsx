import { Button } from '@mantine/core'
import { useState } from 'react'
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
import { FollowUpDialog } from './follow-up-dialog'
import { OutsidePlacementForm, type PlacementRow } from './outside-form'
import { nextFollowUp, PlacementActions, SourceLine } from './parts'

const KEYS = ['search', 'job_vacancy_id', 'status', 'source'] as const

/** The company's hires, through bursa or found outside it, and when each is next followed up. */
export function PlacementsPage() {
  const { filters: f, list } = useList(KEYS, (query) =>
    unwrap(api.GET('/api/hrd/job-placements', { params: { query } })),
  )
  const choices = useReviewOptions()
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
        fields={[
          { name: 'job_vacancy_id', label: 'Lowongan', options: idOptions(choices?.vacancies) },
          { name: 'status', label: 'Status', options: options('placementStatus') },
          { name: 'source', label: 'Asal', options: options('placementSource') },
        ]}
      />
      <DataTable
        loaded={list}
        empty="Belum ada penempatan."
        onPage={f.setPage}
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
                <SourceLine p={p} />
              </>
            ),
          },
          { label: 'Diterima', render: (p) => formatDate(p.acceptedAt, true) },
          { label: 'Status', render: (p) => <StatusBadge of="placementStatus" value={p.status} /> },
          { label: 'Pemantauan berikutnya', render: nextFollowUp },
          {
            label: 'Aksi',
            render: (p) => (
              <PlacementActions
                p={p}
                who="hrd"
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
          who="hrd"
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={list.reload}
        />
      )}
      {following && (
        <FollowUpDialog who="hrd" row={following} onClose={() => setFollowing(null)} onSaved={list.reload} />
      )}
    </>
  )
}
