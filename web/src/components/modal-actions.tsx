import { Button, Group } from '@mantine/core'
import type { ReactNode } from 'react'

/**
 * The buttons at the foot of a dialog: "Batal", and the action (the form's submit button unless
 * `onConfirm` is given), busy while it runs.
 */
export function ModalActions({
  children,
  onCancel,
  onConfirm,
  busy,
  color,
}: {
  children: ReactNode
  onCancel: () => void
  onConfirm?: () => unknown
  busy?: boolean
  color?: string
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Batal
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} color={color} loading={busy} onClick={onConfirm}>
        {children}
      </Button>
    </Group>
  )
}
