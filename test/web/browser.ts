import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Debian's chromium, headless, with a fresh profile. */
export async function openBrowser(viewport = { width: 1280, height: 800 }) {
  const profile = mkdtempSync(join(tmpdir(), 'bursa-chromium-'))
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  return {
    context,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

export async function login(page: Page, base: string, email: string) {
  await page.goto(`${base}/login`)
  await page.evaluate(() => localStorage.removeItem('access_token'))
  await page.goto(`${base}/login`)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Kata sandi').fill('password123')
  await page.getByRole('button', { name: 'Masuk' }).click()
  await page.waitForURL((u) => !u.pathname.startsWith('/login'))
}

/** Picks `option` in the Mantine Select labelled `label` (a required field's label ends in " *"), within `root`. */
export async function pick(page: Page, label: string, option: string | RegExp, root: Page | Locator = page) {
  await root
    .getByLabel(new RegExp(`^${label}( \\*)?$`))
    .first()
    .click()
  await page.getByRole('option', { name: option }).first().click()
}
