import { Button, Card, Group, Radio, Stack, Tabs, Text, Textarea } from '@mantine/core'
import { useEffect, useState } from 'react'
import { api, editedElsewhere, fieldErrors, ifMatch, unwrap } from '../../api/client'
import { ConfirmButton } from '../../components/confirm'
import { type Column, DataTable, Lines } from '../../components/data-table'
import { FilterBar } from '../../components/filter-bar'
import { useForm } from '../../components/form'
import { FormModal } from '../../components/form-modal'
import { ModalActions } from '../../components/modal-actions'
import { StatusBadge } from '../../components/status-badge'
import { PageTitle } from '../../components/ui'
import { formatDateTime } from '../../lib/format'
import { label, NOT_MARKED, options } from '../../lib/labels'
import { namesOf, toastBulk, toastError, toastOk } from '../../lib/toast'
import { useUrlFilters } from '../../lib/url-state'
import { useLoad } from '../../lib/use-load'
import { useCompanyOptions } from '../master-data/options'

const KEYS = ['search', 'company_id', 'attendance_status', 'date_from', 'date_to', 'tab'] as const
type Row = Awaited<ReturnType<typeof loadQueue>>['data'][number]
type Mark = 'hadir' | 'izin' | 'alpa'

/**
 * The mark as made, when the career center validated something else: "HRD: Alpa → dikoreksi: Hadir" (or
 * "Check-in: Hadir → …" for the participant's own check-in). Nothing for a record validated as marked, nor for
 * one validated before marks were kept apart (its mark is unknown).
 */
function correctionOf(r: Row) {
  if (!r.markedStatus || !r.attendanceStatus || r.markedStatus === r.attendanceStatus) return null
  const by = r.checkedInAt && r.markedStatus === 'hadir' ? 'Check-in' : 'HRD'
  return `${by}: ${label('attendance', r.markedStatus)} → dikoreksi: ${label('attendance', r.attendanceStatus)}`
}

/** Whose attendance a row's buttons act on, for their names: "Rina Marlina, Psikotes gelombang 1". */
const whose = (r: Row) => `${r.applicant.fullName}, ${r.schedule.name}`

const loadQueue = (query: object) =>
  unwrap(api.GET('/api/admin/attendances/queue', { params: { query: query as never } }))
const loadHistory = (query: object) =>
  unwrap(api.GET('/api/admin/attendances/history', { params: { query: query as never } }))

/** The career center checks HR's attendance marks: a queue to validate (one by one or ticked), and the history. */
export function AttendancePage() {
  const f = useUrlFilters(KEYS)
  const tab = f.get('tab') || 'queue'
  // The history (and tests already held) may be of a company switched off since.
  const companies = useCompanyOptions({ includeInactive: true })
  const { tab: _t, ...query } = f.query
  const list = useLoad(() => (tab === 'history' ? loadHistory(query) : loadQueue(query)), [f.key])
  // A refused range is told at its dates; the list waits for one it can show.
  const refused = fieldErrors(list.error)
  const [selected, setSelected] = useState<number[]>([])
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page, filter or tab clears the selection
  useEffect(() => setSelected([]), [f.key])
  // The note goes with the next validation only: kept, it would be attached to every record after it.
  const [notes, setNotes] = useState('')
  const [correcting, setCorrecting] = useState<Row | null>(null)
  const validateOne = (id: number, status: Mark, validation: 'verified' | 'rejected') =>
    unwrap(
      api.PATCH('/api/admin/attendances/{id}/validate', {
        params: { path: { id } },
        // Only while it still awaits validation: a colleague's validation since the queue was read stays theirs.
        body: { status, validation_status: validation, notes: notes.trim() || null, pending_only: true },
      }),
    ).then(
      () => {
        toastOk('Kehadiran divalidasi.')
        setSelected((ids) => ids.filter((x) => x !== id))
        setNotes('')
        list.reload()
      },
      (err) => {
        toastError(err)
        // Validated by a colleague meanwhile: the queue is read again, without it.
        if (editedElsewhere(err)) {
          setSelected((ids) => ids.filter((x) => x !== id))
          list.reload()
        }
      },
    )
  const bulk = (status: 'hadir' | 'alpa') =>
    unwrap(
      api.PATCH('/api/admin/attendances/bulk-validate', {
        body: {
          attendance_ids: selected,
          status,
          validation_status: 'verified',
          notes: notes.trim() || null,
          pending_only: true,
        },
      }),
    ).then((r) => {
      toastBulk(
        r.data,
        'kehadiran divalidasi.',
        namesOf(list.data?.data as Row[] | undefined, (a) => a.applicant.fullName),
      )
      setSelected([])
      setNotes('')
      list.reload()
    }, toastError)

  const columns: Column<Row>[] = [
    {
      label: 'Peserta',
      render: (r) => (
        <Lines bold main={r.applicant.fullName} sub={`NIS ${r.applicant.nis} · ${r.company.name}`} />
      ),
    },
    {
      label: 'Tes',
      render: (r) => (
        <Lines
          main={`${r.schedule.name} (${label('testKind', r.schedule.kind)})`}
          sub={formatDateTime(r.schedule.scheduledAt)}
        />
      ),
    },
    {
      // The history's status is the validated one, HR's mark beside it when the career center corrected it.
      label: tab === 'queue' ? 'Dicatat HRD' : 'Kehadiran',
      render: (r) => (
        <>
          <StatusBadge of="attendance" value={r.attendanceStatus ?? null} />
          {tab === 'history' && correctionOf(r) && (
            <Text size="xs" c="dimmed">
              {correctionOf(r)}
            </Text>
          )}
          {r.checkedInAt && (
            <Text size="xs" c="dimmed">
              check-in mandiri (kode QR) {formatDateTime(r.checkedInAt)}
            </Text>
          )}
        </>
      ),
    },
    tab === 'queue'
      ? {
          label: 'Validasi',
          render: (r) => (
            <Group gap={4} wrap="nowrap">
              <Button
                size="xs"
                color="green"
                variant="light"
                aria-label={`Sahkan ${label('attendance', r.attendanceStatus ?? 'hadir').toLowerCase()} ${whose(r)}`}
                onClick={() => validateOne(r.id, r.attendanceStatus ?? 'hadir', 'verified')}
              >
                Sahkan {label('attendance', r.attendanceStatus ?? 'hadir').toLowerCase()}
              </Button>
              <ConfirmButton
                title="Tolak catatan kehadiran?"
                message={`Catatan HRD untuk ${r.applicant.fullName} (${r.schedule.name}) ditolak; peserta dianggap alpa.`}
                aria-label={`Tolak ${whose(r)}`}
                onConfirm={() => validateOne(r.id, 'alpa', 'rejected')}
              >
                Tolak
              </ConfirmButton>
            </Group>
          ),
        }
      : {
          label: 'Divalidasi',
          render: (r) => (
            <>
              <StatusBadge of="validation" value={r.validationStatus} />
              <Text size="xs" c="dimmed">
                {r.validatedBy?.fullName} · {formatDateTime(r.validatedAt)}
              </Text>
              <Button
                size="xs"
                variant="light"
                mt={4}
                aria-label={`Koreksi ${whose(r)}`}
                onClick={() => setCorrecting(r)}
              >
                Koreksi
              </Button>
            </>
          ),
        },
  ]

  return (
    <>
      <PageTitle title="Validasi kehadiran tes" />
      <Tabs value={tab} onChange={(v) => f.set({ tab: v === 'queue' ? null : v })} mb="md">
        <Tabs.List>
          <Tabs.Tab value="queue">Antrean</Tabs.Tab>
          <Tabs.Tab value="history">Riwayat</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <FilterBar
        filters={f}
        errors={refused}
        fields={[
          { name: 'company_id', label: 'Perusahaan', options: companies, searchable: true },
          {
            name: 'attendance_status',
            label: 'Kehadiran',
            options: [...options('attendance'), { value: 'unmarked', label: NOT_MARKED }],
          },
          { name: 'date_from', label: 'Dari', type: 'date' },
          { name: 'date_to', label: 'Sampai', type: 'date', from: 'date_from' },
        ]}
      />
      {tab === 'queue' && (
        <Card withBorder mb="md" padding="sm">
          <Group align="flex-end" wrap="wrap">
            <Textarea
              label="Catatan validasi (opsional)"
              value={notes}
              onChange={(e) => setNotes(e.currentTarget.value)}
              autosize
              minRows={1}
              miw={240}
            />
            <ConfirmButton
              title="Validasi kehadiran terpilih?"
              message={`${selected.length} peserta divalidasi HADIR.`}
              color="green"
              variant="filled"
              size="sm"
              disabled={!selected.length}
              onConfirm={() => bulk('hadir')}
            >
              Validasi hadir ({selected.length})
            </ConfirmButton>
            <ConfirmButton
              title="Validasi sebagai alpa?"
              message={`${selected.length} peserta divalidasi ALPA (tidak hadir).`}
              size="sm"
              disabled={!selected.length}
              onConfirm={() => bulk('alpa')}
            >
              Validasi alpa
            </ConfirmButton>
          </Group>
        </Card>
      )}
      {!refused.date_from && !refused.date_to && (
        <DataTable<Row>
          loaded={list}
          empty={tab === 'queue' ? 'Tidak ada kehadiran yang menunggu validasi.' : 'Belum ada riwayat.'}
          minWidth={720}
          onPage={f.setPage}
          selection={
            tab === 'queue'
              ? {
                  selected,
                  onChange: setSelected,
                  label: (r) =>
                    `Pilih ${r.applicant.fullName}, ${r.schedule.name}, ${formatDateTime(r.schedule.scheduledAt)}`,
                }
              : undefined
          }
          columns={columns}
        />
      )}
      {correcting && (
        <CorrectModal
          row={correcting}
          onClose={() => setCorrecting(null)}
          onDone={() => {
            setCorrecting(null)
            list.reload()
          }}
        />
      )}
    </>
  )
}

/**
 * A validation made by mistake (a whole test ticked "hadir" with someone HR had marked alpa), corrected by the
 * career center: validated again with the attendance as it was. HR can no longer change a verified mark.
 */
function CorrectModal({ row, onClose, onDone }: { row: Row; onClose: () => void; onDone: () => void }) {
  // Through the shared form wiring: busy while sent, and a refusal asking to wait (429) keeps "Simpan koreksi"
  // off, saying the time left, until it is over.
  const form = useForm({ status: (row.attendanceStatus ?? 'hadir') as Mark, notes: '' })
  const save = form.submit(
    async ({ status, notes }) => {
      await unwrap(
        api.PATCH('/api/admin/attendances/{id}/validate', {
          // The validation as read: a colleague's correction since is refused (412), not overwritten.
          params: { path: { id: row.id }, header: ifMatch(row.validatedAt ?? undefined) },
          body: { status, validation_status: 'verified', notes: notes.trim() || null },
        }),
      )
      toastOk('Kehadiran dikoreksi.')
      onDone()
    },
    (err) => {
      toastError(err)
      // The history is read again, the colleague's correction in it; the next correction starts from that.
      if (editedElsewhere(err)) onDone()
    },
  )
  return (
    <FormModal
      dirty={form.dirty}
      opened
      onClose={onClose}
      title={`Koreksi kehadiran ${row.applicant.fullName}`}
      centered
    >
      <Stack>
        <Text size="sm">
          {row.schedule.name}, {formatDateTime(row.schedule.scheduledAt)}. Kehadiran disahkan ulang sesuai
          pilihan ini dan tercatat di riwayat lamaran peserta.
        </Text>
        {row.markedStatus && (
          <Text size="sm">
            Dicatat {row.checkedInAt && row.markedStatus === 'hadir' ? 'lewat check-in' : 'HRD'}:{' '}
            {label('attendance', row.markedStatus)}
          </Text>
        )}
        <Radio.Group
          label="Kehadiran yang benar"
          value={form.values.status}
          onChange={(v) => form.set('status', v as Mark)}
        >
          <Group mt="xs">
            {(['hadir', 'izin', 'alpa'] as const).map((m) => (
              <Radio key={m} value={m} label={label('attendance', m)} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea label="Catatan koreksi (opsional)" {...form.text('notes')} autosize minRows={2} />
        <ModalActions onCancel={onClose} onConfirm={() => save()} form={form} color="blue">
          Simpan koreksi
        </ModalActions>
      </Stack>
    </FormModal>
  )
}
