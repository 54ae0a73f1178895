/**
 * The Content-Security-Policy as a browser applies it, in Debian's chromium against the real service (npm
 * start's src/main.ts, demo data): the web client's inline early-fetch script and the Swagger UI page at
 * /docs run without a single violation, and the page refuses to be framed.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeInBrowser, login, openBrowser } from '../web/browser.js'
import { type RunningService, startService } from '../web/server.js'

/** Every CSP violation and console error the page reports, collected from its first script on. */
async function watch(page: Page) {
  const problems: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`)
  })
  page.on('pageerror', (e) => problems.push(`error: ${e.message}`))
  await page.exposeFunction('__cspViolation', (text: string) => problems.push(`csp: ${text}`))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      ;(window as unknown as { __cspViolation(t: string): void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sample}`,
      )
    })
  })
  return problems
}

describeInBrowser('Content-Security-Policy in the browser', () => {
  let svc: RunningService
  let browser: Awaited<ReturnType<typeof openBrowser>>

  beforeAll(async () => {
    svc = await startService()
    browser = await openBrowser()
  }, 300_000)
  afterAll(async () => {
    await browser?.close()
    await svc?.stop()
  })

  it('the web client runs, its inline early fetch included, without a violation', async () => {
    const page = await browser.context.newPage()
    const problems = await watch(page)
    await login(page, svc.url, 'siswa@demo.test')
    await page.goto(`${svc.url}/lowongan`)
    await page
      .getByRole('heading', { name: /lowongan/i })
      .first()
      .waitFor()
    // The inline script in index.html ran (it is what leaves window.__bursaEarly behind).
    expect(await page.evaluate(() => typeof (window as { __bursaEarly?: unknown }).__bursaEarly)).toBe(
      'object',
    )
    expect(problems).toEqual([])
    await page.close()
  }, 120_000)

  it('/docs renders Swagger UI with the API under its policy', async () => {
    const page = await browser.context.newPage()
    const problems = await watch(page)
    await page.goto(`${svc.url}/docs`)
    await page.locator('.swagger-ui .info .title').filter({ hasText: 'bursa API' }).waitFor()
    await page.locator('.opblock-tag', { hasText: 'auth' }).first().waitFor()
    expect(problems).toEqual([])
    await page.close()
  }, 120_000)

  it('another site cannot frame the web client', async () => {
    const page = await browser.context.newPage()
    const problems: string[] = []
    page.on('console', (m) => problems.push(m.text()))
    await page.setContent(`<iframe id="f" src="${svc.url}/login"></iframe>`)
    await page.waitForTimeout(1500)
    const frame = page.frames().find((f) => f.url().startsWith(svc.url))
    // Blocked: chromium leaves the frame on an error page (or no document of ours at all).
    const framed = frame
      ? await frame
          .locator('#root')
          .count()
          .catch(() => 0)
      : 0
    expect(framed).toBe(0)
    await page.close()
  }, 60_000)
})
