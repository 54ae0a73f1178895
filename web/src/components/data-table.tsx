import { Checkbox, Table, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import type { Loaded } from '../lib/use-load'
import classes from './data-table.module.css'
import { Loading, type Meta, Pager, pastLastPage } from './ui'

/** One column: its heading and what a row shows in it. */
export interface Column<R> {
  label: ReactNode
  render: (row: R) => ReactNode
  /** Figures read right-aligned. */
  align?: 'right'
  width?: number
}

/** Rows a person can tick (for an action on several at once), by their numeric id. */
export interface Selection<R> {
  selected: number[]
  onChange: (ids: number[]) => void
  /** The accessible name of a row's box: who or what is picked. */
  label: (row: R) => string
  /** The name of the box in the heading that picks every row that can be picked. */
  allLabel?: string
  /** Rows that may be picked (all unless told). */
  canSelect?: (row: R) => boolean
}

export interface TableProps<R> {
  rows: R[]
  columns: Column<R>[]
  /** A row's key (and, with `selection`, its id); `row.id` unless told. */
  rowKey?: (row: R) => number
  /** Below this width the table scrolls sideways (a phone) instead of squeezing its columns. */
  minWidth?: number
  /** The first column (the row's name) stays in view while the table scrolls sideways. */
  stickyFirst?: boolean
  striped?: boolean
  highlightOnHover?: boolean
  selection?: Selection<R>
  /** Said instead of the table when there are no rows. */
  empty?: ReactNode
}

const idOf = (row: unknown) => (row as { id: number }).id

/** A table of rows by columns; wide tables scroll sideways on a phone. */
export function TableView<R>({
  rows,
  columns,
  rowKey = idOf,
  minWidth = 640,
  stickyFirst,
  striped = true,
  highlightOnHover,
  selection,
  empty,
}: TableProps<R>) {
  if (rows.length === 0 && empty !== undefined)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    )
  const pickable = selection ? rows.filter(selection.canSelect ?? (() => true)).map(rowKey) : []
  const all = pickable.length > 0 && pickable.every((id) => selection?.selected.includes(id))
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={stickyFirst ? { classNames: { viewport: classes.stickyScroller } } : undefined}
    >
      <Table
        striped={striped}
        highlightOnHover={highlightOnHover}
        className={stickyFirst ? classes.stickyFirst : undefined}
      >
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={selection.allLabel ?? 'Pilih semua'}
                  checked={all}
                  indeterminate={selection.selected.length > 0 && !all}
                  onChange={(e) => selection.onChange(e.currentTarget.checked ? pickable : [])}
                />
              </Table.Th>
            )}
            {columns.map((c, i) => (
              <Table.Th key={i} ta={c.align} w={c.width}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const id = rowKey(row)
            return (
              <Table.Tr key={id}>
                {selection && (
                  <Table.Td>
                    <Checkbox
                      aria-label={selection.label(row)}
                      disabled={selection.canSelect ? !selection.canSelect(row) : false}
                      checked={selection.selected.includes(id)}
                      onChange={(e) => {
                        const on = e.currentTarget.checked
                        const rest = selection.selected.filter((x) => x !== id)
                        selection.onChange(on ? [...rest, id] : rest)
                      }}
                    />
                  </Table.Td>
                )}
                {columns.map((c, i) => (
                  <Table.Td key={i} ta={c.align}>
                    {c.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

/**
 * A list as the API pages it: loading and error states, its one empty message (instead of the table, and
 * no second one under it), the table, and the pager.
 */
export function DataTable<R>({
  loaded,
  empty,
  onPage,
  ...table
}: Omit<TableProps<R>, 'rows' | 'empty'> & {
  loaded: Loaded<{ data: R[]; meta?: Meta }>
  empty: string
  /** Shows the pager (under a list of more than one page). */
  onPage?: (page: number, how?: { replace: boolean }) => void
}) {
  return (
    <>
      <Loading loaded={loaded} empty={(d) => d.data.length === 0 && !pastLastPage(d.meta)} emptyText={empty}>
        {(d) => <TableView rows={d.data} {...table} />}
      </Loading>
      {onPage && <Pager meta={loaded.data?.meta} onPage={onPage} />}
    </>
  )
}

/** A cell of two lines: the main one (bold for the name of the row) and a dimmed one under it. */
export function Lines({ main, sub, bold }: { main: ReactNode; sub?: ReactNode; bold?: boolean }) {
  return (
    <>
      <Text size="sm" fw={bold ? 600 : undefined}>
        {main}
      </Text>
      {sub !== undefined && (
        <Text size="xs" c="dimmed">
          {sub}
        </Text>
      )}
    </>
  )
}
