import { Anchor, Button, Group, Stack, Text, Textarea } from '@mantine/core'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { api, unwrap } from '../../api/client'
import { DataTable } from '../../components/data-table'
import { useFromList } from '../../components/detail-header'
import { FilterBar } from '../../components/filter-bar'
import { useForm } from '../../components/form'
import { FormModal } from '../../components/form-modal'
import { ModalActions } from '../../components/modal-actions'
import { StatusBadge } from '../../components/status-badge'
import { PageTitle } from '../../components/ui'
import { formatDate } from '../../lib/format'
import { label } from '../../lib/labels'
import { codeOptions, idOptions } from '../../lib/options'
import { type NameOf, namesOf, toastBulk } from '../../lib/toast'
import { useList } from '../../lib/use-list'
import { NOT_PASSED_CORRECTABLE, standingOf, useReviewOptions } from './options'
import { PlacedElsewhereBadge } from './placed-elsewhere'

const KEYS = ['search', 'job_vacancy_id', 'status'] as const
type Decision = 'lolos' | 'tidak_lolos'

/** HR's document review: the applicants of the company's vacancies, passed or not one by one or in bulk. */
export function ReviewsPage() {
  const fromList = useFromList()
  const { filters: f, list } = useList(KEYS, (query) =>
    unwrap(api.GET('/api/hrd/applicant-reviews', { params: { query } })),
  )
  const [selected, setSelected] = useState<number[]>([])
  const [bulk, setBulk] = useState<Decision | null>(null)
  const choices = useReviewOptions()
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page or filter clears the selection
  useEffect(() => setSelected([]), [f.key])
  const summary = (list.data?.meta as { summary?: Record<string, number> } | undefined)?.summary

  return (
    <>
      <PageTitle title="Seleksi berkas pelamar" />
      <FilterBar
        filters={f}
        search="Cari nama atau NIS"
        fields={[
          {
            name: 'job_vacancy_id',
            label: 'Lowongan',
            options: idOptions(choices?.vacancies),
            searchable: true,
          },
          { name: 'status', label: 'Status', options: codeOptions('applicationStatus', choices?.statuses) },
        ]}
      />
      {summary && (
        <Text size="sm" c="dimmed" mb="xs">
          {summary.total} pelamar · {summary.pending} menunggu · {summary.in_progress} dalam proses ·{' '}
          {summary.accepted} diterima · {summary.rejected} tidak lolos
        </Text>
      )}
      <Group mb="sm" gap="xs">
        <Text size="sm">{selected.length} dipilih</Text>
        <Button size="xs" color="green" disabled={!selected.length} onClick={() => setBulk('lolos')}>
          Loloskan terpilih
        </Button>
        <Button
          size="xs"
          color="red"
          variant="light"
          disabled={!selected.length}
          onClick={() => setBulk('tidak_lolos')}
        >
          Nyatakan terpilih tidak lolos
        </Button>
      </Group>
      <DataTable
        loaded={list}
        empty="Tidak ada pelamar dengan saringan ini."
        highlightOnHover
        onPage={f.setPage}
        selection={{
          selected,
          onChange: setSelected,
          allLabel: 'Pilih semua yang menunggu',
          label: (a) => `Pilih ${a.applicant.fullName}, ${a.vacancy.title}`,
          canSelect: (a) => a.status === 'pending',
        }}
        columns={[
          {
            label: 'Pelamar',
            render: (a) => (
              <>
                <Anchor component={Link} to={`/hrd/pelamar/${a.id}`} state={fromList} size="sm" fw={600}>
                  {a.applicant.fullName}
                </Anchor>
                <Text size="xs" c="dimmed">
                  NIS {a.applicant.nis} · {a.applicant.major.name} · {standingOf(a.applicant)}
                </Text>
                <PlacedElsewhereBadge shown={a.placedElsewhere} />
              </>
            ),
          },
          { label: 'Lowongan', render: (a) => <Text size="sm">{a.vacancy.title}</Text> },
          { label: 'Status', render: (a) => <StatusBadge of="applicationStatus" value={a.status} /> },
          { label: 'Melamar', render: (a) => formatDate(a.createdAt, true) },
        ]}
      />
      {bulk && (
        <BulkReviewModal
          decision={bulk}
          ids={selected}
          nameOf={namesOf(list.data?.data, (a) => a.applicant.fullName)}
          onClose={() => setBulk(null)}
          onDone={() => {
            // The reviewed ones are done with (no longer pending): the next bulk action starts from none.
            setBulk(null)
            setSelected([])
            list.reload()
          }}
        />
      )}
    </>
  )
}

function BulkReviewModal({
  decision,
  ids,
  nameOf,
  onClose,
  onDone,
}: {
  decision: Decision
  ids: number[]
  /** Names a ticked application in the outcome (its applicant, as the list shows it). */
  nameOf: NameOf
  onClose: () => void
  onDone: () => void
}) {
  const form = useForm({ notes: '' })
  const run = form.submit(async ({ notes }) => {
    const r = await unwrap(
      api.POST('/api/hrd/applicant-reviews/bulk-review', {
        body: { application_ids: ids, decision, notes: notes.trim() || null },
      }),
    )
    toastBulk(r.data, 'lamaran diproses.', nameOf)
    onDone()
  })
  return (
    <FormModal
      dirty={form.dirty}
      opened
      onClose={onClose}
      title={decision === 'lolos' ? 'Loloskan pelamar terpilih?' : 'Nyatakan pelamar terpilih tidak lolos?'}
      centered
    >
      <Stack>
        <Text size="sm">
          {ids.length} lamaran akan ditandai <b>{label('reviewDecision', decision)}</b> dan pelamar diberi
          tahu. {decision === 'lolos' ? 'Keputusan lolos tidak dapat dibatalkan.' : NOT_PASSED_CORRECTABLE}
        </Text>
        <Textarea label="Catatan (opsional)" {...form.text('notes')} />
        <ModalActions
          onCancel={onClose}
          onConfirm={() => run()}
          form={form}
          color={decision === 'lolos' ? 'green' : 'red'}
        >
          Ya, proses {ids.length} lamaran
        </ModalActions>
      </Stack>
    </FormModal>
  )
}
