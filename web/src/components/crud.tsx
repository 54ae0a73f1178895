import { Button, Group } from '@mantine/core'
import { type ReactNode, useEffect, useState } from 'react'
import { toastError, toastOk } from '../lib/toast'
import { useUrlFilters } from '../lib/url-state'
import { useLoad } from '../lib/use-load'
import { ConfirmButton } from './confirm'
import { CrudForm, type Field, type Values } from './crud-form'
import { type Column, DataTable } from './data-table'
import { FilterBar } from './filter-bar'
import { type Meta, PageTitle } from './ui'

export type { Field } from './crud-form'
export type { Column } from './data-table'

/** A body built from a CrudPage's fields, for routes whose generated body type it cannot name. */
// biome-ignore lint/suspicious/noExplicitAny: generic CRUD passes a body built from its fields
export type AnyBody = any

/**
 * A list of records the career center keeps (students, alumni, companies, departments, majors, users):
 * searched and filtered in the URL, added and changed in a dialog, removed after a question.
 */
export function CrudPage<R extends { id: number }>({
  title,
  filters = [],
  filterFields = [],
  columns,
  fields,
  list,
  create,
  update,
  remove,
  valuesOf,
  nameOf,
  extraActions,
  headerActions,
  selectable,
  wrapActions,
}: {
  title: string
  filters?: readonly string[]
  filterFields?: Field[]
  columns: Column<R>[]
  /** The form's fields; of the record being changed (null: a new one) when they depend on it. */
  fields: Field[] | ((row: R | null) => Field[])
  list: (query: Record<string, string | number>) => Promise<{ data: R[]; meta: Meta }>
  create?: (body: Record<string, unknown>) => Promise<unknown>
  /**
   * Changes the record; `version` is its `updatedAt` as the list showed it (send it as `ifMatch`); `row`, the
   * record as the dialog opened on it (to tell what the save changed).
   */
  update?: (
    id: number,
    body: Record<string, unknown>,
    version: string | undefined,
    row: R,
  ) => Promise<unknown>
  remove?: (id: number) => Promise<unknown>
  valuesOf: (row: R) => Values
  /**
   * The record as its row's controls name it ("Pilih …", "Ubah …", "Hapus …") and the delete question asks about
   * it: what a screen reader reads out for the box and the buttons, whose text alone says nothing of the row.
   */
  nameOf: (row: R) => string
  extraActions?: (row: R, reload: () => void) => ReactNode
  /**
   * Actions on the ticked rows; `reload` after one loads the rows again with none ticked; `shown`, the rows
   * on screen (to name a ticked one in what the action answers).
   */
  headerActions?: (selected: number[], reload: () => void, shown: readonly R[]) => ReactNode
  selectable?: boolean
  /**
   * The row's buttons wrap onto a second line: on one, an account's five ran past the right edge of a 1280 px
   * screen ("Hapus" behind the table's sideways scroll). Lists with a few short ones keep them on one line.
   */
  wrapActions?: boolean
}) {
  const f = useUrlFilters(['search', ...filters])
  const rows = useLoad(() => list(f.query), [f.key])
  const [editing, setEditing] = useState<R | 'new' | null>(null)
  const [selected, setSelected] = useState<number[]>([])
  const creating = editing === 'new'
  const formFields =
    editing === null
      ? null
      : typeof fields === 'function'
        ? fields(editing === 'new' ? null : editing)
        : fields
  // Ticked rows belong to the rows as they were shown: another page or filter, or a change to the rows
  // (a student made alumni stays ticked otherwise, and the next upgrade is refused for him), starts
  // with none.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page or filter clears the selection
  useEffect(() => setSelected([]), [f.key])
  const reload = () => {
    setSelected([])
    rows.reload()
  }

  const save = async (body: Record<string, unknown>) => {
    if (editing === 'new') await create?.(body)
    else if (editing) await update?.(editing.id, body, (editing as { updatedAt?: string }).updatedAt, editing)
    toastOk('Data disimpan.')
    setEditing(null)
    reload()
  }
  /**
   * The record being changed, read again after a save refused because someone else changed it (412): the
   * dialog carries the user's changes over to it (`rebase`), and the next save is made on its version.
   */
  const refresh = async () => {
    if (editing === null || editing === 'new') return null
    const { data } = await list(f.query)
    rows.reload()
    const fresh = data.find((r) => r.id === editing.id)
    if (!fresh) return null
    setEditing(fresh)
    return valuesOf(fresh)
  }
  const actions: Column<R> = {
    label: 'Aksi',
    render: (row) => (
      <Group gap={4} wrap={wrapActions ? 'wrap' : 'nowrap'}>
        {update && (
          <Button
            size="xs"
            variant="light"
            aria-label={`Ubah ${nameOf(row)}`}
            onClick={() => setEditing(row)}
          >
            Ubah
          </Button>
        )}
        {extraActions?.(row, reload)}
        {remove && (
          <ConfirmButton
            title={`Hapus ${nameOf(row)}?`}
            message="Data yang dihapus tidak dapat dikembalikan."
            confirmLabel="Hapus"
            aria-label={`Hapus ${nameOf(row)}`}
            onConfirm={() =>
              remove(row.id).then(() => {
                toastOk('Data dihapus.')
                reload()
              }, toastError)
            }
          >
            Hapus
          </ConfirmButton>
        )}
      </Group>
    ),
  }

  return (
    <>
      <PageTitle title={title}>
        {headerActions?.(selected, reload, rows.data?.data ?? [])}
        {create && (
          <Button size="xs" onClick={() => setEditing('new')}>
            Tambah
          </Button>
        )}
      </PageTitle>
      <FilterBar
        filters={f}
        search="Cari"
        fields={filterFields.map((fd) => ({
          name: fd.name,
          label: fd.label,
          options: fd.options ?? [],
          placeholder: fd.placeholder,
          searchable: true,
        }))}
      />
      <DataTable
        loaded={rows}
        empty="Tidak ada data."
        highlightOnHover
        onPage={f.setPage}
        selection={
          selectable ? { selected, onChange: setSelected, label: (r) => `Pilih ${nameOf(r)}` } : undefined
        }
        columns={[...columns, actions]}
      />
      {editing && formFields && (
        <CrudForm
          // "Tambah: Perusahaan mitra"; "Ubah: PT Sumber Rejeki", the record it edits (every row's read the list's title)
          title={editing === 'new' ? title : nameOf(editing)}
          fields={formFields}
          creating={creating}
          initial={
            editing === 'new'
              ? Object.fromEntries(formFields.filter((x) => x.type === 'switch').map((x) => [x.name, true]))
              : valuesOf(editing)
          }
          onSave={save}
          onClose={() => setEditing(null)}
          refresh={refresh}
        />
      )}
    </>
  )
}
