import type { Page, Response } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser, login } from './browser.js'
import { useJourney } from './journey-setup.js'

/** The error shown under the field labelled `label` (its label text starts with it), or null. */
const fieldError = (page: Page, label: string) =>
  page.evaluate((text) => {
    const l = [...document.querySelectorAll('main label, [role=dialog] label')].find(
      (x) => (x.textContent ?? '').trim().replace(/\s*\*$/, '') === text,
    )
    const err = l?.parentElement?.querySelector('[class*="InputWrapper-error"], [class*="-error"]')
    return err ? (err as HTMLElement).innerText.trim() : null
  }, label)

const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle').catch(() => {})
  await page.waitForTimeout(300)
}

/** Types a day `dd/mm/yyyy` into the date field labelled `label`. */
async function typeDate(page: Page, label: string, day: string) {
  const input = page.locator('main').getByLabel(label, { exact: true })
  await input.fill(day)
  await input.press('Enter')
  await input.press('Tab')
  await settle(page)
}

/** What the API answers while `act` runs: status and path of every 4xx/5xx. */
async function failuresDuring(page: Page, act: () => Promise<void>) {
  const failed: string[] = []
  const on = (r: Response) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`)
  }
  page.on('response', on)
  try {
    await act()
  } finally {
    page.off('response', on)
  }
  return failed
}

describeInBrowser('web client: what each role sees on the demo data', () => {
  const journey = useJourney()
  let page: Page
  let base: string
  beforeAll(() => {
    page = journey.page
    base = journey.svc.url
  })

  it("Kelulusan: the school's calendar year (the June just passed from July), a class or a major asked for in words, no button for a preview of nobody", async () => {
    await login(page, base, 'admin@demo.test')
    await page.goto(`${base}/admin/kelulusan`)
    await settle(page)
    // The school's calendar year: a graduation is recorded after the June it happened in, so from July it is the
    // June just passed (the class graduated on 13 July 2026 is of 2026), and the service refuses a later year.
    // (It proposed the next June from July, which stored a class graduated after the holidays a year ahead.)
    const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric' }).format(
      new Date(),
    )
    expect(await page.getByLabel('Tahun lulus').inputValue()).toBe(year)
    // Before the fix: the major's placeholder read "Semua kompetensi", and the preview with nothing chosen
    // answered "isi salah satu: class_name, major_id atau student_ids".
    expect(
      await page.getByRole('combobox', { name: 'Kompetensi keahlian' }).getAttribute('placeholder'),
    ).not.toBe('Semua kompetensi')
    const sent = await failuresDuring(page, async () => {
      await page.getByRole('button', { name: 'Tampilkan pratinjau' }).click()
      await settle(page)
    })
    expect(sent).toEqual([])
    const shown = await page.locator('main').innerText()
    expect(shown).toContain('Isi rombel atau pilih kompetensi keahlian.')
    expect(shown.match(/\b(class_name|major_id|student_ids)\b/g) ?? []).toEqual([])
    // Before the fix: a preview of nobody offered "Luluskan 0 siswa".
    await page.getByLabel('Rombel').fill('XII Tidak Ada 9')
    await page.getByRole('button', { name: 'Tampilkan pratinjau' }).click()
    await settle(page)
    await expect
      .poll(() => page.locator('main').innerText())
      .toContain('Tidak ada siswa kelas XII yang cocok dengan pilihan ini.')
    expect(await page.getByRole('button', { name: /^Luluskan/ }).count()).toBe(0)
  })

  it('Laporan: a "Sampai tanggal" before "Dari tanggal" is explained without the code date_from', async () => {
    await login(page, base, 'admin@demo.test')
    await page.goto(`${base}/admin/laporan`)
    await settle(page)
    await typeDate(page, 'Dari tanggal', '30/11/2026')
    await typeDate(page, 'Sampai tanggal', '01/11/2026')
    expect(new URL(page.url()).searchParams.get('date_to')).toBe('2026-11-01')
    // Before the fix: "tidak boleh sebelum date_from".
    expect(await fieldError(page, 'Sampai tanggal')).toBe('tidak boleh sebelum tanggal awal')
  })

  it('Jadwal tes and Validasi kehadiran: a "Sampai" date before "Dari" is explained at "Sampai", not by "Gagal memuat" over the list', async () => {
    const check = async (who: string, route: string, from: string, to: string) => {
      await login(page, base, `${who}@demo.test`)
      await page.goto(`${base}${route}`)
      await settle(page)
      await typeDate(page, from, '30/11/2026')
      // The calendar offers no day before "Dari"; a day typed before it is kept, and explained.
      await page.locator('main').getByLabel(to, { exact: true }).click()
      await expect
        .poll(() => page.getByRole('button', { name: '29 November 2026', exact: true }).isDisabled())
        .toBe(true)
      await typeDate(page, to, '01/11/2026')
      // Before the fix: "Gagal memuat · Data yang dikirim tidak valid · Coba lagi" in place of the list, nothing at "Sampai".
      expect(await fieldError(page, to)).toBe('tidak boleh sebelum tanggal awal')
      expect(await page.locator('main').innerText()).not.toContain('Gagal memuat')
    }
    await check('hrd', '/hrd/jadwal', 'Dari tanggal', 'Sampai tanggal')
    await check('admin', '/admin/kehadiran', 'Dari', 'Sampai')
  })

  it('Buat lowongan sent empty: "Batas lamaran" and "Perusahaan" ask for a value before sending, not "format YYYY-MM-DD antara tahun 1900 dan 2999" or "minimal 1"', async () => {
    const check = async (who: string, route: string, expected: Record<string, string>) => {
      await login(page, base, `${who}@demo.test`)
      await page.goto(`${base}${route}`)
      await settle(page)
      const sent = await failuresDuring(page, async () => {
        await page.locator('main').getByRole('button', { name: 'Simpan', exact: true }).click()
        await settle(page)
      })
      expect(sent).toEqual([])
      for (const [field, message] of Object.entries(expected))
        expect(await fieldError(page, field)).toBe(message)
    }
    await check('hrd', '/hrd/lowongan/baru', { 'Batas lamaran': 'Isi batas lamaran.' })
    await check('admin', '/admin/lowongan/baru', {
      Perusahaan: 'Pilih perusahaan.',
      'Batas lamaran': 'Isi batas lamaran.',
    })
  })

  it('Penempatan: a start before the acceptance day is explained with an Indonesian date, not 2026-09-21', async () => {
    await login(page, base, 'admin@demo.test')
    await page.goto(`${base}/admin/penempatan`)
    await settle(page)
    // The demo's placement found outside bursa (Arif Hidayat, accepted 21 September of this year).
    await page.getByRole('button', { name: 'Ubah', exact: true }).first().click()
    const dialog = page.getByRole('dialog')
    const accepted = await dialog.getByLabel(/^Tanggal diterima/).inputValue()
    const [dd, mm, yyyy] = accepted.split('/')
    const start = dialog.getByLabel('Mulai bekerja', { exact: true })
    await start.fill(`01/${mm}/${yyyy}`)
    await start.press('Enter')
    await start.press('Tab')
    await dialog.getByRole('button', { name: 'Simpan', exact: true }).click()
    await settle(page)
    // Before the fix: "tidak boleh sebelum tanggal diterima (2026-09-21)".
    const month = new Intl.DateTimeFormat('id-ID', { month: 'long', timeZone: 'UTC' }).format(
      new Date(`${yyyy}-${mm}-${dd}T00:00:00Z`),
    )
    expect(await fieldError(page, 'Mulai bekerja')).toBe(
      `tidak boleh sebelum tanggal diterima (${Number(dd)} ${month} ${yyyy})`,
    )
  })

  it('Validasi kehadiran: a test that has not begun waits outside the queue, and Beranda counts what the queue holds', async () => {
    // The demo's upcoming test: its participants' attendance is still to be validated, once it has taken place.
    const upcoming = (
      await journey.svc.query(
        `select distinct ts.name from test_participants tp join test_schedules ts on ts.id = tp.test_schedule_id
        where tp.validation_status = 'pending' and ts.status <> 'cancelled' and ts.scheduled_at > now()`,
      )
    ).map((r) => r.name)
    expect(upcoming.length).toBeGreaterThan(0)

    await login(page, base, 'admin@demo.test')
    const token = (await page.evaluate(() => localStorage.getItem('access_token'))) as string
    const res = await fetch(`${base}/api/admin/attendances/queue?per_page=100`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const queue = (await res.json()) as {
      data: { schedule: { scheduledAt: string } }[]
      meta: { total: number }
    }
    // Before the fix: the upcoming test's four participants were in the queue, each with "Sahkan" (a 422).
    expect(queue.data.filter((r) => Date.parse(r.schedule.scheduledAt) > Date.now())).toEqual([])
    await page.goto(`${base}/admin/kehadiran`)
    await settle(page)
    const main = await page.locator('main').innerText()
    for (const name of upcoming) expect(main).not.toContain(name)
    // Before the fix: Beranda counted them too.
    await page.goto(`${base}/admin`)
    await settle(page)
    const card = await page
      .locator('.mantine-Card-root')
      .filter({ hasText: /Kehadiran menunggu validasi/i })
      .innerText()
    expect(
      card
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)[1],
    ).toBe(String(queue.meta.total))
  })

  it('Staff opening an HR screen with no company chosen see the banner only, and nothing is sent', async () => {
    await login(page, base, 'admin@demo.test')
    // Before the fix: each screen's calls were refused (422) and it showed "Gagal memuat: Data yang dikirim tidak valid".
    for (const route of ['/hrd/pelamar', '/hrd/jadwal', '/hrd/jadwal/baru', '/hrd/hasil']) {
      const failed = await failuresDuring(page, async () => {
        await page.goto(`${base}${route}`)
        await settle(page)
      })
      const main = await page.locator('main').innerText()
      expect(main).toContain('Pilih perusahaan terlebih dahulu')
      expect({ route, failed, loadFailed: main.includes('Gagal memuat') }).toEqual({
        route,
        failed: [],
        loadFailed: false,
      })
    }
  })
})
