import { Group, Select, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core'
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { api, editedElsewhere, ifMatch, unwrap } from '../../api/client'
import { DateField } from '../../components/dates'
import { type Form, REBASED, rebase, useForm } from '../../components/form'
import { FormModal } from '../../components/form-modal'
import { StatusBadge } from '../../components/status-badge'
import { SubmitButton } from '../../components/submit-button'
import { Field, Loading, NotSavedAlert } from '../../components/ui'
import type { BodyOf, DataOf } from '../../lib/api-types'
import { formatDate, formatDateTime } from '../../lib/format'
import { label, options } from '../../lib/labels'
import { toastError, toastOk } from '../../lib/toast'
import { useLoad } from '../../lib/use-load'
import type { PlacementRow, Recorder } from './outside-form'
import { nextFollowUp, SourceLine } from './parts'

type Placement = DataOf<'/api/admin/job-placements/{id}'>
type Status = Placement['status']
type PlacementChange = BodyOf<'/api/hrd/job-placements/{id}', 'patch'>

/** Changes whenever the placement or a follow-up is saved: the forms start again from what is stored. */
const version = (p: Placement) => [p.updatedAt, ...p.checkins.map((c) => c.recordedAt)].join()

const MARKS = [3, 6, 12].map((m) => ({ value: String(m), label: `${m} bulan` }))

/**
 * A placement and its follow-ups at 3, 6 and 12 months: the one due is recorded here (again for a mark already
 * recorded, which replaces it); and what became of the placement (status, start, notes): HR of its own, staff of
 * one found outside bursa or through bursa for a company without HR. `onSaved` after each change (the list
 * behind shows the next one).
 */
export function FollowUpDialog({
  who,
  row,
  onClose,
  onSaved,
}: {
  who: Recorder
  row: PlacementRow
  onClose: () => void
  onSaved: () => void
}) {
  const detail = useLoad(
    (): Promise<{ data: Placement }> =>
      who === 'admin'
        ? unwrap(api.GET('/api/admin/job-placements/{id}', { params: { path: { id: row.id } } }))
        : unwrap(api.GET('/api/hrd/job-placements/{id}', { params: { path: { id: row.id } } })),
    [who, row.id],
  )
  const saved = () => {
    detail.reload()
    onSaved()
  }
  // A save of the placement's data refused as changed elsewhere: what the form was filled from and what it held,
  // for the form filled again from the placement as read now to keep the user's changes (PlacementForm).
  const carried = useRef<Carried | null>(null)
  return (
    <FormModal opened onClose={onClose} title={`Pemantauan ${row.applicant.fullName}`} size="lg">
      <Loading loaded={detail}>
        {({ data: p }) => (
          <Stack>
            <Summary p={p} />
            <FollowUps p={p} />
            <CheckinForm key={`c${version(p)}`} who={who} p={p} onSaved={saved} />
            {/* HR its own; staff one no HR can record: found outside bursa, or through bursa at a company
                switched off or without an active HR account (staffMayUpdate). */}
            {(who === 'hrd' || p.source === 'outside' || p.staffMayUpdate) && (
              <PlacementForm key={`p${version(p)}`} who={who} p={p} onSaved={saved} carried={carried} />
            )}
          </Stack>
        )}
      </Loading>
    </FormModal>
  )
}

function Summary({ p }: { p: Placement }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Field label="Nama">
        {p.applicant.fullName} ({label('role', p.applicant.role)}, {p.applicant.nis})
      </Field>
      <Field label="Perusahaan">
        {p.company.name}
        <SourceLine p={p} />
      </Field>
      <Field label="Posisi">{p.position}</Field>
      <Field label="Diterima">{formatDate(p.acceptedAt)}</Field>
      <Field label="Mulai bekerja">{formatDate(p.startDate)}</Field>
      <Field label="Status">
        <StatusBadge of="placementStatus" value={p.status} />
      </Field>
      <Field label="Pemantauan berikutnya">{nextFollowUp(p)}</Field>
      <Field label="Catatan">{p.notes}</Field>
    </SimpleGrid>
  )
}

/** The follow-ups recorded, by month. */
function FollowUps({ p }: { p: Placement }) {
  const rows = [...p.checkins].sort((a, b) => a.monthMark - b.monthMark)
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Pemantauan tercatat
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Belum ada pemantauan yang dicatat.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label="Pemantauan tercatat">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Bulan ke-</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Catatan</Table.Th>
                <Table.Th>Dicatat</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={c.monthMark}>
                  <Table.Td>{c.monthMark}</Table.Td>
                  <Table.Td>
                    <StatusBadge of="placementStatus" value={c.status} />
                  </Table.Td>
                  <Table.Td>{c.notes || '–'}</Table.Td>
                  <Table.Td>{formatDateTime(c.recordedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  )
}

/** Records the follow-up of a month (the one due unless another is picked); the service says when one is early. */
function CheckinForm({ who, p, onSaved }: { who: Recorder; p: Placement; onSaved: () => void }) {
  const form = useForm({
    month_mark: String(p.nextCheckinDue?.monthMark ?? 3),
    status: p.status as string,
    notes: '',
  })
  const submit = form.submit(async (v) => {
    const body = {
      month_mark: Number(v.month_mark) as 3 | 6 | 12,
      status: v.status as Status,
      notes: v.notes.trim() || null,
    }
    const params = { path: { id: p.id } }
    const res =
      who === 'admin'
        ? await unwrap(api.POST('/api/admin/job-placements/{id}/check-ins', { params, body }))
        : await unwrap(api.POST('/api/hrd/job-placements/{id}/check-ins', { params, body }))
    toastOk(res.message || 'Pemantauan dicatat.')
    onSaved()
  })
  return (
    <SubForm title="Catat pemantauan" form={form} onSubmit={submit} submitLabel="Simpan pemantauan">
      <Select label="Bulan ke-" required data={MARKS} allowDeselect={false} {...form.value('month_mark')} />
      <StatusSelect form={form} />
    </SubForm>
  )
}

const placementValues = (p: Placement) => ({
  status: p.status as string,
  start_date: p.startDate ?? '',
  notes: p.notes ?? '',
})
type PlacementValues = ReturnType<typeof placementValues>
type Carried = { was: PlacementValues; mine: PlacementValues }

/**
 * HR's record of a placement through bursa: its status, start date and notes. It sends only what the user
 * changed (a status a follow-up recorded is not put back by a save of the start date), with the placement's
 * version as the form was filled from (If-Match): changed since (a follow-up, a colleague's save), the save is
 * refused (412), the dialog reads the placement again, and the form filled from it keeps what the user changed
 * (`carried`, `rebase`), to check and save again.
 */
function PlacementForm({
  who,
  p,
  onSaved,
  carried,
}: {
  who: Recorder
  p: Placement
  onSaved: () => void
  carried: { current: Carried | null }
}) {
  const [form, stale] = useCarried(p, carried)
  const submit = form.submit(
    async (v) => {
      const body: PlacementChange = {}
      if (v.status !== p.status) body.status = v.status as Status
      const start = v.start_date || null
      if (start !== p.startDate) body.start_date = start
      const notes = v.notes.trim() || null
      if (notes !== p.notes) body.notes = notes
      const request = { params: { path: { id: p.id }, header: ifMatch(p.updatedAt) }, body }
      const res = await unwrap(
        who === 'admin'
          ? api.PATCH('/api/admin/job-placements/{id}', request)
          : api.PATCH('/api/hrd/job-placements/{id}', request),
      )
      toastOk(res.message || 'Penempatan disimpan.')
      onSaved()
    },
    (err) => {
      if (!editedElsewhere(err)) return toastError(err)
      carried.current = { was: placementValues(p), mine: form.values }
      onSaved()
    },
  )
  return (
    <SubForm
      title="Data penempatan"
      form={form}
      onSubmit={submit}
      submitLabel="Simpan data penempatan"
      notice={stale && REBASED}
    >
      <StatusSelect form={form} />
      <DateField label="Mulai bekerja" min={p.acceptedAt} {...form.value('start_date')} />
    </SubForm>
  )
}

/** The placement form's wiring, filled from `p` with the changes of a refused save carried over (once). */
function useCarried(p: Placement, carried: { current: Carried | null }) {
  const [from] = useState(() => carried.current)
  useEffect(() => {
    carried.current = null
  }, [carried])
  // Measured against the placement as read now: the changes carried over are still the user's, unsaved.
  const form = useForm(
    () => (from ? rebase(from.was, from.mine, placementValues(p)) : placementValues(p)),
    placementValues(p),
  )
  return [form, from !== null] as const
}

type StatusAndNotes = { status: string; notes: string }

/** The placement status a form records. */
function StatusSelect<V extends StatusAndNotes>({ form }: { form: Form<V> }) {
  return (
    <Select
      label="Status"
      required
      data={options('placementStatus')}
      allowDeselect={false}
      {...form.value('status')}
    />
  )
}

/** One of the dialog's two forms: its heading, its fields side by side, the notes and its button. */
function SubForm<V extends StatusAndNotes>({
  title,
  form,
  onSubmit,
  submitLabel,
  notice,
  children,
}: {
  title: string
  form: Form<V>
  onSubmit: (e?: FormEvent) => void
  submitLabel: string
  /** Said above the fields (a save refused as changed elsewhere). */
  notice?: ReactNode
  children: ReactNode
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={title}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        <NotSavedAlert>{notice}</NotSavedAlert>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>{children}</SimpleGrid>
        <Textarea label="Catatan" autosize minRows={2} maxLength={2000} {...form.text('notes')} />
        <Group justify="flex-end">
          <SubmitButton form={form}>{submitLabel}</SubmitButton>
        </Group>
      </Stack>
    </form>
  )
}
