import { notifications } from '@mantine/notifications'
import { ApiError } from '../api/client'

export function toastOk(message: string) {
  notifications.show({ color: 'green', message, autoClose: 3500 })
}

/** Done, but not all the user may expect: the message says what is still missing. */
export function toastWarn(message: string) {
  notifications.show({ color: 'yellow', message, autoClose: 8000 })
}

/** A vacancy switched on or off; one switched on that applicants still cannot reach is a warning. */
export function toastSwitched(r: { data: { isActive: boolean; isOpen: boolean }; message: string }) {
  if (r.data.isActive && !r.data.isOpen) toastWarn(r.message)
  else toastOk(r.message)
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

/**
 * A refusal of an action on several records sent as `field` (`student_ids`): its message, then why each
 * one it names (`student_ids.2`, the third of `ids`) was refused, by id as toastBulk says it. No field of
 * the form shows these.
 */
export function toastItemsRefused(err: unknown, field: string, ids: readonly number[]) {
  const reasons =
    err instanceof ApiError
      ? Object.entries(err.errors).flatMap(([key, messages]) => {
          const id = key.startsWith(`${field}.`) ? ids[Number(key.slice(field.length + 1))] : undefined
          return id === undefined ? [] : [`#${id}: ${messages.join(', ')}`]
        })
      : []
  toastError(reasons.length ? new Error(`${(err as ApiError).message} ${reasons.join('; ')}`) : err)
}
