/**
 * HR of a partner company doing the week's work on a 390×844 Android phone (touch), in Debian's chromium against
 * the real service with the demo data (found by an audit of HR on a phone). What was typed in a long form is not
 * thrown away by the phone's Back (an edge swipe), the bell or pull-to-refresh without a question (`LeaveGuard`);
 * after a confirmation whose button is then switched off the focus goes to the screen's heading, not to <body>
 * (`useFocusBack`); an applicant's CV on a slow connection says it is coming and is downloaded once (`FileLink`);
 * a company's "Situs web" brings up the keyboard for a web address. Component tests of the same:
 * test/screens/leave-unsaved-forms.test.ts, focus-back-switched-off.test.ts, file-link-busy.test.ts.
 */
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser, login } from './browser.js'
import { useJourney } from './journey-setup.js'

const PHONE = { width: 390, height: 844 }

/** What has the focus, once a dialog's closing is over: 'BODY' when nothing does. */
const focused = async (page: Page) => {
  await page.waitForTimeout(400)
  return page.evaluate(() => {
    const e = document.activeElement
    return !e || e === document.body ? 'BODY' : `${e.tagName}: ${(e.textContent ?? '').trim().slice(0, 60)}`
  })
}

describeInBrowser('HR on a 390 px Android phone', () => {
  const journey = useJourney({
    viewport: PHONE,
    device: { isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
  })
  let page: Page
  let base: string
  /** The browser's own questions (`beforeunload`), in order. */
  const browserAsked: string[] = []
  beforeAll(() => {
    page = journey.page
    base = journey.svc.url
    // A step's next address (the login) goes, whatever the last one left unsaved: the browser's question accepted.
    page.on('dialog', (d) => {
      browserAsked.push(d.type())
      void (d.type() === 'beforeunload' ? d.accept() : d.dismiss())
    })
  })

  it("Buat lowongan: a description typed on the phone is not thrown away without a question by the phone's Back or the bell", async () => {
    await login(page, base, 'hrd@demo.test')
    await page.goto(`${base}/hrd/lowongan`)
    await page.getByRole('link', { name: 'Buat lowongan' }).tap()
    await page.waitForURL(/\/hrd\/lowongan\/baru$/)
    const description = page.getByLabel(/^Deskripsi/)
    await description.tap()
    await description.fill('Mengoperasikan mesin bubut CNC, membaca gambar kerja, merawat mesin harian.')

    // The phone's Back (a swipe from the screen's edge on Android, easily made while scrolling a long form).
    await page.goBack()
    await page.waitForTimeout(800)
    const afterBack = {
      path: new URL(page.url()).pathname,
      asked: await page.getByRole('dialog', { name: 'Tinggalkan tanpa menyimpan?' }).count(),
    }

    // The bell in the header, tapped when a notice comes in while typing.
    await page.goto(`${base}/hrd/lowongan/baru`)
    await page.getByLabel(/^Deskripsi/).fill('Teks yang diketik lagi.')
    // Chrome's pull-to-refresh (a thumb scrolling up past the top of the form) reloads the page: the browser
    // asks first only when the page says it holds unsaved text (a cancelled beforeunload).
    const reloadAsks = await page.evaluate(() => {
      const e = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(e)
      return e.defaultPrevented
    })
    await page.getByRole('link', { name: /^Notifikasi, / }).tap()
    await page.waitForTimeout(800)
    const afterBell = {
      path: new URL(page.url()).pathname,
      asked: await page.getByRole('dialog', { name: 'Tinggalkan tanpa menyimpan?' }).count(),
    }
    // Was { path: '/hrd/lowongan', asked: 0 } and { path: '/notifikasi', asked: 0 }, the text gone, and a reload
    // (pull-to-refresh) went ahead without the browser's question.
    expect({ afterBack, afterBell, reloadAsks }).toEqual({
      afterBack: { path: '/hrd/lowongan/baru', asked: 1 },
      afterBell: { path: '/hrd/lowongan/baru', asked: 1 },
      reloadAsks: true,
    })
    // "Lanjutkan mengisi" keeps the text; "Tinggalkan" goes where the bell leads.
    const ask = page.getByRole('dialog', { name: 'Tinggalkan tanpa menyimpan?' })
    await ask.getByRole('button', { name: 'Lanjutkan mengisi' }).tap()
    await ask.waitFor({ state: 'detached' })
    expect(await page.getByLabel(/^Deskripsi/).inputValue()).toBe('Teks yang diketik lagi.')
    await page.getByRole('link', { name: /^Notifikasi, / }).tap()
    await ask.getByRole('button', { name: 'Tinggalkan' }).tap()
    await page.waitForURL(/\/notifikasi$/)
  }, 90_000)

  it("Buat jadwal tes: the date, time, place and notes picked on the phone are not thrown away without a question by the phone's Back", async () => {
    await login(page, base, 'hrd@demo.test')
    await page.goto(`${base}/hrd/jadwal`)
    await page.getByRole('link', { name: 'Buat jadwal' }).tap()
    await page.waitForURL(/\/hrd\/jadwal\/baru$/)
    await page.getByLabel(/^Nama agenda/).fill('Psikotes gelombang 2')
    await page.getByLabel(/^Tempat/).fill('Aula BKK lantai 2')
    await page.getByLabel(/^Keterangan/).fill('Peserta membawa alat tulis dan kartu pelajar.')
    await page.goBack()
    await page.waitForTimeout(800)
    // Was: back at /hrd/jadwal with nothing asked, the form gone.
    expect({
      path: new URL(page.url()).pathname,
      asked: await page.getByRole('dialog', { name: 'Tinggalkan tanpa menyimpan?' }).count(),
    }).toEqual({ path: '/hrd/jadwal/baru', asked: 1 })
    expect(await page.getByLabel(/^Tempat/).inputValue()).toBe('Aula BKK lantai 2')
    await page.getByRole('button', { name: 'Tinggalkan' }).tap()
    await page.waitForURL(/\/hrd\/jadwal$/)

    // The form opened from its address (a bookmark, a link in a chat): Back leaves the page itself, and the browser
    // asks first (here accepted).
    await page.goto(`${base}/hrd/jadwal/baru`)
    await page.getByLabel(/^Tempat/).fill('Aula BKK lantai 2')
    browserAsked.length = 0
    await page.goBack()
    await page.waitForURL(/\/hrd\/jadwal$/)
    expect(browserAsked).toEqual(['beforeunload'])
  }, 90_000)

  it('Hasil seleksi: after "Umumkan" in the confirmation, the focus is not dropped to the page (the button that opened it is switched off)', async () => {
    await login(page, base, 'hrd@demo.test')
    // The test held two days ago (demo data): its participants' results, one of them scored and accepted.
    await page.goto(`${base}/hrd/jadwal`)
    await page
      .getByRole('link', { name: /Tes praktik jaringan dan PLC dasar/ })
      .first()
      .tap()
    await page.getByRole('link', { name: 'Isi nilai peserta tes ini' }).tap()
    await page.waitForURL(/\/hrd\/hasil/)
    await page.getByRole('button', { name: 'Isi nilai' }).first().tap()
    const dialog = page.getByRole('dialog')
    for (const [name, value] of [
      ['Psikotes', '80'],
      ['Wawancara', '85,5'],
      ['Nilai akhir', '84'],
    ]) {
      await dialog.getByLabel(name, { exact: true }).fill(value)
    }
    await dialog.getByLabel('Keputusan', { exact: true }).tap()
    await page.getByRole('option', { name: 'Diterima', exact: true }).tap()
    const chooser = page.waitForEvent('filechooser')
    await dialog.getByRole('button', { name: /^Surat keputusan/ }).tap()
    await (await chooser).setFiles({
      name: 'surat-keputusan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
    })
    await dialog.getByRole('button', { name: 'Simpan' }).tap()
    await dialog.waitFor({ state: 'detached' })

    const publish = page.getByRole('button', { name: 'Umumkan hasil' })
    await expect.poll(() => publish.isEnabled()).toBe(true)
    await publish.tap()
    const confirm = page.getByRole('dialog', { name: 'Umumkan hasil seleksi?' })
    await confirm.getByRole('button', { name: 'Umumkan' }).tap()
    await confirm.waitFor({ state: 'detached' })
    await page
      .getByText(/hasil diumumkan/)
      .first()
      .waitFor()
    // Was 'BODY' (TalkBack started again from the top of the page): the button had the focus back, then was off.
    expect(await focused(page)).toBe('H1: Hasil seleksi')
    expect(await publish.isDisabled()).toBe(true)
  }, 120_000)

  it('Seleksi berkas: after "Ya, proses" of a bulk "tidak lolos", the focus is not dropped to the page', async () => {
    await login(page, base, 'hrd@demo.test')
    await page.goto(`${base}/hrd/pelamar?status=pending`)
    const first = page.getByRole('checkbox', { name: /^Pilih .+, / }).first()
    await first.waitFor()
    await first.tap()
    await page.getByRole('button', { name: 'Nyatakan terpilih tidak lolos' }).tap()
    const dialog = page.getByRole('dialog', { name: 'Nyatakan pelamar terpilih tidak lolos?' })
    await dialog.getByLabel('Catatan (opsional)').fill('Kualifikasi belum memenuhi.')
    await dialog.getByRole('button', { name: /^Ya, proses 1 lamaran/ }).tap()
    await dialog.waitFor({ state: 'detached' })
    await page
      .getByText(/lamaran diproses/)
      .first()
      .waitFor()
    // Was 'BODY': the button that opened the dialog is switched off (nothing ticked any more).
    expect(await focused(page)).toBe('H1: Seleksi berkas pelamar')
  }, 90_000)

  it("Seleksi berkas, an applicant's CV on a slow phone connection: a second tap while it downloads does not download it again", async () => {
    await login(page, base, 'hrd@demo.test')
    await page.goto(`${base}/hrd/pelamar`)
    await page.getByRole('table').getByRole('link').first().tap()
    const file = page.getByRole('button', { name: /^Unduh / }).first()
    await file.waitFor()
    // A mobile connection: the file takes a few seconds to come.
    let requests = 0
    await page.route(/\/api\/.*(files|download)/, async (route) => {
      requests++
      await new Promise((r) => setTimeout(r, 3000))
      await route.continue()
    })
    try {
      const downloads: string[] = []
      page.on('download', (d) => downloads.push(d.suggestedFilename()))
      await file.tap()
      await page.waitForTimeout(1000)
      // The link says the file is coming (it looked as before, and took a second tap).
      const busy = await file.evaluate(
        (b) =>
          b.getAttribute('aria-busy') === 'true' ||
          (b as HTMLButtonElement).disabled ||
          b.getAttribute('data-loading') !== null ||
          b.querySelector('.mantine-Loader-root') !== null,
      )
      await file.tap({ timeout: 2000 }).catch(() => {})
      await page.waitForTimeout(7000)
      // Was { busy: false, requests: 2, downloads: 2 } (the CV twice in Downloads, twice the data).
      expect({ busy, requests, downloads: downloads.length }).toEqual({
        busy: true,
        requests: 1,
        downloads: 1,
      })
      expect(await file.getAttribute('aria-busy')).toBeNull()
    } finally {
      await page.unroute(/\/api\/.*(files|download)/)
    }
  }, 90_000)

  it('Daftar perusahaan: "Situs web" brings up the keyboard for a web address, and the service still says what it takes', async () => {
    await page.goto(`${base}/daftar-perusahaan`)
    const site = page.getByLabel('Situs web')
    await site.waitFor()
    expect(await site.evaluate((e) => [e.getAttribute('type'), e.getAttribute('inputmode')])).toEqual([
      'url',
      'url',
    ])
    await page.getByLabel(/^Nama perusahaan/).fill('PT Contoh Presisi')
    await site.tap()
    await site.fill('www.contoh.co.id')
    await page.getByRole('button', { name: 'Kirim pendaftaran' }).tap()
    // Not stopped by the browser's own check of a URL: the service's message, under the field.
    await expect.poll(() => site.getAttribute('aria-invalid')).toBe('true')
    await page.getByText(/harus alamat web lengkap yang diawali https:\/\//).waitFor()
    // Typed and not sent: the way back to the login asks first.
    await page.getByRole('link', { name: 'Kembali ke halaman masuk' }).tap()
    await page.getByRole('dialog', { name: 'Tinggalkan tanpa menyimpan?' }).waitFor()
    await page.getByRole('button', { name: 'Tinggalkan' }).tap()
    // Left (HR is still signed in in this journey, so the login page sends it on to HR's home at once: waiting
    // for "/login" itself raced that redirect on a loaded machine).
    await page.waitForURL((url) => !url.pathname.startsWith('/daftar-perusahaan'))
    expect(new URL(page.url()).pathname).toMatch(/^\/(login|hrd)$/)
  }, 60_000)
})
