// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { useUrlFilters } from '../lib/url-state'
import { FilterBar } from './filter-bar'

afterEach(cleanup)

function List() {
  const f = useUrlFilters(['search', 'status', 'kind'] as const)
  const { search } = useLocation()
  return (
    <>
      <output>{search}</output>
      <FilterBar
        filters={f}
        search="Cari"
        fields={[
          {
            name: 'status',
            label: 'Status',
            options: [
              { value: 'active', label: 'Aktif' },
              { value: 'inactive', label: 'Nonaktif' },
            ],
          },
          { name: 'kind', label: 'Jenis tes', placeholder: 'Semua jenis', options: [] },
        ]}
      />
    </>
  )
}

const open = (url: string) =>
  render(
    <MantineProvider>
      <RouterProvider
        router={createMemoryRouter([{ path: '/', element: <List /> }], { initialEntries: [url] })}
      />
    </MantineProvider>,
  )

describe('<FilterBar>', () => {
  it('reads "Semua …" until a filter is chosen, and shows what the URL holds', () => {
    open('/?status=inactive')
    expect(screen.getByRole('combobox', { name: 'Jenis tes' }).getAttribute('placeholder')).toBe(
      'Semua jenis',
    )
    const status = screen.getByRole('combobox', { name: 'Status' }) as HTMLInputElement
    expect(status.getAttribute('placeholder')).toBe('Semua status')
    expect(status.value).toBe('Nonaktif')
  })

  it('applies the typed search on "Cari", keeping the other filters and going back to page 1', () => {
    open('/?status=active&page=3')
    fireEvent.change(screen.getByRole('textbox', { name: 'Cari' }), { target: { value: 'andi' } })
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }))
    expect(screen.getByRole('status').textContent).toBe('?status=active&search=andi')
  })
})
