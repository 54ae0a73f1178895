import { Button, Group } from '@mantine/core'
import type { ReactNode } from 'react'
import { SubmitButton } from './submit-button'

/**
 * The buttons at the foot of a dialog: "Batal", and the action (the form's submit button unless
 * `onConfirm` is given), busy while it runs. Given the dialog's `form` (its `useForm`), the action is busy while
 * the form is sent and off, saying the time left, while a refusal asks to wait (`SubmitButton`).
 */
export function ModalActions({
  children,
  onCancel,
  onConfirm,
  form,
  busy,
  color,
}: {
  children: ReactNode
  onCancel: () => void
  onConfirm?: () => unknown
  /** The form the action sends: its `busy` and `wait`. */
  form?: { busy: boolean; wait: number }
  /** Busy besides the form (an upload's progress), or instead of it. */
  busy?: boolean
  color?: string
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Batal
      </Button>
      <SubmitButton
        form={{ busy: Boolean(busy || form?.busy), wait: form?.wait ?? 0 }}
        type={onConfirm ? 'button' : 'submit'}
        color={color}
        onClick={onConfirm && (() => onConfirm())}
      >
        {children}
      </SubmitButton>
    </Group>
  )
}
