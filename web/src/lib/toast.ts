import { notifications } from '@mantine/notifications'

export function toastOk(message: string) {
  notifications.show({ color: 'green', message, autoClose: 3500 })
}

export function toastError(err: unknown) {
  const message = err instanceof Error ? err.message : String(err)
  notifications.show({ color: 'red', title: 'Gagal', message, autoClose: 6000 })
}

/** The outcome of an action on several records: how many went through, and why the others did not. */
export function toastBulk(
  r: { processed: number; succeeded: number; failed: number; failures: { id: number; reason: string }[] },
  done: string,
) {
  toastOk(`${r.succeeded} dari ${r.processed} ${done}`)
  if (r.failed) toastError(new Error(r.failures.map((x) => `#${x.id}: ${x.reason}`).join('; ')))
}
