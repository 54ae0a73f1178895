import { Button, type ButtonProps, Modal, Stack, Text } from '@mantine/core'
import { type ReactNode, type Ref, useState } from 'react'
import { useFocusBack } from './focus-back'
import { ModalActions } from './modal-actions'

// Apart from ui.tsx so that the dialog's code (Modal, focus trap, scroll lock) stays out of the first screen's bundle.

/** A button that asks before doing something that cannot be undone. */
export function ConfirmButton({
  children,
  title,
  message,
  confirmLabel = 'Ya, lanjutkan',
  onConfirm,
  color = 'red',
  ...button
}: {
  children: ReactNode
  title: string
  message: ReactNode
  confirmLabel?: string
  onConfirm: () => Promise<unknown> | unknown
  color?: string
  /** The button's name when its text alone does not say what it acts on ("Hapus" beside each of several files). */
  'aria-label'?: string
  /** The button (a dialog its action opens gives the focus back to it: `useFocusBack`'s `back`). */
  ref?: Ref<HTMLButtonElement>
} & Omit<ButtonProps, 'children' | 'color'>) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  // Mantine gives the focus back to the button; this to the screen's heading when the button went with its row.
  useFocusBack(open)
  return (
    <>
      <Button color={color} variant="light" size="xs" {...button} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={title} centered>
        <Stack>
          <Text size="sm">{message}</Text>
          <ModalActions
            onCancel={() => setOpen(false)}
            color={color}
            busy={busy}
            onConfirm={async () => {
              setBusy(true)
              try {
                await onConfirm()
                setOpen(false)
              } finally {
                setBusy(false)
              }
            }}
          >
            {confirmLabel}
          </ModalActions>
        </Stack>
      </Modal>
    </>
  )
}
