import { tmpdir } from 'node:os'
import { resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { type Device, openBrowser } from './browser.js'
import { type RunningService, startService } from './server.js'

export interface Journey {
  /** The service (`npm start` on a fresh database with the demo data). */
  readonly svc: RunningService
  readonly browser: Awaited<ReturnType<typeof openBrowser>>
  /** One page for the whole journey: its steps follow each other like a user's. */
  readonly page: Page
}

/**
 * What every browser journey sets up, registered once in its describe block: the service, chromium and
 * one page before the first step; a screenshot of the page when a step fails (its path printed); the
 * browser and the service stopped after the last step.
 */
export function useJourney(
  opts: {
    viewport?: { width: number; height: number }
    locale?: string
    /** The browser's own time zone (Asia/Jakarta unless told). */
    timezoneId?: string
    /** A touch phone rather than a desktop with a mouse. */
    device?: Device
    /** Added to the service's environment. */
    env?: Record<string, string>
  } = {},
): Journey {
  const state = {} as { svc: RunningService; browser: Journey['browser']; page: Page }

  beforeAll(async () => {
    state.svc = await startService(opts.env)
    state.browser = await openBrowser(opts.viewport, opts.locale, opts.timezoneId, opts.device)
    state.page = await state.browser.context.newPage()
  }, 240_000)

  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail' || !state.page) return
    const file = resolve(tmpdir(), `bursa-web-failed-${ctx.task.name.replace(/\W+/g, '-').slice(0, 60)}.png`)
    await state.page.screenshot({ path: file }).catch(() => {})
    console.log(`failed at ${state.page.url()}; screenshot ${file}`)
  })

  afterAll(async () => {
    await state.browser?.close()
    await state.svc?.stop()
  }, 60_000)

  return {
    get svc() {
      return state.svc
    },
    get browser() {
      return state.browser
    },
    get page() {
      return state.page
    },
  }
}
