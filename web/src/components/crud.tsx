import {
  Button,
  Group,
  Modal,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Textarea,
  TextInput,
} from '@mantine/core'
import { type FormEvent, type ReactNode, useState } from 'react'
import { fieldErrors } from '../api/client'
import { toastError, toastOk } from '../lib/toast'
import { useUrlFilters } from '../lib/url-state'
import { useLoad } from '../lib/use-load'
import { ConfirmButton } from './confirm'
import { DateField } from './dates'
import { Loading, type Meta, Pager, PageTitle } from './ui'

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
}

export interface Column<R> {
  label: string
  render: (row: R) => ReactNode
}

type Values = Record<string, string | boolean>

/** Turns form values into a request body: numbers for number/select-of-ids, null for empty optional text. */
export function toBody(fields: Field[], values: Values, creating: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const f of fields) {
    if (f.createOnly && !creating) continue
    const v = values[f.name]
    if (f.type === 'switch') body[f.name] = Boolean(v)
    else if (v === undefined || v === '') {
      if (!f.required && !(f.createOnly && f.type === 'password')) body[f.name] = null
    } else if (f.type === 'number' || (f.type === 'select' && /_id$/.test(f.name))) body[f.name] = Number(v)
    else body[f.name] = typeof v === 'string' ? v.trim() : v
  }
  return body
}

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
  extraActions,
  headerActions,
  selectable,
}: {
  title: string
  filters?: readonly string[]
  filterFields?: Field[]
  columns: Column<R>[]
  fields: Field[]
  list: (query: Record<string, string | number>) => Promise<{ data: R[]; meta: Meta }>
  create?: (body: Record<string, unknown>) => Promise<unknown>
  update?: (id: number, body: Record<string, unknown>) => Promise<unknown>
  remove?: (id: number) => Promise<unknown>
  valuesOf: (row: R) => Values
  extraActions?: (row: R, reload: () => void) => ReactNode
  headerActions?: (selected: number[], reload: () => void) => ReactNode
  selectable?: boolean
}) {
  const keys = ['search', ...filters]
  const f = useUrlFilters(keys)
  const [search, setSearch] = useState(f.get('search'))
  const rows = useLoad(() => list(f.query), [f.key])
  const [editing, setEditing] = useState<R | 'new' | null>(null)
  const [values, setValues] = useState<Values>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [selected, setSelected] = useState<number[]>([])

  const open = (row: R | 'new') => {
    setEditing(row)
    setErrors({})
    setValues(
      row === 'new'
        ? Object.fromEntries(fields.filter((x) => x.type === 'switch').map((x) => [x.name, true]))
        : valuesOf(row),
    )
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!editing) return
    setBusy(true)
    setErrors({})
    try {
      const body = toBody(fields, values, editing === 'new')
      if (editing === 'new') await create?.(body)
      else await update?.(editing.id, body)
      toastOk('Data disimpan.')
      setEditing(null)
      rows.reload()
    } catch (err) {
      setErrors(fieldErrors(err))
      toastError(err)
    } finally {
      setBusy(false)
    }
  }

  const input = (fd: Field) => {
    const common = {
      key: fd.name,
      label: fd.label,
      required: fd.required,
      error: errors[fd.name],
    }
    const v = values[fd.name]
    const setV = (x: string | boolean | null) => setValues((s) => ({ ...s, [fd.name]: x ?? '' }))
    switch (fd.type) {
      case 'switch':
        return <Switch {...common} checked={Boolean(v)} onChange={(e) => setV(e.currentTarget.checked)} />
      case 'select':
        return (
          <Select
            {...common}
            data={fd.options ?? []}
            value={v ? String(v) : null}
            onChange={setV}
            searchable
            clearable={!fd.required}
          />
        )
      case 'textarea':
        return (
          <Textarea
            {...common}
            value={String(v ?? '')}
            onChange={(e) => setV(e.currentTarget.value)}
            autosize
            minRows={2}
          />
        )
      case 'date':
        return <DateField {...common} value={String(v ?? '')} onChange={setV} />
      case 'password':
        return (
          <PasswordInput
            {...common}
            value={String(v ?? '')}
            onChange={(e) => setV(e.currentTarget.value)}
            autoComplete="new-password"
          />
        )
      default:
        return (
          <TextInput
            {...common}
            type={fd.type === 'email' ? 'email' : 'text'}
            inputMode={fd.type === 'number' ? 'numeric' : undefined}
            value={String(v ?? '')}
            onChange={(e) => setV(e.currentTarget.value)}
          />
        )
    }
  }

  const data = rows.data?.data ?? []
  return (
    <>
      <PageTitle title={title}>
        {headerActions?.(selected, rows.reload)}
        {create && (
          <Button size="xs" onClick={() => open('new')}>
            Tambah
          </Button>
        )}
      </PageTitle>
      <form
        aria-label="Saring daftar"
        onSubmit={(e) => {
          e.preventDefault()
          f.set({ search })
        }}
      >
        <Group mb="md" align="flex-end" wrap="wrap">
          <TextInput label="Cari" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
          {filterFields.map((fd) => (
            <Select
              key={fd.name}
              label={fd.label}
              placeholder={fd.placeholder ?? `Semua ${fd.label.toLowerCase()}`}
              clearable
              searchable
              data={fd.options ?? []}
              value={f.get(fd.name) || null}
              onChange={(v) => f.set({ [fd.name]: v })}
            />
          ))}
          <Button type="submit">Cari</Button>
        </Group>
      </form>
      <Loading loaded={rows} empty={(d) => d.data.length === 0} emptyText="Tidak ada data.">
        {() => (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {selectable && (
                    <Table.Th w={40}>
                      <input
                        type="checkbox"
                        aria-label="Pilih semua"
                        checked={data.length > 0 && data.every((r) => selected.includes(r.id))}
                        onChange={(e) => setSelected(e.currentTarget.checked ? data.map((r) => r.id) : [])}
                      />
                    </Table.Th>
                  )}
                  {columns.map((c) => (
                    <Table.Th key={c.label}>{c.label}</Table.Th>
                  ))}
                  <Table.Th>Aksi</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((row) => (
                  <Table.Tr key={row.id}>
                    {selectable && (
                      <Table.Td>
                        <input
                          type="checkbox"
                          aria-label={`Pilih baris ${row.id}`}
                          checked={selected.includes(row.id)}
                          onChange={(e) => {
                            const on = e.currentTarget.checked
                            setSelected((s) => (on ? [...s, row.id] : s.filter((x) => x !== row.id)))
                          }}
                        />
                      </Table.Td>
                    )}
                    {columns.map((c) => (
                      <Table.Td key={c.label}>{c.render(row)}</Table.Td>
                    ))}
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {update && (
                          <Button size="xs" variant="light" onClick={() => open(row)}>
                            Ubah
                          </Button>
                        )}
                        {extraActions?.(row, rows.reload)}
                        {remove && (
                          <ConfirmButton
                            title="Hapus data?"
                            message="Data yang dihapus tidak dapat dikembalikan."
                            confirmLabel="Hapus"
                            onConfirm={() =>
                              remove(row.id).then(() => {
                                toastOk('Data dihapus.')
                                rows.reload()
                              }, toastError)
                            }
                          >
                            Hapus
                          </ConfirmButton>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Loading>
      <Pager meta={rows.data?.meta} onPage={(page) => f.set({ page })} />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? `Tambah: ${title}` : `Ubah: ${title}`}
        size="lg"
      >
        <form onSubmit={submit} noValidate>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {fields.filter((fd) => editing === 'new' || !fd.createOnly).map(input)}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(null)}>
                Batal
              </Button>
              <Button type="submit" loading={busy}>
                Simpan
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  )
}
