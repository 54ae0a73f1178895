// @vitest-environment happy-dom
import { cleanup, waitFor } from '@testing-library/react'
import { type ComponentType, createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { NotFoundPage } from '../../web/src/components/ui'
import { ForgotPasswordPage } from '../../web/src/features/auth/forgot-password-page'
import { LoginPage } from '../../web/src/features/auth/login-page'
import { SessionProvider } from '../../web/src/features/auth/session'
import { SetPasswordPage } from '../../web/src/features/auth/set-password-page'
import { RegisterCompanyPage } from '../../web/src/features/company-registrations/register-page'
import { useTestApp } from '../support/app.js'
import { answeredByApp, renderScreen } from '../support/screen.js'

/**
 * The screens outside the layout name the browser tab after what they are, as every screen inside it does: login,
 * the password pages, the company sign-up and an unknown address all kept "bursa · Bursa Kerja Khusus", so a
 * screen reader announced no page and a row of tabs (the learner's e-mail open beside it) read the same for each.
 */
const t = useTestApp()
afterEach(cleanup)

describe('the tab title of the screens outside the layout', () => {
  it.each([
    ['the login', LoginPage, '/login', '/login', 'Masuk · bursa'],
    [
      '"Lupa kata sandi"',
      ForgotPasswordPage,
      '/lupa-kata-sandi',
      '/lupa-kata-sandi',
      'Lupa kata sandi · bursa',
    ],
    [
      'a password link',
      SetPasswordPage,
      '/atur-kata-sandi',
      '/atur-kata-sandi?token=abc',
      'Atur ulang kata sandi · bursa',
    ],
    [
      'the company sign-up',
      RegisterCompanyPage,
      '/daftar-perusahaan',
      '/daftar-perusahaan',
      'Daftar perusahaan mitra · bursa',
    ],
    ['an unknown address', NotFoundPage, '*', '/tidak-ada', 'Halaman tidak ditemukan · bursa'],
  ] as [string, ComponentType, string, string, string][])('%s', async (_name, page, path, url, title) => {
    answeredByApp(t)
    localStorage.removeItem('access_token')
    renderScreen(h(SessionProvider, null, h(page)), path, url)
    await waitFor(() => expect(document.title).toBe(title))
  })
})
