/**
 * The web client for a screen reader, the keyboard alone and a small screen, in Debian's chromium against the
 * real service with the demo data (no axe-core: playwright's own aria snapshot, role queries and the
 * keyboard). Each test asserts what a student on a phone, HR or BKK staff meets. Before the fix: dialogs and
 * toasts closed by an unnamed button, one page title for every screen, no skip link, identical checkbox
 * names, a countdown read aloud every second, silent form errors, an English password toggle, and the
 * account menu off a 320 px screen.
 */
import type { Locator, Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser, login } from './browser.js'
import { useJourney } from './journey-setup.js'

/** Controls in an aria snapshot that a screen reader announces without any name ("button", "tombol"). */
const unnamed = async (root: Locator) =>
  (await root.ariaSnapshot())
    .split('\n')
    .filter((l) => /^\s*- (button|link|checkbox|textbox|combobox)( \[[^\]]*\])*:?$/.test(l))
    .map((l) => l.trim())

const focused = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement
    if (!e || e === document.body) return { inMain: false, tag: 'BODY', name: '' }
    return {
      inMain: !!e.closest('main'),
      tag: e.tagName,
      name: e.getAttribute('aria-label') ?? e.textContent?.trim() ?? '',
    }
  })

describeInBrowser('web client: accessibility for screen reader, keyboard and small-screen users', () => {
  const journey = useJourney()
  let page: Page
  let url: string
  beforeAll(() => {
    page = journey.page
    url = journey.svc.url
  })

  it('every dialog has a named close button (the apply dialog opens with focus on a button called nothing)', async () => {
    await login(page, url, 'siswa@demo.test')
    await page.goto(`${url}/lowongan`)
    await page.getByRole('link', { name: 'Mekanik Junior Kendaraan Ringan' }).click()
    await page.getByRole('button', { name: 'Lamar sekarang' }).click()
    const dialog = page.getByRole('dialog', { name: 'Kirim lamaran' })
    await dialog.getByRole('button', { name: 'Kirim lamaran' }).waitFor()
    // What a screen reader says first: the focused element as the dialog opens.
    const first = await focused(page)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    expect({ first, unnamed: await unnamedAfterReopen() }).toEqual({
      first: expect.objectContaining({ name: expect.stringMatching(/\S/) }),
      unnamed: [],
    })
    async function unnamedAfterReopen() {
      await page.getByRole('button', { name: 'Lamar sekarang' }).click()
      await dialog.getByRole('button', { name: 'Batal' }).waitFor()
      const found = await unnamed(dialog)
      await page.keyboard.press('Escape')
      return found
    }
  }, 60_000)

  it('a date field\'s clear button and calendar arrows have names (portfolio: "Tanggal lahir")', async () => {
    await login(page, url, 'siswa@demo.test')
    await page.goto(`${url}/portofolio`)
    const profile = page.getByRole('region', {
      name: 'Biodata, kontak, keahlian, pendidikan dan media sosial',
    })
    const date = profile.getByRole('textbox', { name: 'Tanggal lahir' })
    await date.waitFor()
    // The ✕ that empties the field: "button", nothing more.
    const clear = await unnamed(profile)
    // Its calendar: the previous and next month arrows are "button" too.
    await date.click()
    await page
      .getByRole('button', { name: /^\d{1,2} Maret 2009$/ })
      .first()
      .waitFor()
    const calendar = await unnamed(page.locator('body'))
    await page.keyboard.press('Escape')
    expect({ clear, calendar }).toEqual({ clear: [], calendar: [] })
  }, 60_000)

  it('each screen has its own page title (a screen reader hears which page opened; tabs tell apart)', async () => {
    await login(page, url, 'siswa@demo.test')
    const titles: Record<string, string> = {}
    for (const [path, heading] of [
      ['/lowongan', 'Lowongan untuk Anda'],
      ['/lamaran', 'Lamaran saya'],
      ['/portofolio', 'Portofolio'],
      ['/check-in', 'Check-in tes'],
    ]) {
      await page.goto(`${url}${path}`)
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      titles[path] = await page.title()
    }
    expect(new Set(Object.values(titles)).size, JSON.stringify(titles)).toBe(4)
  }, 60_000)

  it('keyboard: BKK staff reach the page content without tabbing through the whole menu (no skip link)', async () => {
    await login(page, url, 'admin@demo.test')
    await page.goto(`${url}/admin/kehadiran`)
    await page.getByRole('heading', { level: 1, name: 'Validasi kehadiran tes' }).waitFor()
    await page
      .getByRole('checkbox', { name: /^Pilih / })
      .first()
      .waitFor()
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    // A keyboard user's first stops: a "skip to content" link, or the content itself, within three.
    const stops: string[] = []
    let reached = false
    for (let i = 0; i < 3 && !reached; i++) {
      await page.keyboard.press('Tab')
      const f = await focused(page)
      stops.push(f.name)
      if (f.inMain) reached = true
      if (f.tag === 'A' && /lewati|langsung ke|ke isi|konten/i.test(f.name)) {
        await page.keyboard.press('Enter')
        await page.keyboard.press('Tab')
        reached = (await focused(page)).inMain
      }
    }
    expect(reached, `first Tab stops: ${stops.join(' | ')}`).toBe(true)
  }, 60_000)

  it('HR ticking applicants for "Loloskan terpilih": each box names which application it picks', async () => {
    await login(page, url, 'hrd@demo.test')
    await page.goto(`${url}/hrd/pelamar?status=pending`)
    const boxes = page.getByRole('table').getByRole('checkbox', { name: /^Pilih / })
    await boxes.first().waitFor()
    const names: string[] = []
    for (const box of await boxes.all()) names.push((await box.getAttribute('aria-label')) ?? '')
    // Yoga Prasetyo applied to two vacancies: two boxes both read "Pilih Yoga Prasetyo".
    const twice = names.filter((n, i) => names.indexOf(n) !== i)
    expect(twice).toEqual([])
  }, 60_000)

  it('the check-in code panel is not read aloud every second (aria-live countdown)', async () => {
    await login(page, url, 'hrd@demo.test')
    const token = await page.evaluate(() => localStorage.getItem('access_token'))
    const call = async (method: string, path: string, body?: unknown) =>
      (
        await fetch(`${url}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
      ).json()
    const reviews = await call('GET', '/api/hrd/applicant-reviews?status=in_progress&search=Andi&per_page=50')
    const andi = reviews.data.find(
      (a: { applicant: { fullName: string } }) => a.applicant.fullName === 'Andi Pratama',
    )
    const created = await call('POST', '/api/hrd/test-schedules', {
      job_vacancy_id: andi.vacancy.id,
      name: 'Wawancara check-in',
      kind: 'wawancara',
      scheduled_at: new Date(Date.now() + 30 * 60_000).toISOString(),
      location: 'Ruang BKK',
      duration_minutes: 60,
      application_ids: [andi.id],
    })
    await page.goto(`${url}/hrd/jadwal/${created.data.id}`)
    await page.getByTestId('check-in-code').first().waitFor()
    const live = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('[aria-live]:not([aria-live="off"])')].map((e) => e.textContent ?? ''),
      )
    const before = await live()
    await page.waitForTimeout(2500)
    // What the live regions say changed within 2.5 s: each change is spoken (every second, all day).
    expect(await live()).toEqual(before)
  }, 60_000)

  it('pressing "Unggah" without a file: the student with a screen reader is told what is missing', async () => {
    await login(page, url, 'siswa@demo.test')
    await page.goto(`${url}/portofolio`)
    const upload = page.getByRole('form', { name: 'Unggah berkas portofolio' })
    await upload.getByRole('button', { name: 'Unggah' }).focus()
    await page.keyboard.press('Enter')
    await upload.getByText('Pilih berkas.').waitFor()
    const f = await page.evaluate(() => ({
      invalidFocused: document.activeElement?.getAttribute('aria-invalid') === 'true',
      focused: document.activeElement?.textContent,
      announced: [
        ...document.querySelectorAll('[role=alert],[role=status],[aria-live=assertive],[aria-live=polite]'),
      ]
        .map((e) => e.textContent ?? '')
        .some((t) => /Pilih berkas|Isi judul/.test(t)),
    }))
    // Focus stays on "Unggah" and nothing is announced: the messages sit silently under the fields.
    expect(f.invalidFocused || f.announced, JSON.stringify(f)).toBe(true)
  }, 60_000)

  it('the toast after HR\'s "Lolos" has a named close button', async () => {
    await login(page, url, 'hrd@demo.test')
    await page.goto(`${url}/hrd/pelamar?status=pending`)
    await page.getByRole('link', { name: 'Reza Pahlevi' }).click()
    await page.getByRole('button', { name: 'Lolos', exact: true }).click()
    const toast = page.getByRole('alert').filter({ hasText: 'Pelamar lolos seleksi berkas.' })
    await toast.waitFor()
    // Its ✕ is a button with no name ("button"), a Tab stop of its own after the page's last control.
    expect(await unnamed(toast)).toEqual([])
  }, 60_000)

  it('the password field\'s show/hide button speaks Indonesian like the page (lang="id")', async () => {
    await page.goto(`${url}/login`)
    await page.evaluate(() => localStorage.removeItem('access_token'))
    await page.goto(`${url}/login`)
    await page.getByRole('textbox', { name: 'Kata sandi' }).waitFor()
    const toggle = page.locator('.mantine-PasswordInput-visibilityToggle')
    expect(await toggle.getAttribute('aria-label')).toMatch(/kata sandi/i) // "Toggle password visibility"
  }, 60_000)

  it('HR on a 320 px phone: the header keeps the account menu on screen', async () => {
    await login(page, url, 'hrd@demo.test')
    await page.setViewportSize({ width: 320, height: 640 })
    try {
      await page.goto(`${url}/hrd/pelamar`)
      const menu = page.getByRole('button', { name: 'Menu akun' })
      await menu.waitFor()
      const box = await menu.boundingBox()
      // Its right edge at 355 px: "Budi Santoso (HRD P" cut off by the screen, no ellipsis.
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(320)
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 })
    }
  }, 60_000)
})
