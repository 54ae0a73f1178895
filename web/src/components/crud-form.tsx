import { PasswordInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core'
import { useState } from 'react'
import { editedElsewhere } from '../api/client'
import { toastError } from '../lib/toast'
import { DateField } from './dates'
import { type Form, REBASED, useForm } from './form'
import { FormModal } from './form-modal'
import { ModalActions } from './modal-actions'
import { NotSavedAlert } from './ui'

/** A field of a record's form: its request name, label and kind. */
export interface Field {
  name: string
  label: string
  type?: 'text' | 'textarea' | 'select' | 'number' | 'date' | 'switch' | 'password' | 'email'
  options?: { value: string; label: string }[]
  /** A filter's text when nothing is chosen; "Semua <label>" unless told. */
  placeholder?: string
  required?: boolean
  /** Shown only when creating. */
  createOnly?: boolean
  /** Shown only when changing an existing record. */
  editOnly?: boolean
}

export type Values = Record<string, string | boolean>

/** Turns form values into a request body: numbers for number/select-of-ids, null for empty optional text. */
export function toBody(fields: Field[], values: Values, creating: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const f of fields) {
    if (f.createOnly && !creating) continue
    if (f.editOnly && creating) continue
    const v = values[f.name]
    if (f.type === 'switch') body[f.name] = Boolean(v)
    else if (v === undefined || v === '') {
      // A password left empty is not sent: it is never cleared, only given (a new account's first one).
      if (!f.required && f.type !== 'password') body[f.name] = null
    } else if (f.type === 'number' || (f.type === 'select' && /_id$/.test(f.name))) body[f.name] = Number(v)
    else body[f.name] = typeof v === 'string' ? v.trim() : v
  }
  return body
}

/** The input of one field, wired to the form (its value, and the server's message under it). */
function FieldInput({ field: fd, form }: { field: Field; form: Form<Values> }) {
  const common = { label: fd.label, required: fd.required }
  const text = form.text(fd.name)
  switch (fd.type) {
    case 'switch':
      return <Switch {...common} {...form.checked(fd.name)} />
    case 'select':
      return (
        <Select
          {...common}
          data={fd.options ?? []}
          value={form.values[fd.name] ? String(form.values[fd.name]) : null}
          onChange={(x) => form.set(fd.name, x ?? '')}
          error={text.error}
          searchable
          clearable={!fd.required}
          // A required field is not emptied by a second click on its option.
          allowDeselect={!fd.required}
        />
      )
    case 'textarea':
      return <Textarea {...common} {...text} autosize minRows={2} />
    case 'date':
      return (
        <DateField {...common} value={text.value} onChange={(x) => form.set(fd.name, x)} error={text.error} />
      )
    case 'password':
      return <PasswordInput {...common} {...text} autoComplete="new-password" />
    default:
      return (
        <TextInput
          {...common}
          {...text}
          type={fd.type === 'email' ? 'email' : 'text'}
          inputMode={fd.type === 'number' ? 'numeric' : undefined}
        />
      )
  }
}

/** A record added or changed in a dialog: its fields (create-only ones when adding), Simpan and Batal. */
export function CrudForm({
  title,
  fields,
  initial,
  creating,
  onSave,
  onClose,
  refresh,
}: {
  title: string
  fields: Field[]
  initial: Values
  creating: boolean
  onSave: (body: Record<string, unknown>) => Promise<unknown>
  onClose: () => void
  /** The record's values read again, after a save it refused as changed by someone else (null: it is gone). */
  refresh?: () => Promise<Values | null>
}) {
  const form = useForm(initial)
  // A record someone else changed after this dialog was filled: said here until it is closed, not in a toast.
  const [stale, setStale] = useState<string | null>(null)
  const reread = async (err: Error) => {
    const theirs = await refresh?.().catch(() => null)
    if (!theirs) return setStale(`${err.message} Tutup formulir ini, lalu buka lagi.`)
    form.refill(theirs)
    setStale(REBASED)
  }
  const submit = form.submit(
    (values) => onSave(toBody(fields, values, creating)),
    (err) => (editedElsewhere(err) ? reread(err as Error) : toastError(err)),
  )
  return (
    <FormModal
      dirty={form.dirty}
      opened
      onClose={onClose}
      title={`${creating ? 'Tambah' : 'Ubah'}: ${title}`}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <NotSavedAlert>{stale}</NotSavedAlert>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {fields
              .filter((fd) => (creating ? !fd.editOnly : !fd.createOnly))
              .map((fd) => (
                <FieldInput key={fd.name} field={fd} form={form} />
              ))}
          </SimpleGrid>
          <ModalActions onCancel={onClose} form={form}>
            Simpan
          </ModalActions>
        </Stack>
      </form>
    </FormModal>
  )
}
