// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Loaded } from '../lib/use-load'
import { DataTable } from './data-table'
import type { Meta } from './ui'

afterEach(cleanup)

interface Row {
  id: number
  name: string
  status: string
}
const loaded = (data: Row[], meta?: Meta): Loaded<{ data: Row[]; meta?: Meta }> => ({
  data: { data, meta },
  loading: false,
  reload: () => {},
  refresh: () => {},
})
const columns = [
  { label: 'Nama', render: (r: Row) => r.name },
  { label: 'Status', render: (r: Row) => r.status },
]

function Picking({ rows }: { rows: Row[] }) {
  const [selected, setSelected] = useState<number[]>([])
  return (
    <>
      <output>{selected.join(',')}</output>
      <DataTable
        loaded={loaded(rows)}
        empty="Tidak ada data."
        columns={columns}
        selection={{
          selected,
          onChange: setSelected,
          label: (r) => `Pilih ${r.name}`,
          allLabel: 'Pilih semua yang menunggu',
          canSelect: (r) => r.status === 'pending',
        }}
      />
    </>
  )
}

describe('<DataTable>', () => {
  it('says an empty list is empty once: no table, no second line from the pager', () => {
    render(
      <MantineProvider>
        <DataTable
          loaded={loaded([], { page: 1, perPage: 20, total: 0, totalPages: 0 })}
          empty="Belum ada lowongan."
          columns={columns}
          onPage={() => {}}
        />
      </MantineProvider>,
    )
    expect(screen.getAllByText('Belum ada lowongan.')).toHaveLength(1)
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.queryByText(/dari 0/)).toBeNull()
  })

  it('shows the columns, a row per record and where the page stands', () => {
    render(
      <MantineProvider>
        <DataTable
          loaded={loaded(
            [
              { id: 1, name: 'Andi', status: 'pending' },
              { id: 2, name: 'Siti', status: 'accepted' },
            ],
            { page: 1, perPage: 20, total: 2, totalPages: 1 },
          )}
          empty="Belum ada lowongan."
          columns={columns}
          onPage={() => {}}
        />
      </MantineProvider>,
    )
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nama', 'Status'])
    expect(screen.getAllByRole('row')).toHaveLength(3)
    expect(screen.getByText('1–2 dari 2')).toBeTruthy()
  })

  it('moves a page past the last one (its rows went away, or `?page=99`) to the last page, in its place', () => {
    const moves: unknown[][] = []
    render(
      <MantineProvider>
        <DataTable
          loaded={loaded([], { page: 2, perPage: 15, total: 15, totalPages: 1 })}
          empty="Tidak ada data."
          columns={columns}
          onPage={(...move) => moves.push(move)}
        />
      </MantineProvider>,
    )
    expect(moves).toEqual([[1, { replace: true }]])
    // Not empty, and no range past the total ("16–15 dari 15") while the last page loads.
    expect(screen.queryByText('Tidak ada data.')).toBeNull()
    expect(screen.queryByText(/dari 15/)).toBeNull()
  })

  it('ticks only the rows that can be picked, one by one or all at once', () => {
    render(
      <MantineProvider>
        <Picking
          rows={[
            { id: 1, name: 'Andi', status: 'pending' },
            { id: 2, name: 'Siti', status: 'accepted' },
            { id: 3, name: 'Budi', status: 'pending' },
          ]}
        />
      </MantineProvider>,
    )
    expect((screen.getByLabelText('Pilih Siti') as HTMLInputElement).disabled).toBe(true)
    fireEvent.click(screen.getByLabelText('Pilih semua yang menunggu'))
    expect(screen.getByRole('status').textContent).toBe('1,3')
    fireEvent.click(screen.getByLabelText('Pilih Andi'))
    expect(screen.getByRole('status').textContent).toBe('3')
    fireEvent.click(screen.getByLabelText('Pilih semua yang menunggu'))
    expect(screen.getByRole('status').textContent).toBe('1,3')
  })
})
