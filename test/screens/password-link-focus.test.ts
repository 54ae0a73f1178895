// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { PasswordLinkButton } from '../../web/src/features/auth/password-link-button'
import { mount } from '../support/screen.js'

/**
 * Staff hand a password link over in person when the school has no e-mail set up (found in an audit of staff's
 * day, on a learner's page by keyboard): the link's dialog opens as the confirmation's "Kirim tautan" is busy (a
 * disabled button, which the browser has already dropped the focus from), and closing it left the focus on
 * <body>. It goes back to the "Kirim tautan atur ulang kata sandi" that started it.
 */
afterEach(cleanup)

/** The service without SMTP: the link is answered, not e-mailed. */
function answeredWithLink() {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init)
    expect(`${req.method} ${new URL(req.url).pathname}`).toBe('POST /api/admin/users/42/password-reset')
    return Response.json({
      data: {
        emailed: false,
        email: 'bagus@contoh.sch.id',
        link: 'https://bkk.smk.test/atur-kata-sandi?email=bagus%40contoh.sch.id&token=abc',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
      message: 'Tautan dibuat.',
    })
  }) as typeof fetch
}

describe('the password link shown (no SMTP), closed', () => {
  it.each(['Tutup', 'Escape'])(
    'by %s: the focus is back on "Kirim tautan atur ulang kata sandi"',
    async (how) => {
      answeredWithLink()
      mount(
        h(
          'main',
          null,
          h('h1', { tabIndex: -1 }, 'Bagus Setiawan'),
          h(PasswordLinkButton, { userId: 42, email: 'bagus@contoh.sch.id' }),
        ),
      )
      const opener = screen.getByRole('button', { name: 'Kirim tautan atur ulang kata sandi' })
      opener.focus()
      fireEvent.click(opener)
      const send = await screen.findByRole('button', { name: 'Kirim tautan' })
      send.focus()
      fireEvent.click(send)
      const link = await screen.findByRole('textbox', { name: 'Tautan' })
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Kirim tautan' })).toBeNull())
      // The dialog's own "Tutup" (the corner's ✕ is named so too).
      const close = screen.getAllByRole('button', { name: 'Tutup' }).find((b) => b.textContent === 'Tutup')
      if (how === 'Tutup') fireEvent.click(close as HTMLElement)
      else fireEvent.keyDown(link, { key: 'Escape' })
      await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Tautan' })).toBeNull())
      // Before: the heading at best (the busy "Kirim tautan" it would go back to was gone), <body> in a browser.
      await waitFor(() => expect(document.activeElement).toBe(opener))
    },
  )
})
