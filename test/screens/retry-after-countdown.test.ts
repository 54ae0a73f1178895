// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core'
import { Notifications, notifications } from '@mantine/notifications'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createElement as h } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { api, unwrap } from '../../web/src/api/client'
import { LoginPage } from '../../web/src/features/auth/login-page'
import { SessionProvider } from '../../web/src/features/auth/session'
import { toastError } from '../../web/src/lib/toast'
import { type TestContext, useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { answeredByApp, mount } from '../support/screen.js'

/**
 * Too many wrong passwords: the service answers 429 with `Retry-After` and "Coba lagi dalam 4 detik.". The login
 * page showed that sentence as it came, still saying 4 seconds a minute later, with "Masuk" on for attempts that
 * could only be refused again. Now the seconds count down, "Masuk" stays off until they are over, and the message
 * then says to try again; a toast of such a refusal elsewhere counts down the same way (lib/retry-wait.ts).
 */
const t = useTestApp({ LOGIN_MAX_PER_EMAIL: '2', LOGIN_WINDOW_SECONDS: '4' })
afterEach(() => {
  cleanup()
  notifications.clean()
})

/** The client's requests answered by the test app, signed out. */
function answeredBy(t: TestContext) {
  answeredByApp(t)
  localStorage.removeItem('access_token')
}

/** Wrong passwords for `email` until the service says to wait: that refusal. */
async function tooMany(email: string) {
  for (let i = 0; i < 5; i++) {
    const err = await unwrap(api.POST('/api/login', { body: { email, password: 'salah-terus-123' } })).catch(
      (e) => e,
    )
    if (err.status === 429) return err
  }
  throw new Error('no 429')
}

describe('a 429 with Retry-After', () => {
  it('the login page counts the seconds down with "Masuk" off, then lets the user try again', async () => {
    const admin = await anAdmin(t)
    answeredBy(t)
    render(
      h(
        MantineProvider,
        null,
        h(SessionProvider, null, h(MemoryRouter, { initialEntries: ['/login'] }, h(LoginPage))),
      ),
    )
    const submit = () => screen.getByRole('button', { name: 'Masuk' }) as HTMLButtonElement
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: admin.email } })
    fireEvent.change(screen.getByLabelText(/^Kata sandi/), { target: { value: 'salah-terus-123' } })
    const alert = () => screen.queryByRole('alert')?.textContent ?? ''
    for (let i = 0; i < 5 && !alert().includes('Terlalu banyak'); i++) {
      await waitFor(() => expect(submit().disabled).toBe(false))
      fireEvent.click(submit())
      await waitFor(() => expect(submit().getAttribute('data-loading')).toBeNull())
      await waitFor(() => expect(alert()).not.toBe(''))
    }
    expect(alert()).toMatch(/Terlalu banyak percobaan masuk\. Coba lagi dalam [1-4] detik\./)
    // Before the fix: "Masuk" on, and the same number for as long as the page stayed.
    expect(submit().disabled).toBe(true)
    const first = Number(/dalam (\d) detik/.exec(alert())?.[1])
    await waitFor(() => expect(alert()).toContain(`Coba lagi dalam ${first - 1} detik.`), { timeout: 2_500 })
    await waitFor(() => expect(alert()).toContain('Silakan coba lagi sekarang.'), { timeout: 6_000 })
    expect(submit().disabled).toBe(false)
  }, 20_000)

  it('a toast of the refusal counts down, and says when it may be tried again', async () => {
    const admin = await anAdmin(t)
    answeredBy(t)
    mount(h(Notifications))
    const err = await tooMany(admin.email)
    expect(err.retryAfter).toBeGreaterThanOrEqual(1)
    act(() => toastError(err))
    const toast = () => document.querySelector('.mantine-Notification-root')?.textContent ?? ''
    await waitFor(() => expect(toast()).toMatch(/Coba lagi dalam \d detik\./))
    // Before the fix: the toast closed after 6 s whatever the wait, its number never changing.
    await waitFor(() => expect(toast()).toContain('Silakan coba lagi sekarang.'), { timeout: 6_000 })
  }, 20_000)
})
