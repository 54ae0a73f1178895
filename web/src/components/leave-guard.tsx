import { Button, Group, Modal, Text } from '@mantine/core'
import { useEffect } from 'react'
import { useBlocker } from 'react-router'

/**
 * While `when` (a form holds what is not saved): leaving the screen (a link, the menu, the browser's Back) asks
 * first, and so does closing or reloading the tab (the browser's own question). Staff rewording a message lost it
 * without a word by clicking "← Template pesan".
 */
export function LeaveGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  )
  useEffect(() => {
    if (!when) return
    const ask = (e: BeforeUnloadEvent) => e.preventDefault()
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [when])
  // Saved meanwhile (nothing left to lose): the move goes on.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.proceed()
  }, [blocker, when])
  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Tinggalkan tanpa menyimpan?"
      size="sm"
    >
      <Text size="sm">Perubahan di halaman ini belum disimpan dan akan hilang bila Anda pergi sekarang.</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          Lanjutkan mengisi
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Tinggalkan
        </Button>
      </Group>
    </Modal>
  )
}
