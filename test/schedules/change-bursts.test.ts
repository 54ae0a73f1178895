import { and, gt, isNull, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox } from '../../src/db/schema/index.js'
import { CHANGE_HOLD_SECONDS } from '../../src/jobs/outbox.js'
import { call, useTestApp } from '../support/app.js'
import type { Account } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { eventually, icsOf, icsProp, useSmtp } from '../support/smtp.js'

/**
 * HR saving a test's time or place again and again (an officer fixing the hour, then the room), or removing and
 * adding back a participant: each save e-mailed every learner and added a notice to their bell (the abuse audit:
 * 15 saves, 15 e-mails and 15 notices each, within minutes). A change's e-mail waits in the outbox
 * (`CHANGE_HOLD_SECONDS`, 5 minutes, as production: this file turns the hold on) and a later change of the same
 * test replaces it; its notice replaces the learner's unread notice of the test's earlier change. The learner ends
 * up with the final state: one e-mail, at most 5 minutes after the first change, and one notice at once.
 */
const env: Record<string, string> = {
  SMTP_FROM: 'BKK SMK <bkk@smk.test>',
  PUBLIC_URL: 'https://bkk.smk.test',
}
const smtp = useSmtp(env)
const t = useTestApp(env, { emailChangeHoldSeconds: CHANGE_HOLD_SECONDS })

async function aTest(n: number) {
  const { hrd, vacancy } = await anHrdWithVacancy(t, { vacancyTitle: 'Teknisi' })
  const learners: { learner: Account; applicationId: number }[] = []
  for (let i = 0; i < n; i++) {
    const c = await aCandidate(t, vacancy.id)
    learners.push({ learner: c.learner as Account, applicationId: c.application.id })
  }
  const res = await call(t, 'POST', '/api/hrd/test-schedules', {
    as: hrd,
    body: {
      job_vacancy_id: vacancy.id,
      name: 'Psikotes',
      kind: 'psikotes',
      scheduled_at: '2099-07-15T01:00:00Z',
      location: 'Aula',
      application_ids: learners.map((l) => l.applicationId),
    },
  })
  expect(res.status).toBe(201)
  // The invitation is not held: it goes at once.
  for (const l of learners) await eventually(async () => mailsTo(l.learner.email).length === 1)
  return { hrd, id: res.body.data.id as number, learners }
}

const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email))

const save = async (hrd: Account, id: number, body: Record<string, unknown>) => {
  const res = await call(t, 'PUT', `/api/hrd/test-schedules/${id}`, { as: hrd, body })
  expect(res.status).toBe(200)
}

/** What the learner's bell shows: the unread notices of the test, newest first. */
async function bellOf(learner: Account) {
  const res = await call(t, 'GET', '/api/notifications?per_page=100', { as: learner })
  expect(res.status).toBe(200)
  return {
    unread: res.body.meta.unreadCount as number,
    titles: (res.body.data as { title: string; body: string; readAt: string | null }[])
      .filter((n) => !n.readAt)
      .map((n) => `${n.title} | ${n.body}`),
  }
}

/** Five minutes pass: the held e-mails are due (the outbox sends them at its next run). */
async function holdIsOver() {
  await t.db
    .update(emailOutbox)
    .set({ claimedUntil: sql`now()` })
    .where(and(isNull(emailOutbox.sentAt), gt(emailOutbox.claimedUntil, sql`now()`), sql`attempts = 0`))
  t.app.outbox.kick()
}

/** Waits until the SMTP server has received nothing new for 1.5 s (the outbox is drained). */
async function drained() {
  let last = -1
  while (smtp.received.length !== last) {
    last = smtp.received.length
    await new Promise((r) => setTimeout(r, 1500))
  }
}

describe('a burst of changes to a test reaches each learner once, with the final state', () => {
  it('15 saves of the hour: no e-mail during the burst, one notice at once, then one e-mail of the final hour', async () => {
    const { hrd, id, learners } = await aTest(3)
    const [ani] = learners
    for (let i = 0; i < 15; i++)
      await save(hrd, id, { scheduled_at: `2099-07-${16 + (i % 2)}T0${2 + (i % 7)}:00:00Z` })
    // The last save: 2099-07-16T02:00Z, Kamis 16 Juli 2099 pukul 09.00 WIB.
    await save(hrd, id, { scheduled_at: '2099-07-16T02:00:00Z', location: 'Lab Komputer 2' })
    await drained()
    expect(mailsTo(ani.learner.email).length, 'e-mails during the burst').toBe(1)

    // The invitation, and one notice of the changes: the last.
    const bell = await bellOf(ani.learner)
    expect(bell.unread).toBe(2)
    expect(bell.titles[0]).toContain('Perubahan jadwal Psikotes: Psikotes')
    expect(bell.titles[0]).toContain('Kamis, 16 Juli 2099 pukul 09.00 WIB di Lab Komputer 2')
    expect(bell.titles[1]).toContain('Jadwal Psikotes: Psikotes')
    // One read is what the learner was told: the next change adds its own.
    const list = await call(t, 'GET', '/api/notifications', { as: ani.learner })
    const read = await call(t, 'PATCH', `/api/notifications/${list.body.data[0].id}/read`, {
      as: ani.learner,
    })
    expect(read.status).toBe(200)
    await save(hrd, id, { location: 'Lab Komputer 3' })
    expect((await bellOf(ani.learner)).unread).toBe(2)
    await save(hrd, id, { location: 'Lab Komputer 2' })
    expect((await bellOf(ani.learner)).unread).toBe(2)

    await holdIsOver()
    for (const l of learners) await eventually(async () => mailsTo(l.learner.email).length === 2)
    await drained()
    const [invitation, change] = mailsTo(ani.learner.email)
    expect(invitation.subject).toBe('[BKK] Jadwal Psikotes: Psikotes')
    expect(change.subject).toBe('[BKK] Perubahan jadwal Psikotes: Psikotes')
    expect(change.text).toContain('Kamis, 16 Juli 2099 pukul 09.00 WIB di Lab Komputer 2')
    expect(icsProp(icsOf(change), 'DTSTART')).toBe('20990716T090000')
    expect(icsProp(icsOf(change), 'LOCATION')).toBe('Lab Komputer 2')
    for (const l of learners) expect(mailsTo(l.learner.email).length).toBe(2)
  })

  it('a later change keeps the first one’s time: the learner hears at most 5 minutes after the first change', async () => {
    const { hrd, id, learners } = await aTest(1)
    const [ani] = learners
    const clock = (await t.db.execute(sql`select now() as now`)) as unknown as { rows: { now: string }[] }
    const [{ now }] = clock.rows
    await save(hrd, id, { location: 'Ruang 1' })
    await new Promise((r) => setTimeout(r, 2000))
    await save(hrd, id, { location: 'Ruang 2' })
    const owed = await t.db
      .select({ to: emailOutbox.to, due: emailOutbox.claimedUntil, text: emailOutbox.text })
      .from(emailOutbox)
      .where(and(isNull(emailOutbox.sentAt), sql`attempts = 0`, sql`text <> ''`))
    const mine = owed.filter((o) => o.to === ani.learner.email)
    expect(mine).toHaveLength(1)
    expect(mine[0].text).toContain('Ruang 2')
    const due = (mine[0].due as Date).getTime()
    expect(due).toBeLessThanOrEqual(new Date(now).getTime() + CHANGE_HOLD_SECONDS * 1000 + 1000)
  })

  it('removing and adding back a learner 6 times sends them one e-mail (the invitation) and one notice of the changes', async () => {
    const { hrd, id, learners } = await aTest(2)
    const [, budi] = learners
    for (let i = 0; i < 6; i++) {
      await save(hrd, id, { remove_application_ids: [budi.applicationId] })
      await save(hrd, id, { add_application_ids: [budi.applicationId] })
    }
    await drained()
    expect(mailsTo(budi.learner.email)).toHaveLength(1)
    // The invitation, and the last of the changes: added back.
    const bell = await bellOf(budi.learner)
    expect(bell.unread).toBe(2)
    expect(bell.titles.every((n) => n.startsWith('Jadwal Psikotes: Psikotes'))).toBe(true)

    await holdIsOver()
    await eventually(async () => mailsTo(budi.learner.email).length === 2)
    await drained()
    const mails = mailsTo(budi.learner.email)
    expect(mails.map((m) => m.subject)).toEqual([
      '[BKK] Jadwal Psikotes: Psikotes',
      '[BKK] Jadwal Psikotes: Psikotes',
    ])
    expect(icsProp(icsOf(mails[1]), 'METHOD')).toBe('REQUEST')
    // A higher SEQUENCE than the first invitation (and than the removals never sent): the calendar takes it.
    expect(Number(icsProp(icsOf(mails[1]), 'SEQUENCE'))).toBeGreaterThan(
      Number(icsProp(icsOf(mails[0]), 'SEQUENCE')),
    )
  })

  it('a cancellation during the hold goes at once and the held change is never sent', async () => {
    const { hrd, id, learners } = await aTest(1)
    const [ani] = learners
    await save(hrd, id, { location: 'Ruang 3' })
    const res = await call(t, 'POST', `/api/hrd/test-schedules/${id}/cancel`, {
      as: hrd,
      body: { reason: 'Perusahaan menunda rekrutmen' },
    })
    expect(res.status).toBe(200)
    await eventually(async () => mailsTo(ani.learner.email).length === 2)
    await holdIsOver()
    await drained()
    const mails = mailsTo(ani.learner.email)
    expect(mails).toHaveLength(2)
    expect(icsProp(icsOf(mails[1]), 'METHOD')).toBe('CANCEL')
    const bell = await bellOf(ani.learner)
    expect(bell.titles[0]).toContain('dibatalkan')
  })
})
