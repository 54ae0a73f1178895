/**
 * What a form and a paged list keep while their screen works, in Debian's chromium against the real service
 * on a fresh database with the demo data: a student's typed biodata survives uploading and deleting a file;
 * HR's double click on "Lolos" reviews once, and HR's ticked applicants are let go after a bulk review; the
 * admin's list of students moves to its last page when the page it shows has emptied (or the URL asks for
 * `?page=99`), lets go of the students it made alumni, and says which ticked student stopped an upgrade.
 */
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser, login } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

describeInBrowser('web client: forms and paged lists keep what they should', () => {
  let svc: RunningService
  let page: Page

  const journey = useJourney()
  beforeAll(() => {
    ;({ svc, page } = journey)
  })

  /** The students' list range under the table (`16–23 dari 23`). */
  const range = () => page.getByText(/^\d+–\d+ dari \d+$/)
  const pageInUrl = () => new URL(page.url()).searchParams.get('page')

  it('siswa: biodata typed but not yet saved survives uploading and deleting a file on the same screen', async () => {
    await login(page, svc.url, 'siswa@demo.test')
    await page.goto(`${svc.url}/portofolio`)
    const heading = page.getByRole('heading', { name: /Berkas \(\d+\)/ })
    await heading.waitFor()
    const held = Number((await heading.innerText()).match(/\d+/)?.[0])
    // The student corrects the city, then (before "Simpan profil") uploads a certificate.
    const city = page.getByLabel('Kota', { exact: true })
    await city.fill('Kota Baru Diketik')
    await page.getByRole('textbox', { name: 'Judul', exact: true }).fill('Sertifikat las')
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'sertifikat.pdf', mimeType: 'application/pdf', buffer: PDF })
    await page.getByRole('button', { name: 'Unggah' }).click()
    await page.getByRole('heading', { name: `Berkas (${held + 1})` }).waitFor()
    expect(await city.inputValue()).toBe('Kota Baru Diketik')

    // And deletes it again: still what was typed.
    await page.getByRole('button', { name: 'Hapus Sertifikat las', exact: true }).click()
    await page.getByRole('dialog', { name: 'Hapus berkas?' }).getByRole('button', { name: 'Hapus' }).click()
    await page.getByRole('heading', { name: `Berkas (${held})` }).waitFor()
    expect(await city.inputValue()).toBe('Kota Baru Diketik')

    // Saved, the form shows the biodata as stored.
    await page.getByRole('button', { name: 'Simpan profil' }).click()
    await page.getByText('Profil disimpan.').waitFor()
    expect(await city.inputValue()).toBe('Kota Baru Diketik')
  }, 60_000)

  it('hrd: a double click on "Lolos" reviews once and shows no error', async () => {
    await login(page, svc.url, 'hrd@demo.test')
    await page.goto(`${svc.url}/hrd/pelamar?status=pending`)
    const first = page.locator('main a[href^="/hrd/pelamar/"]').first()
    await first.waitFor()
    await first.click()
    const lolos = page.getByRole('button', { name: 'Lolos', exact: true })
    await lolos.waitFor()
    const reviews: number[] = []
    const seeReview = (r: { request(): { method(): string }; url(): string; status(): number }) => {
      if (r.request().method() === 'PATCH' && r.url().includes('/review')) reviews.push(r.status())
    }
    page.on('response', seeReview)
    await lolos.dblclick()
    await page.getByText('Pelamar lolos seleksi berkas.').waitFor()
    await page.waitForTimeout(1500)
    page.off('response', seeReview)
    expect(reviews).toEqual([200])
    expect(await page.getByText('Gagal', { exact: true }).count()).toBe(0)
  }, 60_000)

  it('hrd: applicants passed in bulk are no longer ticked for the next bulk review', async () => {
    await page.goto(`${svc.url}/hrd/pelamar?status=pending`)
    await page
      .getByRole('checkbox', { name: /^Pilih (?!semua)/ })
      .first()
      .check()
    await page.getByText('1 dipilih', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Loloskan terpilih', exact: true }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Ya, proses 1 lamaran' }).click()
    await page.getByText('1 dari 1 lamaran diproses.').waitFor()
    await page.getByText('0 dipilih', { exact: true }).waitFor()
    expect(await page.getByRole('button', { name: 'Loloskan terpilih', exact: true }).isDisabled()).toBe(true)
  }, 60_000)

  it('admin: after every student of the last page is made alumni, the list shows the last page left', async () => {
    await login(page, svc.url, 'admin@demo.test')
    await page.goto(`${svc.url}/admin/siswa?page=2`)
    await range().waitFor()
    expect(await range().innerText()).toBe('16–23 dari 23')
    await page.getByRole('checkbox', { name: 'Pilih semua' }).check()
    await page.getByRole('button', { name: 'Jadikan alumni (8)' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Jadikan alumni' }).click()
    await page.getByText('8 siswa menjadi alumni.').waitFor()
    // Page 2 has emptied: page 1 of 1 in its place (not "Tidak ada data." over "16–15 dari 15").
    await page.getByText('1–15 dari 15', { exact: true }).waitFor()
    expect(await page.locator('main').innerText()).not.toContain('Tidak ada data.')
    expect(pageInUrl()).toBeNull()

    // A link to a page past the last one opens the last page, in place of the page asked for.
    await page.goto(`${svc.url}/admin/siswa?page=99`)
    await page.getByText('1–15 dari 15', { exact: true }).waitFor()
    expect(pageInUrl()).toBeNull()
    expect(await page.locator('main').innerText()).not.toContain('Tidak ada data.')
  }, 60_000)

  it('admin: a student made alumni is no longer ticked, nor is one ticked on another view', async () => {
    await page.goto(`${svc.url}/admin/siswa`)
    const rows = page.getByRole('checkbox', { name: /^Pilih .+ \(NIS [^)]+\)$/ })
    await rows.first().waitFor()
    await rows.first().check()
    await page.getByRole('button', { name: 'Jadikan alumni (1)' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Jadikan alumni' }).click()
    await page.getByText('1 siswa menjadi alumni.').waitFor()
    await page.getByRole('button', { name: 'Jadikan alumni (0)' }).waitFor()

    // The next one picked is the only one sent, and goes through.
    await rows.first().check()
    await page.getByRole('button', { name: 'Jadikan alumni (1)' }).click()
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/admin/alumni/upgrade'))
    await page.getByRole('dialog').getByRole('button', { name: 'Jadikan alumni' }).click()
    expect((await answer).status()).toBe(200)
    await page.getByRole('button', { name: 'Jadikan alumni (0)' }).waitFor()

    // A search is another view: what was ticked before it is let go.
    await rows.first().check()
    await page.getByRole('button', { name: 'Jadikan alumni (1)' }).waitFor()
    await page.getByRole('textbox', { name: 'Cari' }).fill('a')
    await page.getByRole('button', { name: 'Cari', exact: true }).click()
    await page.getByRole('button', { name: 'Jadikan alumni (0)' }).waitFor()
  }, 60_000)

  it('admin: an upgrade refused for a ticked student says which one and why', async () => {
    await page.goto(`${svc.url}/admin/siswa`)
    const box = page.getByRole('checkbox', { name: /^Pilih .+ \(NIS [^)]+\)$/ }).first()
    await box.waitFor()
    // The student as the list names them ("Pilih Andi Pratama (NIS …)"): the refusal names them so, not by the
    // id behind the row.
    const [, name, nis] =
      /^Pilih (.+) \(NIS ([^)]+)\)$/.exec((await box.getAttribute('aria-label')) ?? '') ?? []
    expect(name).toBeTruthy()
    const [{ id }] = await svc.query('select id from students where nis = $1', [nis])
    await box.check()
    await page.getByRole('button', { name: 'Jadikan alumni (1)' }).click()
    // Meanwhile another admin makes the same student alumni.
    const token = await page.evaluate(() => localStorage.getItem('access_token'))
    const year = new Date().getFullYear()
    const other = await fetch(`${svc.url}/api/admin/alumni/upgrade`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ student_ids: [id], graduation_year: year }),
    })
    expect(other.status).toBe(200)
    await page.getByRole('dialog').getByRole('button', { name: 'Jadikan alumni' }).click()
    // The envelope's message, and the student (by name) and reason it names (`student_ids.0`).
    await page.getByText('Tidak ada siswa yang dijadikan alumni', { exact: false }).waitFor()
    await page.getByText(`${name}: Sudah menjadi alumni (lulus ${year}).`, { exact: false }).waitFor()
  }, 60_000)
})
