import { notifications } from '@mantine/notifications'

export function toastOk(message: string) {
  notifications.show({ color: 'green', message, autoClose: 3500 })
}

export function toastError(err: unknown) {
  const message = err instanceof Error ? err.message : String(err)
  notifications.show({ color: 'red', title: 'Gagal', message, autoClose: 6000 })
}
