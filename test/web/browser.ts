import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import {
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core'
import { describe, it } from 'vitest'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * The browser journeys, in Debian's chromium. A missing chromium is a missing prerequisite: the run fails
 * and says how to install it, never skips silently. Only outside CI may `SKIP_BROWSER_TESTS=1` leave the
 * journeys out, and then they are reported as skipped with that reason.
 */
export function describeInBrowser(name: string, body: () => void) {
  if (existsSync(CHROMIUM)) return describe(name, body)
  const missing = `chromium is missing at ${CHROMIUM} (CHROMIUM_PATH); the browser tests need it. Install it: apt-get update && apt-get install -y chromium`
  if (process.env.SKIP_BROWSER_TESTS === '1' && process.env.CI !== 'true') {
    console.warn(`${name}: skipped (SKIP_BROWSER_TESTS=1): ${missing}`)
    return describe.skip(`${name} (skipped: SKIP_BROWSER_TESTS=1, no chromium)`, body)
  }
  return describe(name, () => {
    it('needs chromium', () => {
      throw new Error(
        process.env.CI === 'true'
          ? `${missing}. Under CI=true the browser tests always run.`
          : `${missing}, or set SKIP_BROWSER_TESTS=1 to leave the browser tests out of this run.`,
      )
    })
  })
}

/**
 * `UPDATE_SCREENS=1` rewrites the README's screenshots (docs/screens/*.png) and the first-load figures
 * (test/web/perf.json); otherwise both go to a temporary folder and the work tree stays as it was.
 */
export const UPDATE_SCREENS = process.env.UPDATE_SCREENS === '1'
const repo = resolve(import.meta.dirname, '../..')
/** Without UPDATE_SCREENS: one folder, overwritten by each run (to look at, never accumulating). */
const scratch = join(tmpdir(), 'bursa-web-artefacts')
/** Where an artefact that lives at `path` (from the repository's root) is written in this run. */
export function artefactPath(path: string): string {
  return UPDATE_SCREENS ? resolve(repo, path) : scratchPath(path)
}
function scratchPath(path: string): string {
  const file = join(scratch, path)
  mkdirSync(resolve(file, '..'), { recursive: true })
  return file
}

/** The screenshots the README shows: only these are rewritten in the work tree by UPDATE_SCREENS=1. */
const readmeScreens = new Set(
  [...readFileSync(resolve(repo, 'README.md'), 'utf8').matchAll(/docs\/screens\/([\w-]+)\.png/g)].map(
    (m) => m[1],
  ),
)

/**
 * A screenshot of the page: docs/screens/<name>.png with UPDATE_SCREENS=1 when the README shows it, a
 * temporary file otherwise (a journey's other screenshots are for looking at, never committed).
 */
export const shot = (page: Page, name: string) =>
  page.screenshot({
    path: readmeScreens.has(name)
      ? artefactPath(`docs/screens/${name}.png`)
      : scratchPath(`docs/screens/${name}.png`),
  })

/** A phone as a browser context sees it: a touch screen, a mobile viewport and its pixel density. */
export type Device = Pick<BrowserContextOptions, 'isMobile' | 'hasTouch' | 'deviceScaleFactor'>

/**
 * Debian's chromium, headless, with a fresh profile, in Jakarta's time zone. Its language is English unless
 * told: the client must read Indonesian (dates `dd/mm/yyyy`, 24-hour times) whatever the browser speaks.
 * A desktop with a mouse unless `device` says otherwise (a touch phone).
 */
export async function openBrowser(
  viewport = { width: 1280, height: 800 },
  locale = 'en-US',
  timezoneId = 'Asia/Jakarta',
  device: Device = {},
) {
  const profile = mkdtempSync(join(tmpdir(), 'bursa-chromium-'))
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    locale,
    timezoneId,
    ...device,
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
  await page.getByRole('textbox', { name: 'Kata sandi' }).fill('password123')
  await page.getByRole('button', { name: 'Masuk' }).click()
  await page.waitForURL((u) => !u.pathname.startsWith('/login'))
}

/**
 * What the API answers (status and JSON body) to whoever is signed in on `page`, for a test to set up or check
 * what the screens stored: `path` under the service at `base`, and a JSON `body` when given.
 */
export async function apiAs(page: Page, base: string, path: string, method = 'GET', body?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('access_token'))
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: await res.json() }
}

/** The token the tab holds (null when signed out). */
export const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('access_token'))

/**
 * Ends the session `page` holds from elsewhere, as "Keluar" on another computer does (or as the token expiring
 * would): its token is revoked, the tab does not know yet.
 */
export async function endSessionElsewhere(page: Page, base: string) {
  // The screen's own reads done first: one still on its way would meet the ended session before the step the
  // test takes next, and the prompt would cover the page already.
  await page.waitForLoadState('networkidle')
  const res = await fetch(`${base}/api/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await tokenOf(page)}`, 'content-type': 'application/json' },
    body: '{}',
  })
  if (res.status !== 200) throw new Error(`logout answered ${res.status}`)
}

/** A vacancy the learner signed in on `page` may apply to (its id). */
export async function anOpenVacancy(page: Page, base: string): Promise<number> {
  const list = await apiAs(page, base, '/api/job-vacancies?per_page=100')
  for (const v of list.body.data) {
    if ((await apiAs(page, base, `/api/job-vacancies/${v.id}`)).body.data.canApply) return v.id
  }
  throw new Error('no vacancy open to this learner')
}

/** The cover letter the session-lapse journeys type. */
export const LETTER = 'Dengan hormat, saya Andi Pratama, siswa kelas XII TKR, dengan ini melamar ...'

/**
 * Andi (siswa) types `LETTER` in the apply form of a vacancy open to him; his session ends elsewhere; he presses
 * "Kirim lamaran" and the password prompt comes up over the kept screen. Answers the vacancy and the prompt.
 */
export async function lapseWhileApplying(page: Page, base: string) {
  await login(page, base, 'siswa@demo.test')
  const id = await anOpenVacancy(page, base)
  await page.goto(`${base}/lowongan/${id}`)
  await page.getByRole('button', { name: 'Lamar sekarang' }).click()
  await page.getByLabel('Surat lamaran (opsional)').fill(LETTER)
  await endSessionElsewhere(page, base)
  await page.getByRole('button', { name: 'Kirim lamaran' }).click()
  const prompt = page.getByRole('dialog', { name: 'Sesi Anda berakhir' })
  await prompt.getByText('siswa@demo.test').waitFor()
  return { id, prompt }
}

/** Picks `option` in the Mantine Select labelled `label` (a required field's label ends in " *"), within `root`. */
export async function pick(page: Page, label: string, option: string | RegExp, root: Page | Locator = page) {
  const field = root.getByLabel(new RegExp(`^${label}( \\*)?$`)).first()
  await field.click()
  // A searchable list is narrowed to the option first: in a long one (the companies), the option scrolled into
  // view was re-rendered away under the click while the screen's other lists loaded (seen once in a full run).
  if (typeof option === 'string' && (await field.isEditable())) await field.fill(option)
  await page.getByRole('option', { name: option }).first().click()
}
