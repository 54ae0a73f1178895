// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { NotificationsPage } from '../../web/src/features/notifications/notifications-page'
import { useTestApp } from '../support/app.js'
import { aStudent } from '../support/builders/accounts.js'
import { aNotification } from '../support/builders/notifications.js'
import { signedInTo } from '../support/screen.js'
import { renderInLayout } from './in-layout'

/**
 * A learner reading her notices with a screen reader. Each notice's link was "Lihat" and its button "Tandai
 * dibaca": the links list read "Lihat, Lihat, Lihat", and the notices were plain blocks of text, with no list
 * or heading to go from one to the next.
 */
const t = useTestApp()
afterEach(() => {
  cleanup()
  localStorage.clear()
})

describe('the notifications page (/notifikasi)', () => {
  it('the notices are a list, each titled by a heading; "Lihat" and "Tandai dibaca" name their notice', async () => {
    const learner = await aStudent(t)
    const passed = (days: number, where: string, applicationId: number) =>
      aNotification(t, learner.id, {
        kind: 'application.reviewed',
        title: 'Lamaran Anda lolos seleksi berkas',
        body: `Selamat! Lamaran Anda untuk ${where} lolos seleksi berkas.`,
        data: { applicationId },
        createdAt: new Date(Date.now() - days * 86_400_000),
      })
    await passed(2, 'Teknisi di PT Maju', 7)
    await passed(1, 'Operator di PT Jaya', 8)
    await aNotification(t, learner.id, {
      kind: 'application.reviewed',
      title: 'Lamaran Anda tidak lolos',
      data: { applicationId: 9 },
    })

    signedInTo(t, learner.token)
    renderInLayout('/notifikasi', { '/notifikasi': h(NotificationsPage) })
    // The first screen of the file waits for the page's modules to load on a busy machine.
    const list = await waitFor(() => screen.getByRole('list', { name: 'Daftar notifikasi' }), {
      timeout: 5_000,
    })
    const items = within(list).getAllByRole('listitem')
    expect(items.map((i) => within(i).getByRole('heading', { level: 2 }).textContent)).toEqual([
      expect.stringContaining('Lamaran Anda tidak lolos'),
      expect.stringContaining('Lamaran Anda lolos seleksi berkas'),
      expect.stringContaining('Lamaran Anda lolos seleksi berkas'),
    ])

    // Two notices of the same title are told apart by their time.
    const links = screen.getAllByRole('link', { name: /^Lihat/ })
    const names = links.map((l) => l.getAttribute('aria-label'))
    expect(names).toEqual([
      'Lihat: Lamaran Anda tidak lolos',
      expect.stringMatching(/^Lihat: Lamaran Anda lolos seleksi berkas, \d/),
      expect.stringMatching(/^Lihat: Lamaran Anda lolos seleksi berkas, \d/),
    ])
    expect(new Set(names).size).toBe(3)
    // Focused, the link reads out what the notice says.
    const described = (el: HTMLElement) =>
      document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent
    expect(described(links[1])).toBe('Selamat! Lamaran Anda untuk Operator di PT Jaya lolos seleksi berkas.')

    const marks = screen
      .getAllByRole('button', { name: /^Tandai dibaca/ })
      .map((b) => b.getAttribute('aria-label'))
    expect(marks).toEqual(names.map((n) => n?.replace(/^Lihat: /, 'Tandai dibaca: ')))
  })
})
