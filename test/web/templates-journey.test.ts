import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser, login } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

describeInBrowser('web client: the school rewords its messages in the browser', () => {
  let svc: RunningService
  let page: Page

  const journey = useJourney()
  beforeAll(() => {
    ;({ svc, page } = journey)
  })

  /** A call to the API as a demo account (what no screen of this journey needs to show). */
  async function apiAs(email: string, method: string, path: string, body?: unknown) {
    const login = await fetch(`${svc.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'password123' }),
    })
    const { data } = await login.json()
    const res = await fetch(`${svc.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${data.token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    })
    return { status: res.status, body: await res.json() }
  }

  const title = () => page.getByLabel(/^Judul/)
  const body = () => page.getByLabel(/^Isi pesan/)
  const preview = () => page.getByRole('region', { name: 'Pratinjau' })

  it('admin: the list shows every message at its default; an unknown placeholder is refused at its field', async () => {
    await login(page, svc.url, 'admin@demo.test')
    await page.getByRole('navigation').getByRole('link', { name: 'Template pesan' }).click()
    await page.waitForURL(/\/admin\/template-pesan$/)
    await page.getByRole('heading', { name: 'Template pesan' }).waitFor()
    const row = page.getByRole('row').filter({ hasText: 'Lamaran baru masuk (untuk HRD atau petugas BKK)' })
    await row.getByText('Teks bawaan').waitFor()
    await row.getByText('Notifikasi aplikasi').waitFor()
    expect(await page.getByRole('row').count()).toBeGreaterThan(6)
    // No status badge is cut off ("Teks baw…") in its narrow column.
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('.mantine-Badge-root')]
        .filter((b) => {
          const l = b.querySelector('.mantine-Badge-label') ?? b
          return l.scrollWidth > l.clientWidth + 1 || b.scrollWidth > b.clientWidth + 1
        })
        .map((b) => b.textContent),
    )
    expect(cut).toEqual([])

    await row.getByRole('link', { name: 'Lamaran baru masuk (untuk HRD atau petugas BKK)' }).click()
    await page.waitForURL(/\/admin\/template-pesan\/application\.received$/)
    expect(await title().inputValue()).toBe('Lamaran baru: {{lowongan}}')
    // The preview fills the examples of the saved (default) text.
    await preview().getByText('Lamaran baru: Teknisi Listrik Pabrik').waitFor()
    await preview()
      .getByText(
        'Rina Marlina melamar Teknisi Listrik Pabrik di PT Sinar Jaya Abadi. Lamaran menunggu seleksi berkas.',
      )
      .waitFor()

    await title().fill('Pelamar baru {{nama_siswa}}')
    await page
      .getByText(
        'placeholder tidak dikenal: {{nama_siswa}}. Yang dapat dipakai: {{nama}}, {{nama_pelamar}}, {{lowongan}}',
      )
      .waitFor()
    await preview().getByText('Perbaiki isian yang ditandai merah di formulir.').waitFor()
  }, 90_000)

  it('admin: a chip inserts its placeholder at the cursor, the preview follows, and the save sticks', async () => {
    await title().fill('Pelamar baru untuk ')
    await title().press('End')
    await page.getByRole('button', { name: 'Sisipkan {{lowongan}}' }).click()
    expect(await title().inputValue()).toBe('Pelamar baru untuk {{lowongan}}')

    await body().fill('Halo , ada lamaran baru.')
    // The cursor after "Halo " (five characters in), then the chip of the recipient's name. The cursor is
    // back in the field, after the placeholder, before the click's task ends (not a frame later, when the
    // user may already be typing elsewhere).
    const caret = await body().evaluate((el: HTMLTextAreaElement) => {
      el.setSelectionRange(5, 5)
      document.querySelector<HTMLElement>('[aria-label="Sisipkan {{nama}}"]')?.click()
      return { focused: document.activeElement === el, at: el.selectionStart, value: el.value }
    })
    expect(caret).toEqual({ focused: true, at: 13, value: 'Halo {{nama}}, ada lamaran baru.' })
    await body().press('End')
    await body().pressSequentially(' Dari {{nama_pelamar}}.')
    expect(await body().inputValue()).toBe('Halo {{nama}}, ada lamaran baru. Dari {{nama_pelamar}}.')
    await preview().getByText('Pelamar baru untuk Teknisi Listrik Pabrik').waitFor()
    await preview().getByText('Halo Dewi Lestari, ada lamaran baru. Dari Rina Marlina.').waitFor()
    await page.getByText('Ada perubahan yang belum disimpan.').waitFor()

    await page.getByRole('button', { name: 'Simpan' }).click()
    await page.getByText('Template pesan berhasil disimpan.').waitFor()
    await page.getByText('Diubah sekolah').first().waitFor()
    await page.getByText(/Terakhir diubah .* oleh /).waitFor()
    expect(await page.getByText('Ada perubahan yang belum disimpan.').count()).toBe(0)
    // The default stays in view for comparison.
    await page.getByRole('region', { name: 'Teks bawaan' }).getByText('Lamaran baru: {{lowongan}}').waitFor()

    await page.reload()
    expect(await title().inputValue()).toBe('Pelamar baru untuk {{lowongan}}')
  }, 90_000)

  it("the next application: HR reads the notice in the school's wording", async () => {
    const list = await apiAs('siswa@demo.test', 'GET', '/api/job-vacancies?search=Mekanik%20Junior')
    const vacancy = list.body.data.find(
      (v: { title: string }) => v.title === 'Mekanik Junior Kendaraan Ringan',
    )
    const applied = await apiAs('siswa@demo.test', 'POST', `/api/job-vacancies/${vacancy.id}/apply`, {})
    expect(applied.status).toBe(201)

    await login(page, svc.url, 'hrd@demo.test')
    await page.goto(`${svc.url}/notifikasi`)
    const notice = page.getByText('Pelamar baru untuk Mekanik Junior Kendaraan Ringan')
    await notice.waitFor()
    await page
      .getByText(/^Halo Budi Santoso \(HRD PT Astra Otoparts\), ada lamaran baru\. Dari .+\.$/)
      .waitFor()
  }, 90_000)

  it('admin: "Kembalikan ke teks bawaan" asks first, then the default applies again', async () => {
    await login(page, svc.url, 'admin@demo.test')
    await page.goto(`${svc.url}/admin/template-pesan?customised=true`)
    const rows = page.getByRole('row').filter({ hasText: 'Diubah sekolah' })
    await rows.first().waitFor()
    expect(await rows.count()).toBe(1)
    await rows.getByRole('link', { name: 'Lamaran baru masuk (untuk HRD atau petugas BKK)' }).click()
    await page.getByRole('button', { name: 'Kembalikan ke teks bawaan' }).click()
    const dialog = page.getByRole('dialog', { name: 'Kembalikan ke teks bawaan?' })
    await dialog.getByRole('button', { name: 'Kembalikan' }).click()
    await page.getByText('Template pesan dikembalikan ke teks bawaan.').waitFor()
    expect(await title().inputValue()).toBe('Lamaran baru: {{lowongan}}')
    await page.getByText('Teks bawaan', { exact: true }).first().waitFor()
    expect(await page.getByRole('button', { name: 'Kembalikan ke teks bawaan' }).count()).toBe(0)
    const saved = await apiAs('admin@demo.test', 'GET', '/api/admin/message-templates/application.received')
    expect(saved.body.data).toMatchObject({ customised: false, title: 'Lamaran baru: {{lowongan}}' })
  }, 90_000)
})
