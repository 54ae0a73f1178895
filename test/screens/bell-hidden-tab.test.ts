// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useTestApp } from '../support/app.js'
import { aStudent } from '../support/builders/accounts.js'
import { signedInTo } from '../support/screen.js'
import { renderInLayout } from './in-layout'

/**
 * A session left unused for TOKEN_IDLE_HOURS ends (a browser closed without "Keluar" at the school's lab), but a
 * tab left open asked the bell's count every minute, hidden or not, and so kept its session alive for the token's
 * 7 days: the next person at that computer found the learner signed in. The bell now asks while the tab is in view,
 * and once more when it comes back.
 */
const t = useTestApp()
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  localStorage.clear()
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' })
})

const setVisibility = (state: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state })
  document.dispatchEvent(new Event('visibilitychange'))
}

describe("the bell's count in a tab left open", () => {
  it('is not asked every minute while the tab is hidden; it is asked when the tab comes back', async () => {
    const learner = await aStudent(t)
    signedInTo(t, learner.token as string)
    const asked: string[] = []
    const answer = globalThis.fetch
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input)
      if (url.includes('/api/notifications')) asked.push(url)
      return answer(input, init)
    }) as typeof fetch
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    renderInLayout('/notifikasi-kosong', { '/notifikasi-kosong': h('p', null, 'Halaman') })
    await screen.findByText('Halaman')
    await waitFor(() => expect(asked.length).toBeGreaterThan(0))
    const first = asked.length

    setVisibility('hidden')
    vi.advanceTimersByTime(5 * 60_000)
    // It was 5 more, one a minute: each a request with the learner's token, so the session never went idle.
    expect(asked.length).toBe(first)

    setVisibility('visible')
    // (waitFor polls with setInterval, which is faked here: a real pause instead.)
    await new Promise((r) => setTimeout(r, 100))
    expect(asked.length).toBe(first + 1)
    vi.advanceTimersByTime(60_000)
    await new Promise((r) => setTimeout(r, 100))
    expect(asked.length).toBe(first + 2)
  })
})

describe("the bell's count in a tab left open in view", () => {
  it('asks every minute marked as a background ask (not use); the ask on navigation is not marked', async () => {
    const learner = await aStudent(t)
    signedInTo(t, learner.token as string)
    const asked: (string | null)[] = []
    const answer = globalThis.fetch
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (input instanceof Request && input.url.includes('/api/notifications'))
        asked.push(input.headers.get('x-background'))
      return answer(input, init)
    }) as typeof fetch
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    renderInLayout('/notifikasi-kosong', { '/notifikasi-kosong': h('p', null, 'Halaman') })
    await screen.findByText('Halaman')
    await waitFor(() => expect(asked.length).toBeGreaterThan(0))
    // The screen's own read, on arriving: the learner's move.
    expect(asked).toEqual([null])

    vi.advanceTimersByTime(60_000)
    await new Promise((r) => setTimeout(r, 100))
    // It was null: the minute's ask counted as the learner's use, and the session never went idle.
    expect(asked).toEqual([null, '1'])
  })
})
