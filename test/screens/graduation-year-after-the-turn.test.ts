// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { GraduationPage } from '../../web/src/features/master-data/graduation-page'
import { StudentsPage } from '../../web/src/features/master-data/students-page'
import { useTestApp } from '../support/app.js'
import { anAdmin, aStudent } from '../support/builders/accounts.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * The class of 2025/2026 finished school on 30 June 2026; the career center graduates it on "Kelulusan" after the
 * holidays, on Monday 13 July 2026. The page proposed "Tahun lulus" 2027 (from July it took the *next* June): staff
 * who trusted it stored the class as alumni of 2027, out of the 2025/2026 absorption and tracer cohorts, with
 * waiting periods counted from a June a year away. The students page's "Jadikan alumni" proposed the browser's
 * calendar year for the same act. Both now propose the school's calendar year: the June just passed from July to
 * December, the coming June from January to June, on the school's clock (found by the school-year audit).
 */
const t = useTestApp()
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

/** Only the browser's clock is set; the service keeps its own. */
function browserAt(iso: string) {
  vi.useRealTimers()
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) })
}

describe('the graduation year the screens propose', () => {
  it('"Kelulusan" on 13 July 2026 proposes 2026, the year the class just finished, not 2027', async () => {
    const staff = await anAdmin(t)
    signedInTo(t, staff.token as string)
    browserAt('2026-07-13T03:00:00Z') // 10.00 WIB
    renderScreen(h(GraduationPage), '/admin/kelulusan', '/admin/kelulusan')
    expect((screen.getByLabelText('Tahun lulus') as HTMLInputElement).value).toBe('2026')
  })

  it('"Kelulusan" in March proposes the coming June; on the school\'s clock, not the browser\'s', async () => {
    const staff = await anAdmin(t)
    signedInTo(t, staff.token as string)
    browserAt('2027-03-10T03:00:00Z')
    renderScreen(h(GraduationPage), '/admin/kelulusan', '/admin/kelulusan')
    expect((screen.getByLabelText('Tahun lulus') as HTMLInputElement).value).toBe('2027')
    cleanup()
    // 31 December 2025, 18.30 UTC: already 1 January 2026 at the school (WIB), still 2025 in UTC.
    browserAt('2025-12-31T18:30:00Z')
    renderScreen(h(GraduationPage), '/admin/kelulusan', '/admin/kelulusan')
    expect((screen.getByLabelText('Tahun lulus') as HTMLInputElement).value).toBe('2026')
  })

  it('"Jadikan alumni" on the students page proposes the same year as "Kelulusan", on the school\'s clock', async () => {
    const staff = await anAdmin(t)
    await aStudent(t, { values: { fullName: `Ani Kelas Lalu ${process.pid}` } })
    signedInTo(t, staff.token as string)
    // 1 January 2026, 01.30 WIB: the browser's calendar (UTC here) still reads 2025. (A day before the
    // sessions' tokens were made: the service in this process reads the faked clock too, and a later one
    // would find them expired.)
    browserAt('2025-12-31T18:30:00Z')
    renderScreen(h(StudentsPage), '/admin/siswa', `/admin/siswa?search=${process.pid}`)
    const row = await waitFor(() => screen.getByRole('row', { name: /Ani Kelas Lalu/ }), { timeout: 5_000 })
    fireEvent.click(within(row).getByRole('checkbox'))
    fireEvent.click(screen.getByRole('button', { name: 'Jadikan alumni (1)' }))
    const dialog = await screen.findByRole('dialog')
    expect((within(dialog).getByLabelText('Tahun lulus') as HTMLInputElement).value).toBe('2026')
  })
})
