import { type FormEvent, useEffect, useRef, useState } from 'react'
import { fieldErrors } from '../api/client'
import { useRetryHold } from '../lib/retry-wait'
import { toastError } from '../lib/toast'
import { useUnsavedInDialog } from './unsaved'

type Values = Record<string, unknown>

/**
 * A form's wiring: its values, its busy state while it is sent, and the messages of a refusal under the
 * fields they name (a 422's `errors`, `{ field: [message] }`, the first message of each). Props for the
 * inputs come from `text(name)` (inputs whose onChange gives an event), `value(name)` (Select, DateField,
 * MultiSelect, Checkbox.Group, NumberInput…) and `checked(name)` (Switch); `numbers(...names)` reads what
 * NumberInputs hold before sending; `submit(action)` is the form's onSubmit. `dirty` while the values differ from
 * the record they were filled from (`from`, unless the values are it; after a refused save, the record as read
 * again: `refill`): a dialog (`FormModal`) then asks before closing throws the input away (told by the component
 * that opens the dialog, or by itself when it is a component inside the dialog). `wait`: the seconds left before
 * the form may be sent again after a refusal asking to wait (a 429's `Retry-After`); its submit button, given the
 * form (`SubmitButton form={form}`, `ModalActions form={form}`), is off meanwhile, and `submit` sends nothing.
 */
export function useForm<V extends Values>(initial: V | (() => V), from?: V) {
  const [values, setValues] = useState<V>(initial)
  // The record the values are measured against: the user's changes are what differs from it.
  const base = useRef(from ?? values)
  const [filled, setFilled] = useState(() => JSON.stringify(base.current))
  const dirty = JSON.stringify(values) !== filled
  useUnsavedInDialog(dirty)
  const { left: wait, hold } = useRetryHold()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  // The form being sent: once it is done, the first field with a message takes the focus, so a screen
  // reader reads that field and its message (a check before sending as well as the service's refusal).
  const sent = useRef<HTMLFormElement | null>(null)
  useEffect(() => {
    if (busy || !sent.current) return
    const form = sent.current
    sent.current = null
    if (Object.keys(errors).length) firstRefused(form)?.focus()
  }, [busy, errors])

  const set = <K extends keyof V>(name: K, value: V[K]) => setValues((s) => ({ ...s, [name]: value }))
  /** The message for a field: its own, or the first of its items or members (`application_ids.2`). */
  const error = (name: string): string | undefined =>
    errors[name] ?? Object.entries(errors).find(([k]) => k.startsWith(`${name}.`))?.[1]

  /**
   * The form filled again from its record as read now (`theirs`), after a save was refused because someone else
   * changed it (412): each field the user changed keeps what they typed (`rebase`), and `theirs` becomes what the
   * form is measured against, so `dirty` is the user's changes still unsaved, not the colleague's values.
   */
  const refill = (theirs: V) => {
    // Read now: React may run the update after `base` moves on below.
    const was = base.current
    setValues((mine) => rebase(was, mine, theirs))
    base.current = theirs
    setFilled(JSON.stringify(theirs))
  }

  return {
    values,
    setValues,
    set,
    dirty,
    refill,
    wait,
    errors,
    setErrors,
    error,
    busy,
    text: (name: keyof V & string) => ({
      value: String(values[name] ?? ''),
      onChange: (e: { currentTarget: { value: string } }) => {
        const value = e.currentTarget.value
        setValues((s) => ({ ...s, [name]: value }))
      },
      error: error(name),
    }),
    value: <K extends keyof V & string>(name: K) => ({
      value: values[name],
      onChange: (v: V[K] | null) => set(name, (v ?? '') as V[K]),
      error: error(name),
    }),
    checked: (name: keyof V & string) => ({
      checked: Boolean(values[name]),
      onChange: (e: { currentTarget: { checked: boolean } }) => {
        const on = e.currentTarget.checked
        setValues((s) => ({ ...s, [name]: on }))
      },
      error: error(name),
    }),
    /**
     * What NumberInputs hold, as numbers to send (null when blank), or null after putting a message under
     * each that cannot be read. Mantine hands on a number, or its own unformatted text ("75.50", "-") while
     * the input is not a plain number yet; a plain Number() of what is typed ("4.500.000") is NaN, which JSON
     * sends as null: a typed value silently dropped.
     */
    numbers: <K extends keyof V & string>(...names: K[]): Record<K, number | null> | null => {
      const read = (v: unknown) =>
        typeof v === 'number' ? v : String(v ?? '').trim() === '' ? null : Number(v)
      const out = Object.fromEntries(names.map((n) => [n, read(values[n])])) as Record<K, number | null>
      const unread = names.filter((n) => Number.isNaN(out[n]))
      if (!unread.length) return out
      setErrors((e) => ({ ...e, ...Object.fromEntries(unread.map((n) => [n, 'Isi dengan angka.'])) }))
      return null
    },
    /**
     * The form's onSubmit: clears the old messages, runs `action` with the values while the form is busy,
     * and on a refusal puts its field messages under their fields and hands it to `onError` (a toast
     * unless told), then focuses the first field with a message. A check before sending can `setErrors`
     * and return. While a refusal's wait is not over (`wait`), it sends nothing: Enter in a field as well.
     */
    submit:
      (action: (values: V) => Promise<unknown> | unknown, onError: (err: unknown) => void = toastError) =>
      async (e?: FormEvent) => {
        e?.preventDefault()
        if (wait > 0) return
        sent.current = e?.currentTarget instanceof HTMLFormElement ? e.currentTarget : null
        setErrors({})
        setBusy(true)
        try {
          await action(values)
        } catch (err) {
          setErrors(fieldErrors(err))
          hold(err)
          onError(err)
        } finally {
          setBusy(false)
        }
      },
  }
}

export type Form<V extends Values> = ReturnType<typeof useForm<V>>

/**
 * A form's values carried over to a newer copy of its record (someone else changed it since the form was
 * filled, and the save was refused with 412): each field the user changed keeps what they typed, every other
 * one takes the record's value now; a list takes the user's additions and removals (`merged`). `base` is what the form was filled from, `mine` what it holds, `theirs`
 * the record as read again. The user then checks and saves again; nothing is sent by itself.
 */
export function rebase<V extends Values>(base: V, mine: V, theirs: V): V {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
  const field = (k: string) => {
    const [b, m, t] = [base[k], mine[k], theirs[k]]
    if (Array.isArray(b) && Array.isArray(m) && Array.isArray(t)) return merged(b, m, t)
    return same(m, b) ? t : m
  }
  return Object.fromEntries(Object.keys(theirs).map((k) => [k, field(k)])) as V
}

/**
 * Where the focus goes after a refusal: the first field with a message, in the form's order. A text field or a
 * select says so itself (`aria-invalid`); a list of checkboxes (`Checkbox.Group`) puts its message on its wrapper
 * only (`data-error`), so its first box that can be ticked takes the focus (the group's name and message are read
 * on entering it). Before, a refused list left the focus on <body> and only the toast was read.
 */
function firstRefused(form: HTMLFormElement): HTMLElement | null {
  for (const marked of form.querySelectorAll<HTMLElement>('[aria-invalid="true"], [data-error]')) {
    const target = marked.matches('[aria-invalid="true"]')
      ? marked
      : (marked.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        marked.querySelector<HTMLElement>(
          'input:not(:disabled):not([type=hidden]), select:not(:disabled), textarea:not(:disabled)',
        ))
    if (target) return target
  }
  return null
}

/**
 * A list (ticked participants, chosen majors) as a set: what the user added and took away, applied to the
 * list as it is now. Taken whole, the user's list put back an item the other person had taken away.
 */
function merged(base: unknown[], mine: unknown[], theirs: unknown[]) {
  const has = (list: unknown[], x: unknown) => list.some((y) => JSON.stringify(y) === JSON.stringify(x))
  const added = mine.filter((x) => !has(base, x))
  const removed = base.filter((x) => !has(mine, x))
  return [...theirs.filter((x) => !has(removed, x)), ...added.filter((x) => !has(theirs, x))]
}

/** Said where a refused save's form is (with `rebase`): what happened and what to do now. */
export const REBASED =
  'Data ini sudah diubah orang lain sejak formulir dibuka, jadi belum disimpan. Formulir kini memuat data terbaru, dengan perubahan Anda tetap di dalamnya: periksa, lalu simpan lagi.'

/** The record as read again after a refused save: the form's values and the version to save against now. */
export type Reread<V extends Values> = { values: V; version: string | null }

/**
 * The version a form saves against (If-Match, its record's `updatedAt`), and what happens when a save is refused
 * because someone else changed the record since (412): `reread(read, err)` with the record as read again fills the
 * form with it, keeping what the user changed (`form.refill`: the record read again is then what closing the
 * dialog is measured against), moves the version on, and sets `stale`, which the form shows until it is closed.
 * Given null (the record is gone, or reading it failed), `stale` says to close the form and open it again.
 */
export function useVersion<V extends Values>(form: Form<V>, version: string | null) {
  const [at, setAt] = useState(version)
  const [stale, setStale] = useState<string | null>(null)
  const reread = (read: Reread<V> | null, err: Error) => {
    if (!read) return setStale(`${err.message} Tutup formulir ini, lalu buka lagi.`)
    form.refill(read.values)
    setAt(read.version)
    setStale(REBASED)
  }
  return { version: at, stale, reread }
}
