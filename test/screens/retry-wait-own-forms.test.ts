// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { api, unwrap } from '../../web/src/api/client'
import { AttendancePage } from '../../web/src/features/attendance/validation-page'
import { LapsedSessionPrompt } from '../../web/src/features/auth/lapsed-session'
import { SessionProvider } from '../../web/src/features/auth/session'
import { CheckInPage } from '../../web/src/features/check-in/check-in-page'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, aStudent, logIn, PASSWORD } from '../support/builders/accounts.js'
import { aSchedule, setAttendance } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { renderScreen, signedInAs, signedInTo } from '../support/screen.js'
import { storedParticipant } from '../support/stored.js'

/**
 * Forms that kept their own state rather than the shared form wiring (`useForm`): a refusal asking to wait (429
 * with `Retry-After`) left their button on, each press meeting the same refusal, and the message said the wait as
 * the service had said it, never counting down. Now they wait it out as every other form: the button off, the
 * time left counting down, nothing sent meanwhile (Enter in a field included).
 */
const t = useTestApp({ LOGIN_MAX_PER_EMAIL: '1', LOGIN_WINDOW_SECONDS: '3' })
afterEach(() => {
  cleanup()
  notifications.clean()
})

/** Counts the requests the client sends matching `method` and `path`, passing them on as they were. */
function counting(method: string, path: RegExp) {
  const app = globalThis.fetch
  let sent = 0
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init)
    if (req.method === method && path.test(new URL(req.url).pathname)) sent += 1
    return app(input, init)
  }) as typeof fetch
  return () => sent
}

describe('a form of its own refused with Retry-After', () => {
  it('the learner\'s check-in: after 30 tries in 5 minutes "Check-in" is off, saying the minutes left, and sends nothing', async () => {
    const learner = await aStudent(t)
    // 30 tries with codes that do not exist use the account's tries up (the limit counts every try).
    for (let i = 0; i < 30; i++)
      await call(t, 'POST', '/api/test-check-ins', { as: learner, body: { code: `1-SALAH${i}` } })
    signedInTo(t, learner.token)
    const sent = counting('POST', /^\/api\/test-check-ins$/)
    renderScreen(h(CheckInPage), '/check-in', '/check-in')
    fireEvent.change(screen.getByLabelText(/^Kode check-in/), { target: { value: '12-K7MX2QAB' } })
    fireEvent.click(screen.getByRole('button', { name: 'Check-in' }))

    // Before: "Check-in" on again with the service's sentence ("Coba lagi dalam 287 detik.") as it came.
    const waiting = await screen.findByRole(
      'button',
      { name: /^Coba lagi dalam [45] menit$/ },
      { timeout: 5_000 },
    )
    expect((waiting as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByRole('alert').textContent).toMatch(
      /Terlalu banyak permintaan\. Coba lagi dalam [45] menit\./,
    )
    expect(sent()).toBe(1)
    fireEvent.submit(waiting.closest('form') as HTMLFormElement)
    await new Promise((r) => setTimeout(r, 100))
    expect(sent()).toBe(1)
  })

  it('the lapsed session\'s password: "Masuk lagi" off while the wait counts down, then the session comes back', async () => {
    const admin = await anAdmin(t)
    await signedInAs(t, admin)
    render(
      h(
        MantineProvider,
        null,
        h(SessionProvider, null, h('main', null, 'Layar kerja'), h(LapsedSessionPrompt)),
      ),
    )
    // The session confirmed by the service, then ended elsewhere: the next request lapses it under the user.
    await waitFor(() => expect(localStorage.getItem('access_token')).toBe(admin.token))
    await new Promise((r) => setTimeout(r, 200))
    expect((await call(t, 'POST', '/api/logout', { as: admin })).status).toBe(200)
    await act(() => unwrap(api.GET('/api/me')).catch(() => {}))
    const prompt = await screen.findByRole('dialog', { name: 'Sesi Anda berakhir' }, { timeout: 5_000 })
    // A wrong password from this address uses up its tries for the account's e-mail (LOGIN_MAX_PER_EMAIL: 1).
    expect((await logIn(t, admin.email, 'bukan-sandinya-1')).status).toBe(401)

    const sent = counting('POST', /^\/api\/login$/)
    const submit = () => within(prompt).getByRole('button', { name: 'Masuk lagi' }) as HTMLButtonElement
    fireEvent.change(within(prompt).getByLabelText(/^Kata sandi/), { target: { value: PASSWORD } })
    fireEvent.click(submit())
    const alert = () => within(prompt).queryByRole('alert')?.textContent ?? ''
    await waitFor(
      () => expect(alert()).toMatch(/Terlalu banyak percobaan masuk\. Coba lagi dalam [1-3] detik\./),
      {
        timeout: 5_000,
      },
    )
    // Before: "Masuk lagi" on, and the message said the same seconds for as long as it stayed.
    expect(submit().disabled).toBe(true)
    expect(sent()).toBe(1)
    fireEvent.submit(submit().closest('form') as HTMLFormElement)
    await new Promise((r) => setTimeout(r, 100))
    expect(sent()).toBe(1)
    const first = Number(/dalam (\d) detik/.exec(alert())?.[1])
    if (first > 1)
      await waitFor(() => expect(alert()).toContain(`Coba lagi dalam ${first - 1} detik.`), {
        timeout: 2_500,
      })
    await waitFor(() => expect(alert()).toContain('Silakan coba lagi sekarang.'), { timeout: 5_000 })
    expect(submit().disabled).toBe(false)

    fireEvent.click(submit())
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sesi Anda berakhir' })).toBeNull(), {
      timeout: 5_000,
    })
    expect(screen.getByText('Layar kerja')).toBeTruthy()
  }, 30_000)

  it('the career center\'s attendance correction: "Simpan koreksi" off with the seconds left, then it saves', async () => {
    const { company, vacancy } = await anHrdWithVacancy(t)
    const learner = await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Wulan Tunggu Dulu' })
    const { participants } = await aSchedule(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      applicationIds: [learner.application.id],
    })
    const [p] = participants
    await setAttendance(t, p.id, { attendanceStatus: 'alpa' })
    const staff = await anAdmin(t)
    const validated = await call(t, 'PATCH', `/api/admin/attendances/${p.id}/validate`, {
      as: staff,
      body: { status: 'hadir', validation_status: 'verified', notes: null },
    })
    expect(validated.status).toBe(200)

    // The service has no limit on corrections; a proxy in front of it (or a limit added later) may answer
    // 429 with Retry-After: the first correction is answered so, as src/http/rate-limit.ts answers.
    signedInTo(t, staff.token)
    const app = globalThis.fetch
    let sent = 0
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init)
      if (req.method !== 'PATCH' || !/\/validate$/.test(new URL(req.url).pathname)) return app(input, init)
      sent += 1
      if (sent > 1) return app(input, init)
      return new Response(
        JSON.stringify({ success: false, message: 'Terlalu banyak permintaan. Coba lagi dalam 2 detik.' }),
        { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '2' } },
      )
    }) as typeof fetch
    renderScreen(h(AttendancePage), '/admin/kehadiran', '/admin/kehadiran?tab=history')
    fireEvent.click(
      await waitFor(() => screen.getByRole('button', { name: /^Koreksi Wulan Tunggu Dulu/ }), {
        timeout: 5_000,
      }),
    )
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByLabelText('Alpa'))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan koreksi' }))

    // Before: "Simpan koreksi" on again at once, each press refused the same.
    const waiting = await within(dialog).findByRole('button', { name: /^Coba lagi dalam [12] detik$/ })
    expect((waiting as HTMLButtonElement).disabled).toBe(true)
    expect(sent).toBe(1)
    const save = await within(dialog).findByRole('button', { name: 'Simpan koreksi' }, { timeout: 4_000 })
    expect((save as HTMLButtonElement).disabled).toBe(false)
    fireEvent.click(save)
    await waitFor(async () => expect((await storedParticipant(t, p.id)).attendanceStatus).toBe('alpa'), {
      timeout: 5_000,
    })
    expect(sent).toBe(2)
  })
})
