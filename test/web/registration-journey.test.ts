/**
 * A company signs up, in Debian's chromium against the real service on a fresh database with the demo
 * data and e-mail on (a real SMTP server on loopback): from the login page's "Daftar di sini" the contact
 * fills the form (the service's field messages shown first), confirms the e-mail by the link it received,
 * and the career center approves the request in "Pendaftaran perusahaan"; the contact then receives the
 * link to set the HR account's password, and the new company reads "Lowongan perlu persetujuan".
 */
import { tmpdir } from 'node:os'
import { resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { eventually, startSmtp } from '../support/smtp.js'
import { describeInBrowser, login, openBrowser, shot } from './browser.js'
import { type RunningService, startService } from './server.js'

describeInBrowser('web client: a company signs up and the career center approves it', () => {
  let svc: RunningService
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let browser: Awaited<ReturnType<typeof openBrowser>>
  let page: Page
  const company = `PT Journey Sejahtera ${process.pid}`
  const contact = `rina.${process.pid}@journey.test`

  beforeAll(async () => {
    smtp = await startSmtp()
    // The service is a child process that reads its settings from the environment it is given.
    const before = process.env.SMTP_URL
    process.env.SMTP_URL = smtp.url
    try {
      svc = await startService()
    } finally {
      if (before === undefined) delete process.env.SMTP_URL
      else process.env.SMTP_URL = before
    }
    browser = await openBrowser()
    page = await browser.context.newPage()
  }, 240_000)

  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail' || !page) return
    const file = resolve(tmpdir(), `bursa-web-failed-${ctx.task.name.replace(/\W+/g, '-').slice(0, 60)}.png`)
    await page.screenshot({ path: file }).catch(() => {})
    console.log(`failed at ${page.url()}; screenshot ${file}`)
  })

  afterAll(async () => {
    await browser?.close()
    await svc?.stop()
    await smtp?.close()
  }, 60_000)

  const mailTo = (to: string, subject: RegExp) =>
    eventually(async () => smtp.received.find((m) => m.to.includes(to) && subject.test(m.subject)), 30_000)
  const input = (label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`))

  it('the contact registers from the login page (field messages first) and is told to confirm', async () => {
    await page.goto(`${svc.url}/login`)
    await page.getByRole('link', { name: 'Daftar di sini' }).click()
    await page.waitForURL(/\/daftar-perusahaan$/)
    await page.getByRole('heading', { name: 'Daftar sebagai perusahaan mitra' }).waitFor()

    // Sent half-filled: the service's messages appear under their fields.
    await input('Nama perusahaan').fill(company)
    await input('E-mail narahubung').fill('rina@')
    await page.getByRole('button', { name: 'Kirim pendaftaran' }).click()
    await page.getByText('Periksa kembali isian yang ditandai.').waitFor()
    await page.getByText('harus berupa alamat e-mail yang valid').waitFor()
    expect(await page.getByText('wajib diisi').count()).toBeGreaterThanOrEqual(5)
    await shot(page, 'perusahaan-daftar-isian')

    await input('Bidang usaha').fill('Manufaktur')
    await input('E-mail perusahaan').fill(`info.${process.pid}@journey.test`)
    await input('Telepon perusahaan').fill('021-5550101')
    await input('Kota/kabupaten').fill('Karawang')
    await input('Provinsi').fill('Jawa Barat')
    await input('Alamat').fill('Jl. Industri Raya No. 5')
    await input('Nama narahubung').fill('Rina Hartati')
    await input('E-mail narahubung').fill(contact)
    await input('Telepon narahubung').fill('0812-3456-7890')
    await page.getByRole('button', { name: 'Kirim pendaftaran' }).click()
    await page.getByText(`Buka tautan yang kami kirim ke ${contact} untuk mengonfirmasi e-mail.`).waitFor()
    await shot(page, 'perusahaan-daftar')
  }, 60_000)

  it('the link in the e-mail confirms it', async () => {
    const mail = await mailTo(contact, /^Konfirmasi pendaftaran/)
    const token = /konfirmasi\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1]
    expect(token).toBeTruthy()
    await page.goto(`${svc.url}/daftar-perusahaan/konfirmasi?token=${token}`)
    await page.getByText('E-mail dikonfirmasi. Pendaftaran diteruskan ke petugas BKK.').waitFor()
    await page.getByText(company).first().waitFor()
  }, 60_000)

  it('the career center sees it in its queue and approves it; the contact gets the set-password link', async () => {
    await login(page, svc.url, 'admin@demo.test')
    await page.getByRole('link', { name: 'Pendaftaran perusahaan' }).click()
    await page.waitForURL(/\/admin\/pendaftaran-perusahaan$/)
    // The demo's waiting registration and this one.
    await page.getByRole('tab', { name: /^Menunggu persetujuan \(2\)$/ }).waitFor()
    const row = page.getByRole('row').filter({ hasText: company })
    await row.waitFor()
    expect(await row.innerText()).toContain(contact)
    await shot(page, 'admin-pendaftaran-perusahaan')
    await row.getByRole('button', { name: 'Periksa' }).click()

    const dialog = page.getByRole('dialog', { name: 'Pendaftaran perusahaan' })
    await dialog.getByText('Rina Hartati').waitFor()
    await dialog.getByText('Jl. Industri Raya No. 5').waitFor()
    await shot(page, 'admin-pendaftaran-perusahaan-periksa')
    await dialog.getByRole('button', { name: 'Setujui' }).click()
    await page
      .getByRole('dialog', { name: 'Setujui pendaftaran?' })
      .getByRole('button', { name: 'Setujui' })
      .click()
    await page
      .getByText('Pendaftaran disetujui. Tautan untuk membuat kata sandi dikirim ke e-mail narahubung.')
      .first()
      .waitFor()
    await dialog
      .getByText(`Perusahaan ${company} dan akun HRD ${contact} dibuat.`, { exact: false })
      .waitFor()
    await page.keyboard.press('Escape')

    // Out of the queue (the demo's request still waits), into "Disetujui".
    await page.getByRole('tab', { name: /^Menunggu persetujuan \(1\)$/ }).waitFor()
    await page.getByRole('tab', { name: /^Disetujui/ }).click()
    await page.getByRole('row').filter({ hasText: company }).waitFor()

    const mail = await mailTo(contact, /disetujui$/)
    expect(mail.text).toMatch(/\/atur-kata-sandi\?email=/)

    // The company exists, active, and its vacancies wait for approval.
    await page.getByRole('link', { name: 'Perusahaan', exact: true }).click()
    await page.waitForURL(/\/admin\/perusahaan$/)
    await page.getByRole('heading', { name: 'Perusahaan mitra' }).waitFor()
    const companyRow = page.getByRole('row').filter({ hasText: company })
    await companyRow.waitFor()
    await companyRow.getByText('Lowongan perlu persetujuan').waitFor()
    await companyRow.getByText('Aktif', { exact: true }).waitFor()
  }, 90_000)
})
