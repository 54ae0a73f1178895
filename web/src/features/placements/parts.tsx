import { Badge, Button, Group, Text } from '@mantine/core'
import { api, unwrap } from '../../api/client'
import { ConfirmButton } from '../../components/confirm'
import { formatDate } from '../../lib/format'
import { toastError, toastOk } from '../../lib/toast'
import type { PlacementRow, Recorder } from './outside-form'

// What the staff's and HR's placement screens both show of a placement.

/** Where a placement came from: the vacancy applied to, or "di luar bursa". */
export function SourceLine({ p }: { p: PlacementRow }) {
  return p.source === 'outside' ? (
    <Badge size="xs" variant="light" color="grape" display="block">
      di luar bursa
    </Badge>
  ) : (
    <Text size="xs" c="dimmed">
      {p.vacancy?.title}
    </Text>
  )
}

/** When the placement is next followed up (3, 6, 12 months). */
export const nextFollowUp = (p: PlacementRow) =>
  p.nextCheckinDue
    ? `${p.nextCheckinDue.monthMark} bulan · ${formatDate(p.nextCheckinDue.dueDate, true)}`
    : '–'

/** A row's buttons: "Pantau" (its follow-ups), and for an outside placement change and delete. */
export function PlacementActions({
  p,
  who,
  onFollowUp,
  onEdit,
  onDeleted,
}: {
  p: PlacementRow
  who: Recorder
  onFollowUp: () => void
  onEdit: () => void
  onDeleted: () => void
}) {
  const remove = () =>
    (who === 'admin'
      ? unwrap(api.DELETE('/api/admin/job-placements/{id}', { params: { path: { id: p.id } } }))
      : unwrap(api.DELETE('/api/hrd/job-placements/{id}', { params: { path: { id: p.id } } }))
    ).then(() => {
      toastOk('Penempatan dihapus.')
      onDeleted()
    }, toastError)
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="xs" variant="light" onClick={onFollowUp}>
        Pantau
      </Button>
      {p.source === 'outside' && (
        <>
          <Button size="xs" variant="light" onClick={onEdit}>
            Ubah
          </Button>
          <ConfirmButton
            title="Hapus penempatan?"
            message={`Penempatan ${p.applicant.fullName} di ${p.company.name} tidak lagi dihitung dan dipantau.`}
            confirmLabel="Hapus"
            onConfirm={remove}
          >
            Hapus
          </ConfirmButton>
        </>
      )}
    </Group>
  )
}
