/**
 * A save refused at a list of checkboxes puts the focus in that list, as a refusal at a text field or a select
 * does, in Debian's chromium against the real service with the demo data. HR saving a test schedule with no
 * participant ticked met the message under the list, but the focus fell to <body> and a screen reader read only
 * the toast "Gagal. Data yang dikirim tidak valid." (accessibility audit). The message is worded for HR too: it was
 * the schema's "minimal 1 item".
 */
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser, login } from './browser.js'
import { useJourney } from './journey-setup.js'

describeInBrowser('a refusal at a list of checkboxes is where the focus goes', () => {
  const journey = useJourney()
  let page: Page
  let url: string
  beforeAll(() => {
    page = journey.page
    url = journey.svc.url
  })

  it('no participant ticked: the focus goes to the first participant, the list says what to do', async () => {
    await login(page, url, 'hrd@demo.test')
    await page.goto(`${url}/hrd/jadwal/baru`)
    await page.getByRole('heading', { level: 1, name: 'Buat jadwal tes' }).waitFor()
    await page.getByRole('combobox', { name: /^Lowongan/ }).click()
    await page.getByRole('option', { name: 'Program Magang Teknisi Perakitan' }).click()
    const all = page.getByRole('checkbox', { name: 'Pilih semua peserta' })
    await all.waitFor()
    if (await all.isChecked()) await all.click()
    await page.getByRole('textbox', { name: /^Nama agenda/ }).fill('Wawancara susulan')
    await page.getByRole('textbox', { name: /^Tanggal tes/ }).fill('20/12/2026')
    await page.keyboard.press('Escape')
    await page.getByRole('spinbutton', { name: 'Jam' }).fill('09')
    await page.getByRole('spinbutton', { name: 'Menit' }).fill('00')
    await page.getByRole('textbox', { name: /^Tempat/ }).fill('Ruang BKK')
    await page.getByRole('button', { name: 'Simpan jadwal' }).click()
    await page.getByRole('alert').filter({ hasText: 'Gagal' }).waitFor()
    await page.waitForTimeout(500)

    const group = page.getByRole('group', { name: /^Peserta/ })
    const first = group.getByRole('checkbox').first()
    const seen = await page.evaluate(() => {
      const e = document.activeElement as HTMLElement | null
      const group = e?.closest('[role=group]')
      const described = (group?.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)
      return {
        focused: !e || e === document.body ? 'BODY' : e.getAttribute('type'),
        groupMessage: described.map((id) => document.getElementById(id)?.textContent).join(' '),
      }
    })
    expect({ ...seen, onFirst: await first.evaluate((e) => e === document.activeElement) }).toEqual({
      focused: 'checkbox',
      groupMessage: 'pilih paling sedikit satu',
      onFirst: true,
    })
  }, 90_000)
})
