import { notifications } from '@mantine/notifications'
import { ApiError } from '../api/client'
import { countDown, retryAfterOf, retryMessage } from './retry-wait'

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

/**
 * A refusal. One asking to wait (a 429's `Retry-After`) says the seconds left, counting down, and stays until they
 * are over.
 */
export function toastError(err: unknown) {
  const message = err instanceof Error ? err.message : String(err)
  const wait = retryAfterOf(err)
  if (!wait) return void notifications.show({ color: 'red', title: 'Gagal', message, autoClose: 6000 })
  const id = notifications.show({
    color: 'red',
    title: 'Gagal',
    message: retryMessage(message, wait),
    autoClose: false,
  })
  countDown(wait, (left) =>
    notifications.update({
      id,
      color: 'red',
      title: 'Gagal',
      message: retryMessage(message, left),
      autoClose: left === 0 ? 4000 : false,
    }),
  )
}

/**
 * How an outcome on several records names one of them: by what the page shows for it (a name), `#id` only
 * when the page has none for it.
 */
export type NameOf = (id: number) => string | null | undefined

/** Names the records of `rows` by `name` (a bulk action's ticked rows are among the rows the page shows). */
export function namesOf<R extends { id: number }>(
  rows: readonly R[] | undefined,
  name: (row: R) => string,
): NameOf {
  const names = new Map((rows ?? []).map((r) => [r.id, name(r)]))
  return (id) => names.get(id)
}

const nameIn = (nameOf: NameOf | undefined, id: number) => nameOf?.(id) || `#${id}`

/** The outcome of an action on several records: how many went through, and why the others did not, by name. */
export function toastBulk(
  r: { processed: number; succeeded: number; failed: number; failures: { id: number; reason: string }[] },
  done: string,
  nameOf?: NameOf,
) {
  toastOk(`${r.succeeded} dari ${r.processed} ${done}`)
  if (r.failed)
    toastError(new Error(r.failures.map((x) => `${nameIn(nameOf, x.id)}: ${x.reason}`).join('; ')))
}

/**
 * A refusal of an action on several records sent as `field` (`student_ids`): its message, then why each
 * one it names (`student_ids.2`, the third of `ids`) was refused, by name as toastBulk says it. No field of
 * the form shows these.
 */
export function toastItemsRefused(err: unknown, field: string, ids: readonly number[], nameOf?: NameOf) {
  const reasons =
    err instanceof ApiError
      ? Object.entries(err.errors).flatMap(([key, messages]) => {
          const id = key.startsWith(`${field}.`) ? ids[Number(key.slice(field.length + 1))] : undefined
          return id === undefined ? [] : [`${nameIn(nameOf, id)}: ${messages.join(', ')}`]
        })
      : []
  toastError(reasons.length ? new Error(`${(err as ApiError).message} ${reasons.join('; ')}`) : err)
}
