// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { sql } from 'drizzle-orm'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { emailOutbox } from '../../src/db/schema/index.js'
import { MAX_EMAIL_ATTEMPTS } from '../../src/jobs/outbox.js'
import { AdminDashboardPage } from '../../web/src/features/reports/dashboard-page'
import { useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { renderScreen, signedInTo } from '../support/screen.js'
import { useSmtp } from '../support/smtp.js'

/**
 * The career center's front page says how many e-mails wait and how many could not be sent, and says it aloud when
 * some fail: a wrong SMTP password showed only in the operator's log, and staff learnt of it from learners who
 * never got their test invitation.
 */
const env: Record<string, string> = { SMTP_FROM: 'BKK SMK <bkk@smk.test>' }
useSmtp(env)
const t = useTestApp(env)
afterEach(cleanup)

const card = (name: string) => screen.getByText(name).closest('.mantine-Card-root') as HTMLElement

describe('Beranda BKK: e-mail', () => {
  it('shows the e-mails waiting and failed, and a warning while some fail', async () => {
    const staff = await anAdmin(t)
    signedInTo(t, staff.token as string)
    renderScreen(h(AdminDashboardPage), '/admin', '/admin')
    await waitFor(() => expect(screen.getByText('E-mail tertunda')).toBeTruthy(), { timeout: 5_000 })
    expect(card('E-mail tertunda').textContent).toContain('0 gagal dalam 7 hari terakhir')
    expect(screen.queryByText('Pengiriman e-mail bermasalah')).toBeNull()
    cleanup()

    const mail = { to: 'sari@gmail.test', subject: 'Undangan', text: 'Yth. Sari' }
    const inAnHour = sql`now() + interval '1 hour'`
    await t.db.insert(emailOutbox).values([
      { ...mail, claimedUntil: inAnHour },
      { ...mail, attempts: 2, lastError: 'Invalid login: 535', claimedUntil: inAnHour },
      { ...mail, attempts: MAX_EMAIL_ATTEMPTS, lastError: 'Invalid login: 535' },
    ] as (typeof emailOutbox.$inferInsert)[])
    renderScreen(h(AdminDashboardPage), '/admin', '/admin')
    const warning = await waitFor(() => screen.getByRole('alert'), { timeout: 5_000 })
    expect(warning.textContent).toContain('Pengiriman e-mail bermasalah')
    expect(warning.textContent).toContain('1 e-mail tidak terkirim dalam 7 hari terakhir')
    expect(warning.textContent).toContain('1 sedang dicoba lagi')
    const figure = card('E-mail tertunda').textContent
    expect(figure).toContain('2')
    expect(figure).toContain('1 gagal dalam 7 hari terakhir')
    // Counts only: no address or subject on the page.
    expect(document.body.textContent).not.toContain('sari@gmail.test')
  })
})
