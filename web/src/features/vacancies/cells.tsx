import { Stack, Switch, Text } from '@mantine/core'
import { useState } from 'react'
import { StatusBadge } from '../../components/status-badge'
import { formatDate } from '../../lib/format'

/** The approval of a vacancy and, when staff gave one, their reason (HR's list says "Alasan:"). */
export function ApprovalCell({
  v,
  reasonPrefix = '',
}: {
  v: { approvalStatus: string; approvalReason: string | null }
  reasonPrefix?: string
}) {
  return (
    <Stack gap={2}>
      <StatusBadge of="approvalStatus" value={v.approvalStatus} />
      {v.approvalReason && (
        <Text size="xs" c="dimmed">
          {reasonPrefix}
          {v.approvalReason}
        </Text>
      )}
    </Stack>
  )
}

/** The deadline, with "tertutup" under it once the vacancy no longer takes applications. */
export function DeadlineCell({ v }: { v: { deadline: string; isOpen: boolean } }) {
  return (
    <>
      {formatDate(v.deadline, true)}
      {!v.isOpen && (
        <Text size="xs" c="dimmed">
          tertutup
        </Text>
      )}
    </>
  )
}

/** What deleting a vacancy does, said before HR or staff confirm it (src/modules/vacancies/service.ts). */
export const deleteWarning = (title: string) =>
  `"${title}" tidak lagi tampil untuk pelamar. Lamaran yang ada tetap tersimpan; yang masih berjalan ditutup, jadwal tesnya yang belum dimulai dibatalkan, dan pelamarnya diberi tahu. Hasil seleksi yang sudah diumumkan tetap ada di Hasil seleksi: surat keputusannya masih dapat dilampirkan.`

/**
 * A vacancy's "Aktif" switch, held still from the click until the list shows the new state (`reloading`):
 * a double click would otherwise switch it on and off again, with two opposite messages.
 */
export function ActiveSwitch({
  v,
  toggle,
  reloading,
}: {
  v: { id: number; title: string; isActive: boolean }
  /** Sets the vacancy's state (`isActive`, the one the switch now asks for). */
  toggle: (id: number, isActive: boolean) => Promise<unknown>
  reloading: boolean
}) {
  const [busy, setBusy] = useState(false)
  return (
    <Switch
      checked={v.isActive}
      disabled={busy || reloading}
      onChange={() => {
        setBusy(true)
        toggle(v.id, !v.isActive).finally(() => setBusy(false))
      }}
      aria-label={`Aktifkan ${v.title}`}
    />
  )
}
