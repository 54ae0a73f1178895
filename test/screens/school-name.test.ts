// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LoginPage } from '../../web/src/features/auth/login-page'
import { SessionProvider } from '../../web/src/features/auth/session'
import { AttendanceSheetPage } from '../../web/src/features/schedules/attendance-sheet-page'
import { useTestApp } from '../support/app.js'
import { aSchedule } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { answeredByApp, renderScreen, signedInAs } from '../support/screen.js'
import { renderInLayout } from './in-layout'

/**
 * A school that set SCHOOL_NAME: the page the service serves names it in a meta tag (test/http/school-name.test.ts),
 * and the client's header, the printed sheets (pinned on the school's board, signed at a test's door), the login
 * and the browser tab name that school, not a fixed "BKK SMK". Without the setting, the wording of before.
 */
const t = useTestApp({ SCHOOL_NAME: 'SMKN 1 Bekasi' })
let meta: HTMLMetaElement
beforeEach(() => {
  window.print = vi.fn() as unknown as typeof window.print
  // As the served page carries it.
  meta = document.createElement('meta')
  meta.name = 'bursa-school'
  meta.content = t.config.schoolName
  document.head.append(meta)
})
afterEach(() => {
  cleanup()
  meta.remove()
})

async function aTestSheet() {
  const { company, hrd, vacancy } = await anHrdWithVacancy(t)
  const a = await aCandidate(t, vacancy.id, { fullName: 'Ani Lestari' })
  const { schedule } = await aSchedule(t, {
    companyId: company.id,
    vacancyId: vacancy.id,
    applicationIds: [a.application.id],
  })
  await signedInAs(t, hrd)
  renderInLayout(`/hrd/jadwal/${schedule.id}/cetak`, { '/hrd/jadwal/:id/cetak': h(AttendanceSheetPage) })
  await screen.findByRole('table', { name: 'Daftar hadir peserta tes' }, { timeout: 5_000 })
}

describe("the school's name (SCHOOL_NAME)", () => {
  it('heads the header, the printed sign-in sheet and the tab', async () => {
    await aTestSheet()
    expect(within('banner')).toContain('BKK SMKN 1 Bekasi')
    expect(screen.getByText('Bursa Kerja Khusus (BKK) SMKN 1 Bekasi · bursa')).toBeTruthy()
    await waitFor(() => expect(document.title).toBe('Daftar hadir peserta tes · BKK SMKN 1 Bekasi'))
  })

  it('names the school on the login', async () => {
    answeredByApp(t)
    localStorage.removeItem('access_token')
    renderScreen(h(SessionProvider, null, h(LoginPage)), '/login', '/login')
    expect(screen.getByText('Bursa Kerja Khusus SMKN 1 Bekasi: masuk dengan akun Anda.')).toBeTruthy()
    await waitFor(() => expect(document.title).toBe('Masuk · BKK SMKN 1 Bekasi'))
  })

  it('unset: the wording of before', async () => {
    meta.remove()
    await aTestSheet()
    expect(within('banner')).toContain('BKK SMK')
    expect(within('banner')).not.toContain('Bekasi')
    expect(screen.getByText('Bursa Kerja Khusus (BKK) SMK · bursa')).toBeTruthy()
    await waitFor(() => expect(document.title).toBe('Daftar hadir peserta tes · bursa'))
  })
})

function within(role: string) {
  return screen.getByRole(role).textContent ?? ''
}
