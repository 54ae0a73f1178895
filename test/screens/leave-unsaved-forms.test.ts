// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { Fragment, createElement as h, type ReactElement } from 'react'
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { jobVacancies, students } from '../../src/db/schema/index.js'
import { SessionProvider } from '../../web/src/features/auth/session'
import { RegisterCompanyPage } from '../../web/src/features/company-registrations/register-page'
import { PortfolioPage } from '../../web/src/features/portfolio/portfolio-page'
import { ScheduleFormPage } from '../../web/src/features/schedules/form-page'
import { TracerStudyPage } from '../../web/src/features/tracer-study/form-page'
import { HrdVacancyFormPage } from '../../web/src/features/vacancies/hrd-form-page'
import { useTestApp } from '../support/app.js'
import { anAlumnus, aStudent } from '../support/builders/accounts.js'
import { aScheduleMadeByHr } from '../support/builders/schedules.js'
import { anHrdWithVacancy, candidates } from '../support/builders/selection.js'
import { answeredByApp, mount, signedInAs, signedInTo } from '../support/screen.js'
import { storedSchedule } from '../support/stored.js'

/**
 * HR writing a vacancy or a test schedule on a phone lost it all to the phone's Back (an edge swipe), the bell or a
 * menu item, without a question (found in an audit of HR's week on a 390 px phone); only the message-template
 * editor asked (`LeaveGuard`). Now every long form on a page of its own asks before what was typed is thrown away:
 * HR's and staff's vacancy form, the test schedule form, the learner's profile, the tracer study and a company's
 * registration. A form opened and left untouched, or just saved, lets the user go without a word.
 */
const t = useTestApp()
afterEach(cleanup)

const ASK = 'Tinggalkan tanpa menyimpan?'
const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement

/**
 * `page` at `url` (under the route `path`) in the signed-in layout's place, with a link out of it as the header's
 * bell is; any other address shows "Halaman lain" (a list, a record, the notices).
 */
function withBell(page: ReactElement, path: string, url: string) {
  const layout = h(Fragment, null, h(Link, { to: '/notifikasi' }, 'Notifikasi'), h(Outlet))
  const router = createMemoryRouter(
    [
      {
        element: layout,
        children: [
          { path, element: page },
          { path: '*', element: h('p', null, 'Halaman lain') },
        ],
      },
    ],
    { initialEntries: [url] },
  )
  mount(h(RouterProvider, { router }))
  return router
}

/** The bell tapped: answers whether the screen asked first (and then stays, with "Lanjutkan mengisi"). */
async function leaveAsks(router: ReturnType<typeof withBell>) {
  const at = router.state.location.pathname
  fireEvent.click(screen.getByRole('link', { name: 'Notifikasi' }))
  const asked = await screen
    .findByRole('dialog', { name: ASK }, { timeout: 1_000 })
    .then(() => true)
    .catch(() => false)
  if (!asked) return false
  fireEvent.click(screen.getByRole('button', { name: 'Lanjutkan mengisi' }))
  await waitFor(() => expect(screen.queryByRole('dialog', { name: ASK })).toBeNull())
  expect(router.state.location.pathname).toBe(at)
  return true
}

describe("HR's vacancy form (/hrd/lowongan/:id/ubah)", () => {
  it('opened and left untouched lets HR go; a changed title asks first; saved, it goes to the list without a word', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    signedInTo(t, hrd.token)
    const router = withBell(
      h(HrdVacancyFormPage),
      '/hrd/lowongan/:id/ubah',
      `/hrd/lowongan/${vacancy.id}/ubah`,
    )
    await waitFor(() => expect(field(/^Judul/).value).toBe(vacancy.title), { timeout: 5_000 })
    // Filled from the vacancy: nothing of the user's to lose.
    expect(await leaveAsks(router)).toBe(false)
    await screen.findByText('Halaman lain')

    router.navigate(`/hrd/lowongan/${vacancy.id}/ubah`)
    await waitFor(() => expect(field(/^Judul/).value).toBe(vacancy.title), { timeout: 5_000 })
    const title = `${vacancy.title} (Shift Malam)`
    fireEvent.change(field(/^Judul/), { target: { value: title } })
    expect(await leaveAsks(router)).toBe(true)
    expect(field(/^Judul/).value).toBe(title)

    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }))
    await screen.findByText('Halaman lain', undefined, { timeout: 5_000 })
    expect(router.state.location.pathname).toBe('/hrd/lowongan')
    expect(screen.queryByRole('dialog', { name: ASK })).toBeNull()
    const [stored] = await t.db.select().from(jobVacancies).where(eq(jobVacancies.id, vacancy.id))
    expect(stored.title).toBe(title)
  })

  it('a new vacancy with its description typed asks first', async () => {
    const { hrd } = await anHrdWithVacancy(t)
    signedInTo(t, hrd.token)
    const router = withBell(h(HrdVacancyFormPage), '/hrd/lowongan/baru', '/hrd/lowongan/baru')
    await screen.findByLabelText(/^Deskripsi/, {}, { timeout: 5_000 })
    expect(await leaveAsks(router)).toBe(false)
    router.navigate('/hrd/lowongan/baru')
    const typed = 'Mengoperasikan mesin bubut CNC.'
    fireEvent.change(await screen.findByLabelText(/^Deskripsi/), { target: { value: typed } })
    expect(await leaveAsks(router)).toBe(true)
    expect(field(/^Deskripsi/).value).toBe(typed)
  })
})

describe('the test schedule form (/hrd/jadwal/:id/ubah)', () => {
  it('untouched lets HR go; a changed place asks first; saved, it goes to the test without a word', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const [a] = await candidates(t, vacancy.id, 1)
    const id = await aScheduleMadeByHr(t, hrd, vacancy.id, [a.application.id])
    signedInTo(t, hrd.token)
    const router = withBell(h(ScheduleFormPage), '/hrd/jadwal/:id/ubah', `/hrd/jadwal/${id}/ubah`)
    await waitFor(() => expect(field(/^Tempat/).value).toBe('Ruang 1'), { timeout: 5_000 })
    await screen.findByRole(
      'checkbox',
      { name: new RegExp(`NIS ${a.learner.student.nis}`) },
      { timeout: 5_000 },
    )
    expect(await leaveAsks(router)).toBe(false)

    router.navigate(`/hrd/jadwal/${id}/ubah`)
    await waitFor(() => expect(field(/^Tempat/).value).toBe('Ruang 1'), { timeout: 5_000 })
    fireEvent.change(field(/^Tempat/), { target: { value: 'Aula BKK lantai 2' } })
    expect(await leaveAsks(router)).toBe(true)

    fireEvent.click(screen.getByRole('button', { name: 'Simpan jadwal' }))
    await screen.findByText('Halaman lain', undefined, { timeout: 5_000 })
    expect(router.state.location.pathname).toBe(`/hrd/jadwal/${id}`)
    expect((await storedSchedule(t, id)).location).toBe('Aula BKK lantai 2')
  })
})

describe("the learner's profile on the portfolio page", () => {
  it('a city typed and not saved asks first; saved, nothing is asked', async () => {
    const learner = await aStudent(t)
    await signedInAs(t, learner)
    const router = withBell(h(SessionProvider, null, h(PortfolioPage)), '/portofolio', '/portofolio')
    await screen.findByLabelText('Kota', {}, { timeout: 5_000 })
    expect(await leaveAsks(router)).toBe(false)

    router.navigate('/portofolio')
    fireEvent.change(await screen.findByLabelText('Kota', {}, { timeout: 5_000 }), {
      target: { value: 'Kabupaten Bekasi' },
    })
    expect(await leaveAsks(router)).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Simpan profil' }))
    await waitFor(
      async () => {
        const [row] = await t.db.select().from(students).where(eq(students.id, learner.studentId))
        expect(row.city).toBe('Kabupaten Bekasi')
      },
      { timeout: 5_000 },
    )
    // Saved (the profile read again or not yet): nothing of it is lost by going.
    await waitFor(() => expect(field(/^Kota$/).value).toBe('Kabupaten Bekasi'))
    await new Promise((r) => setTimeout(r, 100))
    expect(await leaveAsks(router)).toBe(false)
  })
})

describe("the alumna's tracer study", () => {
  it('a job title typed and not saved asks first', async () => {
    const alumna = await anAlumnus(t)
    signedInTo(t, alumna.token)
    const router = withBell(h(TracerStudyPage), '/tracer-study', '/tracer-study')
    await screen.findByText('Belum diisi', undefined, { timeout: 5_000 })
    expect(await leaveAsks(router)).toBe(false)
    router.navigate('/tracer-study')
    await screen.findByText('Belum diisi', undefined, { timeout: 5_000 })
    fireEvent.change(field(/^Jabatan \/ posisi/), { target: { value: 'Operator Produksi' } })
    expect(await leaveAsks(router)).toBe(true)
  })
})

describe("a company's registration (/daftar-perusahaan)", () => {
  it('a company name typed asks before going; "Situs web" opens the keyboard for a web address', async () => {
    answeredByApp(t)
    const router = withBell(h(RegisterCompanyPage), '/daftar-perusahaan', '/daftar-perusahaan')
    expect(await leaveAsks(router)).toBe(false)
    router.navigate('/daftar-perusahaan')
    fireEvent.change(await screen.findByLabelText(/^Nama perusahaan/), {
      target: { value: 'PT Maju Bersama' },
    })
    expect(await leaveAsks(router)).toBe(true)
    expect(field(/^Situs web/).getAttribute('inputmode')).toBe('url')
  })
})
