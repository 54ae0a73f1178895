import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { apiAs, describeInBrowser, login, pick } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

/** A day `days` before today on the school's calendar: `[dd/mm/yyyy, yyyy-mm-dd]`. */
function daysAgo(days: number): [string, string] {
  const iso = new Date(Date.now() + 7 * 3_600_000 - days * 86_400_000).toISOString().slice(0, 10)
  const [y, m, d] = iso.split('-')
  return [`${d}/${m}/${y}`, iso]
}

interface Placement {
  id: number
  source: 'bursa' | 'outside'
  applicant: { fullName: string; nis: string }
  startDate: string | null
  status: string
  checkins: { monthMark: number; status: string; notes: string | null }[]
  nextCheckinDue: { monthMark: number; dueDate: string } | null
}

describeInBrowser('web client: following a placement up at 3, 6 and 12 months', () => {
  let svc: RunningService
  let page: Page
  /** HR's placement through bursa, accepted 100 days ago: its 3-month mark has come, the 6-month one not. */
  let hired: Placement

  const journey = useJourney()
  beforeAll(() => {
    ;({ svc, page } = journey)
  })

  const api = async (path: string) => (await apiAs(page, svc.url, path)).body
  /** Dates a placement back (no start date, no follow-up), as no screen does. */
  async function acceptedBack(id: number, days: number, startDays: number | null = null) {
    await svc.query('delete from placement_checkins where placement_id = $1', [id])
    await svc.query(
      `update placements set accepted_at = $2, start_date = $3, status = 'active', notes = null where id = $1`,
      [id, daysAgo(days)[1], startDays === null ? null : daysAgo(startDays)[1]],
    )
  }
  const toast = (text: string) => page.getByText(text).first().waitFor()

  it('hrd: records the 3-month follow-up of a placement in its dialog; it is stored and shown', async () => {
    await login(page, svc.url, 'hrd@demo.test')
    const list = await api('/api/hrd/job-placements?source=bursa&per_page=100')
    hired = list.data[0]
    expect(hired).toBeTruthy()
    await acceptedBack(hired.id, 100)
    expect((await api(`/api/hrd/job-placements/${hired.id}`)).data.nextCheckinDue).toEqual({
      monthMark: 3,
      dueDate: expect.any(String),
    })

    await page.goto(`${svc.url}/hrd/penempatan?search=${encodeURIComponent(hired.applicant.nis)}`)
    const row = page.getByRole('row').filter({ hasText: hired.applicant.fullName })
    await row.getByRole('button', { name: 'Pantau' }).click()
    const dialog = page.getByRole('dialog', { name: `Pemantauan ${hired.applicant.fullName}` })
    await dialog.getByText('Belum ada pemantauan yang dicatat.').waitFor()
    const checkin = dialog.getByRole('form', { name: 'Catat pemantauan' })
    // The mark due is the one offered.
    expect(await checkin.getByRole('combobox', { name: /^Bulan ke-/ }).inputValue()).toBe('3 bulan')
    await pick(page, 'Status', 'Kontrak diperpanjang', checkin)
    await checkin.getByLabel('Catatan').fill('Masa percobaan lulus; kontrak diperpanjang.')
    await checkin.getByRole('button', { name: 'Simpan pemantauan' }).click()
    await toast('Pemantauan penempatan berhasil dicatat.')

    const stored: Placement = (await api(`/api/hrd/job-placements/${hired.id}`)).data
    expect(stored.checkins).toEqual([
      expect.objectContaining({
        monthMark: 3,
        status: 'contract_extended',
        notes: 'Masa percobaan lulus; kontrak diperpanjang.',
      }),
    ])
    expect(stored.status).toBe('contract_extended')
    expect(stored.nextCheckinDue?.monthMark).toBe(6)
    // The dialog lists it and offers the next mark; the list behind shows the next follow-up.
    const recorded = dialog.getByRole('table', { name: 'Pemantauan tercatat' })
    await recorded.getByRole('row').filter({ hasText: 'Masa percobaan lulus' }).waitFor()
    expect(await recorded.textContent()).toContain('Kontrak diperpanjang')
    await expect
      .poll(() => checkin.getByRole('combobox', { name: /^Bulan ke-/ }).inputValue())
      .toBe('6 bulan')
    await expect.poll(() => row.innerText()).toContain('6 bulan')
  }, 90_000)

  it('hrd: a mark whose time has not come is refused under the month field; nothing is stored', async () => {
    const dialog = page.getByRole('dialog', { name: `Pemantauan ${hired.applicant.fullName}` })
    const checkin = dialog.getByRole('form', { name: 'Catat pemantauan' })
    await pick(page, 'Bulan ke-', '12 bulan', checkin)
    await checkin.getByRole('button', { name: 'Simpan pemantauan' }).click()
    const month = checkin.getByRole('combobox', { name: /^Bulan ke-/ })
    await expect.poll(() => month.getAttribute('aria-invalid')).toBe('true')
    // The field's own message (the one it is described by), not only a toast.
    const described = (await month.getAttribute('aria-describedby')) ?? ''
    const errorId = described.split(' ').find((id) => id.endsWith('error'))
    expect(await page.locator(`[id="${errorId}"]`).innerText()).toMatch(
      /pemantauan 12 bulan baru dapat dicatat mulai/,
    )
    const stored: Placement = (await api(`/api/hrd/job-placements/${hired.id}`)).data
    expect(stored.checkins.map((c) => c.monthMark)).toEqual([3])
  }, 60_000)

  it('hrd: records the start date and status of a placement through bursa', async () => {
    const dialog = page.getByRole('dialog', { name: `Pemantauan ${hired.applicant.fullName}` })
    const form = dialog.getByRole('form', { name: 'Data penempatan' })
    const start = form.getByRole('textbox', { name: /^Mulai bekerja/ })
    // Ten days ago: the 3-month follow-up recorded would fall in the future.
    await start.fill(daysAgo(10)[0])
    await form.getByLabel('Catatan').fill('Mulai di lini perakitan.')
    await form.getByRole('button', { name: 'Simpan data penempatan' }).click()
    await expect.poll(() => start.getAttribute('aria-invalid')).toBe('true')
    await form.getByText(/pemantauan 3 bulan sudah dicatat/).waitFor()
    expect((await api(`/api/hrd/job-placements/${hired.id}`)).data.startDate).toBeNull()

    const [typed, iso] = daysAgo(97)
    await start.fill(typed)
    await form.getByLabel('Catatan').fill('Mulai di lini perakitan.')
    await pick(page, 'Status', 'Karyawan tetap', form)
    await form.getByRole('button', { name: 'Simpan data penempatan' }).click()
    await toast('Data penempatan berhasil diperbarui.')
    const stored: Placement & { notes: string | null } = (await api(`/api/hrd/job-placements/${hired.id}`))
      .data
    expect({ start: stored.startDate, status: stored.status, notes: stored.notes }).toEqual({
      start: iso,
      status: 'permanent',
      notes: 'Mulai di lini perakitan.',
    })
    await dialog.getByText('Karyawan tetap', { exact: true }).first().waitFor()
    await page.getByRole('button', { name: 'Tutup', exact: true }).click()
    const row = page.getByRole('row').filter({ hasText: hired.applicant.fullName })
    await expect.poll(() => row.textContent()).toContain('Karyawan tetap')
  }, 60_000)

  it('admin: records the follow-up of a placement at an employer without HR from the staff screen', async () => {
    await login(page, svc.url, 'admin@demo.test')
    const outside: Placement = (await api('/api/admin/job-placements?source=outside&per_page=100')).data[0]
    expect(outside).toBeTruthy()
    await acceptedBack(outside.id, 200, 195)

    await page.goto(`${svc.url}/admin/penempatan?search=${encodeURIComponent(outside.applicant.nis)}`)
    const row = page.getByRole('row').filter({ hasText: outside.applicant.fullName })
    await row.getByRole('button', { name: 'Pantau' }).click()
    const dialog = page.getByRole('dialog', { name: `Pemantauan ${outside.applicant.fullName}` })
    const checkin = dialog.getByRole('form', { name: 'Catat pemantauan' })
    await checkin.waitFor()
    await pick(page, 'Bulan ke-', '6 bulan', checkin)
    await checkin.getByLabel('Catatan').fill('Dihubungi lewat telepon; masih bekerja.')
    await checkin.getByRole('button', { name: 'Simpan pemantauan' }).click()
    await toast('Pemantauan penempatan berhasil dicatat.')

    const stored: Placement = (await api(`/api/admin/job-placements/${outside.id}`)).data
    expect(stored.checkins).toEqual([
      expect.objectContaining({
        monthMark: 6,
        status: 'active',
        notes: 'Dihubungi lewat telepon; masih bekerja.',
      }),
    ])
    await dialog
      .getByRole('table', { name: 'Pemantauan tercatat' })
      .getByRole('row')
      .filter({ hasText: 'Dihubungi lewat telepon' })
      .waitFor()

    // Later the alumnus says they quit: staff record it (an employer outside bursa has no HR to).
    const data = dialog.getByRole('form', { name: 'Data penempatan' })
    await pick(page, 'Status', 'Mengundurkan diri', data)
    await data.getByLabel('Catatan').fill('Berhenti; pindah ke luar kota.')
    await data.getByRole('button', { name: 'Simpan data penempatan' }).click()
    await toast('Data penempatan berhasil diperbarui.')
    const quit: Placement & { notes: string | null } = (await api(`/api/admin/job-placements/${outside.id}`))
      .data
    expect({ status: quit.status, notes: quit.notes }).toEqual({
      status: 'resigned',
      notes: 'Berhenti; pindah ke luar kota.',
    })
  }, 90_000)

  it('admin: records the status and notes of a placement through bursa at a company left without HR', async () => {
    const placement: Placement & { company: { id: number } } = (
      await api('/api/admin/job-placements?source=bursa&per_page=100')
    ).data[0]
    expect(placement).toBeTruthy()
    const open = async () => {
      await page.goto(`${svc.url}/admin/penempatan?search=${encodeURIComponent(placement.applicant.nis)}`)
      await page
        .getByRole('row')
        .filter({ hasText: placement.applicant.fullName })
        .getByRole('button', { name: 'Pantau' })
        .click()
      const dialog = page.getByRole('dialog', { name: `Pemantauan ${placement.applicant.fullName}` })
      await dialog.getByRole('form', { name: 'Catat pemantauan' }).waitFor()
      return dialog
    }
    // The company's HR records it: staff are not offered the form.
    let dialog = await open()
    expect(await dialog.getByRole('form', { name: 'Data penempatan' }).count()).toBe(0)
    await page.getByRole('button', { name: 'Tutup', exact: true }).click()

    // The company's HR accounts are switched off: staff record it in their place (the API allowed it; the
    // dialog offered the form to HR only).
    await svc.query(`update users set is_active = false where company_id = $1 and role = 'hrd'`, [
      placement.company.id,
    ])
    dialog = await open()
    const form = dialog.getByRole('form', { name: 'Data penempatan' })
    await form.getByLabel('Catatan').fill('HRD perusahaan sedang kosong; dicatat BKK.')
    await pick(page, 'Status', 'Kontrak diperpanjang', form)
    await form.getByRole('button', { name: 'Simpan data penempatan' }).click()
    await toast('Data penempatan berhasil diperbarui.')
    const stored: Placement & { notes: string | null } = (
      await api(`/api/admin/job-placements/${placement.id}`)
    ).data
    expect({ status: stored.status, notes: stored.notes }).toEqual({
      status: 'contract_extended',
      notes: 'HRD perusahaan sedang kosong; dicatat BKK.',
    })
  }, 90_000)
})
