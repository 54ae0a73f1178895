/**
 * The roster import sends its file with a fetch of its own (roster-import-page.tsx `sendRoster`): its 401 comes
 * to the session as every call's does, so the prompt hides the roster's preview (learners' names, NISN, birth
 * dates). Before, it only toasted an error over the readable preview (found by the audit of the prompt).
 */
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser, endSessionElsewhere, login } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

const stamp = String(Date.now()).slice(-6)
const header = 'NISN;NIS;Nama;JK;Tempat Lahir;Tanggal Lahir;Rombel;Jurusan'
const row = `08${stamp}01;Q${stamp}1;Rara Anindita;P;Bandung;14/03/2008;XII RPL ${stamp};RPL`

describeInBrowser('web client, a lapsed session: the roster import meets a lapsed session', () => {
  let svc: RunningService
  let page: Page
  const journey = useJourney({ locale: 'en-US' })
  beforeAll(() => {
    ;({ svc, page } = journey)
  })

  it("the import's 401 asks for the password over the screen, as every other call does", async () => {
    // An admin previews a roster, is called away; the session is ended elsewhere (or expires). Back at the
    // screen, the admin presses "Impor 1 siswa". Before: a toast "Anda belum login atau sesi Anda tidak valid."
    // and the roster's preview stays readable and clickable (pressing again only toasts again). Should: the
    // "Sesi Anda berakhir" prompt hides the screen and asks for the password, keeping the chosen file.
    await login(page, svc.url, 'admin@demo.test')
    await page.goto(`${svc.url}/admin/impor-siswa`)
    await page.locator('input[type=file]').setInputFiles({
      name: 'rombel.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([header, row].join('\r\n')),
    })
    const preview = page.getByLabel('Pratinjau impor')
    await preview.getByText('1 baru').waitFor()
    await endSessionElsewhere(page, svc.url)
    await preview.getByRole('button', { name: /^Impor \d+ siswa$/ }).click()
    await page.getByText('sesi Anda tidak valid').first().waitFor()
    await page.waitForTimeout(500)
    expect(await page.getByRole('dialog', { name: 'Sesi Anda berakhir' }).count()).toBe(1)
    // Meanwhile the students' data of the ended session is not readable.
    expect(await page.getByRole('cell', { name: 'Rara Anindita' }).count()).toBe(0)
  }, 90_000)
})
