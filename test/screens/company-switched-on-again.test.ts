// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { anHrdWithVacancy } from '../support/builders/selection.js'
import { signedInTo } from '../support/screen.js'
import { renderInLayout } from './in-layout'

/**
 * The school switches a partner company off; its HR, signed in, gets "Perusahaan sedang nonaktif ... Hubungi
 * BKK sekolah untuk mengaktifkannya kembali." in place of HR's screens, and a menu without them (only
 * Notifikasi and Akun saya). HR phones the school, which switches the company on again. HR goes on working
 * in the open tab: while it shows the account as without a company, the tab reads the account again on each
 * move (and every minute, and when it comes back into view), so HR's menu and screens come back. Before, the
 * tab said "Perusahaan sedang nonaktif" for as long as it stayed open: nothing an HR account without a company
 * does calls an HR route, whose 403 would have told it (found by the reactivation audit).
 */
const t = useTestApp()
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const renderApp = (url: string) =>
  renderInLayout(url, {
    '/hrd/lowongan': h('p', null, 'Daftar lowongan HRD'),
    '/notifikasi': h('p', null, 'Daftar notifikasi'),
  })

describe('an HR tab open while its company is switched off and on again', () => {
  it("gives HR's screens back once the company is active again, without a reload", async () => {
    const staff = await anAdmin(t)
    const { company, hrd } = await anHrdWithVacancy(t)
    const toggle = (is_active: boolean) =>
      call(t, 'PATCH', `/api/admin/companies/${company.id}/toggle-active`, { as: staff, body: { is_active } })
    expect((await toggle(false)).status).toBe(200)

    signedInTo(t, hrd.token)
    renderApp('/hrd/lowongan')
    await waitFor(() => expect(screen.getByText('Perusahaan sedang nonaktif')).toBeTruthy(), {
      timeout: 5_000,
    })
    expect(screen.queryByRole('link', { name: 'Jadwal tes' })).toBeNull()

    // The school switches the company on again; HR keeps working in the same tab.
    expect((await toggle(true)).status).toBe(200)
    expect((await call(t, 'GET', '/api/me', { as: hrd })).body.data.company.isActive).toBe(true)
    fireEvent.click(screen.getAllByRole('link', { name: 'Notifikasi' })[0])
    await waitFor(() => expect(screen.getByText('Daftar notifikasi')).toBeTruthy())

    // HR's menu comes back (its screens are open to it again).
    await waitFor(() => expect(screen.getByRole('link', { name: 'Jadwal tes' })).toBeTruthy(), {
      timeout: 5_000,
    })
  })
})

describe('the minute re-read of an HR account without an active company', () => {
  it("is marked as the tab's own ask (X-Background): a tab left open does not keep the session alive", async () => {
    const staff = await anAdmin(t)
    const { company, hrd } = await anHrdWithVacancy(t)
    const off = await call(t, 'PATCH', `/api/admin/companies/${company.id}/toggle-active`, {
      as: staff,
      body: { is_active: false },
    })
    expect(off.status).toBe(200)
    signedInTo(t, hrd.token)
    const asked: (string | null)[] = []
    const answer = globalThis.fetch
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (input instanceof Request && new URL(input.url).pathname === '/api/me')
        asked.push(input.headers.get('x-background'))
      return answer(input, init)
    }) as typeof fetch
    try {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
      renderApp('/hrd/lowongan')
      await waitFor(() => expect(screen.getByText('Perusahaan sedang nonaktif')).toBeTruthy(), {
        timeout: 5_000,
      })
      const before = asked.length
      vi.advanceTimersByTime(60_000)
      await new Promise((r) => setTimeout(r, 200))
      // It was null: the minute's re-read counted as HR's use, and the tab's session never went idle.
      expect(asked.slice(before)).toEqual(['1'])
    } finally {
      globalThis.fetch = answer
    }
  })
})
