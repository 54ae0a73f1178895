// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { createElement as h } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { AlumniPage } from '../../web/src/features/master-data/alumni-page'
import { AlumnusPage, StudentPage } from '../../web/src/features/master-data/learner-page'
import { StudentsPage } from '../../web/src/features/master-data/students-page'
import { useTestApp } from '../support/app.js'
import { anAdmin, anAlumnus, aStudent } from '../support/builders/accounts.js'
import { anApplication } from '../support/builders/applications.js'
import { aCompany } from '../support/builders/org.js'
import { aResult } from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { mount, signedInTo } from '../support/screen.js'

/**
 * A homeroom teacher asks the career center what Andi has applied to: staff open her page from her name in the
 * students' list and read who she is, her applications with where each stands, her placements; for an alumnus,
 * her tracer study too.
 */
const t = useTestApp()

afterEach(cleanup)

/** The list and the learner's page in one router, as the app has them, opened at `url`. */
const openAt = (url: string) =>
  mount(
    h(RouterProvider, {
      router: createMemoryRouter(
        [
          { path: '/admin/siswa', element: h(StudentsPage) },
          { path: '/admin/siswa/:id', element: h(StudentPage) },
          { path: '/admin/alumni', element: h(AlumniPage) },
          { path: '/admin/alumni/:id', element: h(AlumnusPage) },
          { path: '/admin/tracer-study/:id', element: h('p', null, 'Halaman tracer study') },
        ],
        { initialEntries: [url] },
      ),
    }),
  )

const section = (name: string) => screen.findByRole('region', { name }, { timeout: 5_000 })

describe("a student's page", () => {
  it("opens from her name in the list and tells her applications' story", async () => {
    const tag = `LP${process.pid}`
    const andi = await aStudent(t, {
      values: { fullName: `Andi ${tag}`, nisn: '0051234567', className: 'XII TKR 2' },
    })
    const company = await aCompany(t, { name: `PT Maju ${tag}` })
    const vacancy = async (title: string) =>
      (await aVacancy(t, { companyId: company.id, values: { title } })).id
    const scored = await anApplication(t, {
      studentId: andi.studentId,
      vacancyId: await vacancy('Operator Produksi'),
      status: 'in_progress',
      values: { reviewDecision: 'lolos', reviewedAt: new Date() },
    })
    await aResult(t, scored.id, { finalScore: 88.5, decision: 'diterima' })
    const again = await vacancy('Teknisi Listrik')
    await anApplication(t, {
      studentId: andi.studentId,
      vacancyId: again,
      status: 'withdrawn',
      values: { withdrawnBySchool: true, createdAt: new Date(Date.now() - 86_400_000) },
    })
    await anApplication(t, { studentId: andi.studentId, vacancyId: again })

    signedInTo(t, (await anAdmin(t)).token)
    openAt(`/admin/siswa?search=${tag}`)
    const link = await screen.findByRole('link', { name: `Andi ${tag}` }, { timeout: 5_000 })
    expect(link.getAttribute('href')).toBe(`/admin/siswa/${andi.studentId}`)
    link.focus() // a link: reached with Tab, opened with Enter
    expect(document.activeElement).toBe(link)
    fireEvent.click(link)

    const heading = await screen.findByRole('heading', { level: 1, name: `Andi ${tag}` }, { timeout: 5_000 })
    expect(heading).toBeTruthy()
    expect(screen.getByText(/NIS N.* · NISN 0051234567 · Kelas XII TKR 2/)).toBeTruthy()
    await waitFor(() => expect(document.title).toBe(`Andi ${tag} · bursa`))
    expect(screen.getByRole('link', { name: /Siswa kelas XII/ })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Ubah' })).toBeTruthy()
    expect(screen.getByRole('button', { name: `Unduh data Andi ${tag}` })).toBeTruthy()

    const profile = await section('Data diri')
    expect(within(profile).getByText('081200000000')).toBeTruthy()

    const applications = await section('Lamaran')
    const rows = await within(applications).findAllByRole('row', {}, { timeout: 5_000 })
    expect(rows).toHaveLength(4) // the heading and three applications
    const inSelection = within(applications).getByRole('row', { name: /Operator Produksi/ })
    expect(within(inSelection).getByText('Dalam proses seleksi')).toBeTruthy()
    expect(within(inSelection).getByText(/Seleksi berkas: Lolos/)).toBeTruthy()
    expect(within(inSelection).getByText(`PT Maju ${tag}`)).toBeTruthy()
    // HR's draft is not a result yet.
    expect(applications.textContent).not.toContain('88')
    expect(applications.textContent).not.toContain('Hasil:')
    const history = within(applications)
      .getAllByRole('row', { name: /Teknisi Listrik/ })
      .find((r) => within(r).queryByText('Riwayat'))
    expect(history && within(history).getByText(/ditarik sekolah, lalu melamar lagi/)).toBeTruthy()

    const placements = await section('Penempatan')
    expect(await within(placements).findByText('Belum ada penempatan.', {}, { timeout: 5_000 })).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Tracer study' })).toBeNull()
  })
})

describe("an alumnus's page", () => {
  it('says there is no application yet, and whether the tracer study is answered, with a way to it', async () => {
    const tag = `LA${process.pid}`
    const sinta = await anAlumnus(t, { values: { fullName: `Sinta ${tag}` } })
    signedInTo(t, (await anAdmin(t)).token)
    openAt(`/admin/alumni?search=${tag}`)
    fireEvent.click(await screen.findByRole('link', { name: `Sinta ${tag}` }, { timeout: 5_000 }))
    expect(await screen.findByText(/Lulus 2024/, {}, { timeout: 5_000 })).toBeTruthy()
    const applications = await section('Lamaran')
    expect(await within(applications).findByText('Belum ada lamaran.', {}, { timeout: 5_000 })).toBeTruthy()
    const tracer = await section('Tracer study')
    expect(
      await within(tracer).findByText('Belum mengisi tracer study.', {}, { timeout: 5_000 }),
    ).toBeTruthy()
    const toTracer = within(tracer).getByRole('link', { name: 'Isi tracer study untuk alumni ini' })
    expect(toTracer.getAttribute('href')).toBe(`/admin/tracer-study/${sinta.studentId}`)
  })

  it('a student id under the alumni path is not found', async () => {
    const s = await aStudent(t)
    signedInTo(t, (await anAdmin(t)).token)
    openAt(`/admin/alumni/${s.studentId}`)
    expect(await screen.findByText('Alumni tidak ditemukan.', {}, { timeout: 5_000 })).toBeTruthy()
  })
})
