// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { students } from '../../src/db/schema/index.js'
import { SessionProvider } from '../../web/src/features/auth/session'
import { PortfolioPage } from '../../web/src/features/portfolio/portfolio-page'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, aStudent } from '../support/builders/accounts.js'
import { renderScreen, signedInAs } from '../support/screen.js'

/**
 * A student writes their mobile number in "Nomor telepon" as it is written everywhere in Indonesia,
 * "0812-3456-7890", and presses "Simpan profil". It is stored as digits, as the roster import takes it. The
 * profile was refused, and under the field they read only "formatnya tidak valid" (found by the forms audit).
 */
const t = useTestApp()
afterEach(cleanup)

/** The learner's portfolio page, signed in as `learner`; the input labelled `field` once it is shown. */
async function openPortfolio(learner: Account, field: string) {
  await signedInAs(t, learner)
  renderScreen(h(SessionProvider, null, h(PortfolioPage)), '/portofolio', '/portofolio')
  return (await screen.findByLabelText(field, {}, { timeout: 5000 })) as HTMLInputElement
}

describe("the learner's profile form", () => {
  it('takes a mobile number written with dashes', async () => {
    const learner = await aStudent(t)
    const phone = await openPortfolio(learner, 'Nomor telepon')
    // Typed once the form is filled with the stored profile: typed before, the fill replaced it.
    const [stored] = await t.db.select().from(students).where(eq(students.id, learner.studentId))
    await waitFor(() => expect(phone.value).toBe(stored.phone ?? ''), { timeout: 5_000 })
    fireEvent.change(phone, { target: { value: '0812-3456-7890' } })
    fireEvent.click(screen.getByRole('button', { name: 'Simpan profil' }))
    await waitFor(async () => {
      const [row] = await t.db.select().from(students).where(eq(students.id, learner.studentId))
      expect(row.phone).toBe('081234567890')
    })
    expect(phone.getAttribute('aria-invalid')).not.toBe('true')
    expect(screen.queryByText('formatnya tidak valid')).toBeNull()
  })

  /**
   * The learner types a new city while staff correct their contact e-mail from the school's side. Before, the
   * learner's save put the old e-mail back. Now it is refused; the form takes the staff's e-mail and keeps the
   * city typed, says so, and the next "Simpan profil" stores both.
   */
  it("keeps the learner's typing when staff changed the record meanwhile, and saves on top of it", async () => {
    const learner = await aStudent(t, { values: { email: 'lama@contoh.test', city: 'Bekasi' } })
    const admin = await anAdmin(t)
    const city = await openPortfolio(learner, 'Kota')
    await waitFor(() => expect(city.value).toBe('Bekasi'))
    fireEvent.change(city, { target: { value: 'Cikarang' } })

    const fixed = await call(t, 'PUT', `/api/admin/students/${learner.studentId}`, {
      as: admin,
      body: { email: 'benar@contoh.test' },
    })
    expect(fixed.status).toBe(200)

    fireEvent.click(screen.getByRole('button', { name: 'Simpan profil' }))
    await screen.findByText(/sudah diubah orang lain sejak formulir dibuka/, {}, { timeout: 5000 })
    const stored = async () =>
      (await t.db.select().from(students).where(eq(students.id, learner.studentId)))[0]
    expect(await stored()).toMatchObject({ email: 'benar@contoh.test', city: 'Bekasi' })
    const email = () => screen.getByLabelText('E-mail kontak') as HTMLInputElement
    await waitFor(() => expect(email().value).toBe('benar@contoh.test'))
    expect((screen.getByLabelText('Kota') as HTMLInputElement).value).toBe('Cikarang')

    fireEvent.click(screen.getByRole('button', { name: 'Simpan profil' }))
    await waitFor(async () =>
      expect(await stored()).toMatchObject({ email: 'benar@contoh.test', city: 'Cikarang' }),
    )
  })

  /**
   * Staff move the learner to another class, a field this form does not show: the record's version moves
   * with no value of the form. The learner's save is refused once (the form cannot know what changed), and
   * the next "Simpan profil" is made on the version read again: it was refused for good before, since
   * only a change of the form's own values moved the version it sent.
   */
  it('saves after a refusal caused by a change to a field the form does not show', async () => {
    const learner = await aStudent(t, { values: { city: 'Bekasi' } })
    const admin = await anAdmin(t)
    const city = await openPortfolio(learner, 'Kota')
    await waitFor(() => expect(city.value).toBe('Bekasi'))
    fireEvent.change(city, { target: { value: 'Karawang' } })
    const moved = await call(t, 'PUT', `/api/admin/students/${learner.studentId}`, {
      as: admin,
      body: { class_name: 'XII TKR 3' },
    })
    expect(moved.status).toBe(200)

    // The profile's reads, counted on the client's way to the service.
    const served = globalThis.fetch
    let profileReads = 0
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init)
      const p = served(input, init)
      if (req.method === 'GET' && new URL(req.url).pathname === '/api/siswa/portfolio/profile')
        p.then(() => profileReads++)
      return p
    }) as typeof fetch
    const readsBefore = profileReads
    fireEvent.click(screen.getByRole('button', { name: 'Simpan profil' }))
    await screen.findByText(/sudah diubah orang lain sejak formulir dibuka/, {}, { timeout: 5000 })
    expect((screen.getByLabelText('Kota') as HTMLInputElement).value).toBe('Karawang')
    const stored = async () =>
      (await t.db.select().from(students).where(eq(students.id, learner.studentId)))[0]
    // Once the profile is read again, saved on its version.
    await waitFor(() => expect(profileReads).toBeGreaterThan(readsBefore), { timeout: 5000 })
    await new Promise((r) => setTimeout(r, 0))
    fireEvent.click(screen.getByRole('button', { name: 'Simpan profil' }))
    await waitFor(
      async () => expect(await stored()).toMatchObject({ city: 'Karawang', className: 'XII TKR 3' }),
      {
        timeout: 5000,
      },
    )
  })

  /**
   * HR reads a learner's skills and schooling on every application, and the service kept them, but no screen let
   * the learner write them (found in a browser audit of a learner's week). Now the profile form has both.
   */
  it('writes the skills and the schooling HR reads; a school without its name is refused under that field', async () => {
    const learner = await aStudent(t, { values: { skills: ['Servis berkala'], education: [] } })
    await openPortfolio(learner, 'Nomor telepon')
    const skills = screen.getAllByLabelText('Keahlian').find((e) => e.tagName === 'INPUT') as HTMLInputElement
    await waitFor(() => expect(screen.getByText('Servis berkala')).toBeTruthy())
    // One picked from the suggestions, as the field offers.
    fireEvent.click(skills)
    fireEvent.change(skills, { target: { value: 'Mikro' } })
    fireEvent.click(await screen.findByRole('option', { name: 'Mikrotik', hidden: true }))
    await waitFor(() => expect(screen.getAllByText('Mikrotik').length).toBeGreaterThan(0))

    fireEvent.click(screen.getByRole('button', { name: 'Tambah riwayat pendidikan' }))
    const row = await screen.findByRole('group', { name: 'Pendidikan 1' })
    const institution = row.querySelector('input[maxlength="150"]') as HTMLInputElement
    fireEvent.click(screen.getByRole('button', { name: 'Simpan profil' }))
    // No level nor school yet: refused, nothing stored.
    await waitFor(() => expect(institution.getAttribute('aria-invalid')).toBe('true'), { timeout: 5000 })
    const stored = async () =>
      (await t.db.select().from(students).where(eq(students.id, learner.studentId)))[0]
    expect((await stored()).skills).toEqual(['Servis berkala'])

    fireEvent.change(institution, { target: { value: 'SMP Negeri 3 Bekasi' } })
    const level = row.querySelector('input[aria-haspopup]') as HTMLInputElement
    fireEvent.click(level)
    fireEvent.click(await screen.findByRole('option', { name: 'SMP / sederajat', hidden: true }))
    fireEvent.click(screen.getByRole('button', { name: 'Simpan profil' }))
    await waitFor(async () => expect((await stored()).education).toHaveLength(1), { timeout: 5000 })
    expect(await stored()).toMatchObject({
      skills: ['Servis berkala', 'Mikrotik'],
      education: [expect.objectContaining({ level: 'SMP', institution: 'SMP Negeri 3 Bekasi' })],
    })
  })

  /**
   * Her e-mails about applications and tests go to "E-mail kontak" (else her login); password links stay with the
   * login. The field says so, as its description (read with it by a screen reader).
   */
  it('says what the contact e-mail is used for', async () => {
    const learner = await aStudent(t)
    const email = await openPortfolio(learner, 'E-mail kontak')
    const hint = screen.getByText(
      'Pemberitahuan lamaran dan undangan tes dikirim ke alamat ini; tautan kata sandi tetap ke e-mail login.',
    )
    expect(email.getAttribute('aria-describedby')?.split(' ')).toContain(hint.id)
  })
})
