import { Button, Group, Modal, type ModalProps, Text } from '@mantine/core'
import { useCallback, useRef, useState } from 'react'
import { useFocusBack } from './focus-back'
import { UnsavedInDialog } from './unsaved'

/**
 * A dialog holding a form. Escape, its × (or a click beside it, where allowed) close it at once while nothing was
 * typed; once something was, they ask first, as leaving a screen with unsaved wording does (`LeaveGuard`). Staff who
 * pressed Escape halfway through a rejection reason lost it without a word. Typed input is `dirty` (the dialog's own
 * form: its `useForm`'s `dirty`, a file picked) or a `useForm` in a component inside the dialog that differs from
 * what it was filled with (told through `useUnsavedInDialog`). "Batal" still closes at once: that was asked for.
 * Closed, the focus goes back to what opened it (`useFocusBack`), also when it is closed by being unmounted.
 */
export function FormModal({
  onClose,
  dirty = false,
  children,
  ...modal
}: ModalProps & {
  /** The dialog's own input differs from what it was opened with (its form's `dirty`, a file picked…). */
  dirty?: boolean
}) {
  const forms = useRef(new Map<string, boolean>())
  const report = useCallback((form: string, unsaved: boolean) => {
    forms.current.set(form, unsaved)
  }, [])
  const [asking, setAsking] = useState(false)
  useFocusBack(modal.opened)
  const close = () => {
    if (!(dirty || [...forms.current.values()].some(Boolean))) return onClose()
    // Asked once the Escape that closes has gone by: opened within it, the question's own listener (on the
    // window) heard the same Escape and closed it at once, in chromium; nothing was asked and Escape did nothing.
    setTimeout(() => setAsking(true))
  }
  return (
    <>
      <Modal {...modal} onClose={close} closeOnEscape={!asking} trapFocus={!asking}>
        <UnsavedInDialog.Provider value={report}>{children}</UnsavedInDialog.Provider>
      </Modal>
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title="Tutup tanpa menyimpan?"
        size="sm"
        centered
        zIndex={(Number(modal.zIndex) || 200) + 1}
      >
        <Text size="sm">
          Isian di formulir ini belum disimpan dan akan hilang bila Anda menutupnya sekarang.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
            Lanjutkan mengisi
          </Button>
          <Button
            color="red"
            onClick={() => {
              setAsking(false)
              onClose()
            }}
          >
            Buang isian
          </Button>
        </Group>
      </Modal>
    </>
  )
}
