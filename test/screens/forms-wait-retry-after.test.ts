// @vitest-environment happy-dom
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { companies } from '../../src/db/schema/index.js'
import { ForgotPasswordPage } from '../../web/src/features/auth/forgot-password-page'
import { CompaniesPage } from '../../web/src/features/master-data/companies-page'
import { useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { aCompany } from '../support/builders/org.js'
import { answeredByApp, renderScreen, signedInTo } from '../support/screen.js'

/**
 * A save refused with 429 and `Retry-After` (a limit reached): only the login page kept its button off for the
 * wait. Every other form left its button on, and each click met the same refusal again. Now every form sent
 * through the shared form wiring (`useForm`) keeps its submit button off for the wait, saying the time left
 * ("Coba lagi dalam 2 detik"), sends nothing meanwhile (Enter included), and takes its own label back once the
 * wait is over.
 */
const t = useTestApp({ PASSWORD_RESET_MAX_PER_HOUR: '1' })
afterEach(() => {
  cleanup()
  notifications.clean()
})

/**
 * The first `count` saves of a company answered 429 with `Retry-After: seconds`, as a limit reached answers
 * (src/http/rate-limit.ts); the rest go to the app. Answers how many saves the client sent.
 */
function companySavesWait(seconds: number, count = 1) {
  const app = globalThis.fetch
  let sent = 0
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init)
    if (req.method !== 'PUT' || !/\/api\/admin\/companies\/\d+$/.test(new URL(req.url).pathname))
      return app(input, init)
    sent += 1
    if (sent > count) return app(input, init)
    const body = { success: false, message: `Terlalu banyak permintaan. Coba lagi dalam ${seconds} detik.` }
    return new Response(JSON.stringify(body), {
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': String(seconds) },
    })
  }) as typeof fetch
  return () => sent
}

describe('a form whose save is refused with Retry-After', () => {
  it('a record’s dialog keeps "Simpan" off with the seconds left, sends nothing meanwhile, then saves', async () => {
    const staff = await anAdmin(t)
    const company = await aCompany(t, { name: `PT Tunggu ${process.pid}` })
    signedInTo(t, staff.token)
    const sent = companySavesWait(2)
    renderScreen(
      h(CompaniesPage),
      '/admin/perusahaan',
      `/admin/perusahaan?search=${encodeURIComponent(company.name)}`,
    )
    const row = await waitFor(() => screen.getByRole('row', { name: new RegExp(company.name) }), {
      timeout: 5_000,
    })
    fireEvent.click(within(row).getByRole('button', { name: /^Ubah / }))
    const dialog = await screen.findByRole('dialog', { name: /^Ubah:/ })
    fireEvent.change(within(dialog).getByLabelText('Telepon'), { target: { value: '021-5550142' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }))

    // Before the fix: "Simpan" back on at once, each click refused again.
    const waiting = await within(dialog).findByRole('button', { name: /^Coba lagi dalam [12] detik$/ })
    expect((waiting as HTMLButtonElement).disabled).toBe(true)
    expect(within(dialog).queryByRole('button', { name: 'Simpan' })).toBeNull()
    fireEvent.submit(dialog.querySelector('form') as HTMLFormElement)
    await new Promise((r) => setTimeout(r, 100))
    expect(sent()).toBe(1)

    const save = await within(dialog).findByRole('button', { name: 'Simpan' }, { timeout: 4_000 })
    expect((save as HTMLButtonElement).disabled).toBe(false)
    fireEvent.click(save)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Ubah:/ })).toBeNull(), {
      timeout: 5_000,
    })
    expect(sent()).toBe(2)
    const [stored] = await t.db.select().from(companies).where(eq(companies.id, company.id))
    expect(stored.phone).toBe('021-5550142')
  }, 60_000)

  it('a page’s form ("Lupa kata sandi") keeps its button off, saying the minutes left, and sends nothing', async () => {
    answeredByApp(t)
    localStorage.removeItem('access_token')
    const app = globalThis.fetch
    let sent = 0
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      sent += 1
      return app(input, init)
    }) as typeof fetch
    renderScreen(h(ForgotPasswordPage), '/lupa-kata-sandi', '/lupa-kata-sandi')
    const email = screen.getByLabelText(/^E-mail/)
    // The limit (1 an hour from this address) is used up by a first request, answered as every request is.
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: 'siapa@contoh.sch.id' },
    })
    expect(first.statusCode).toBe(200)

    fireEvent.change(email, { target: { value: 'siapa@contoh.sch.id' } })
    fireEvent.click(screen.getByRole('button', { name: 'Kirim tautan' }))
    const waiting = await screen.findByRole(
      'button',
      { name: /^Coba lagi dalam 60 menit$/ },
      { timeout: 5_000 },
    )
    // Before the fix: "Kirim tautan" on, and each click one more refusal.
    expect((waiting as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByRole('alert').textContent).toMatch(/Terlalu banyak permintaan atur ulang kata sandi/)
    expect(sent).toBe(1)
    fireEvent.submit(waiting.closest('form') as HTMLFormElement)
    await new Promise((r) => setTimeout(r, 100))
    expect(sent).toBe(1)
  })
})
