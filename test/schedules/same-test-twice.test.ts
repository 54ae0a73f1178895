import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import type { Account } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { useSmtp } from '../support/smtp.js'
import { participantsOf } from '../support/stored.js'

/**
 * The same test created again (a script, a retried request, a form sent twice): same vacancy, kind and time, for
 * an applicant already taking part in it. Each copy invited every participant again (the abuse audit: 20 copies,
 * 20 invitations to each learner and 20 tests on their application). Refused with 409 naming the test there is;
 * two real sessions (another time, another kind) still go.
 */
const env: Record<string, string> = {
  SMTP_FROM: 'BKK SMK <bkk@smk.test>',
  PUBLIC_URL: 'https://bkk.smk.test',
}
const smtp = useSmtp(env)
const t = useTestApp(env)

async function aSelection(n: number) {
  const { hrd, vacancy } = await anHrdWithVacancy(t, { vacancyTitle: 'Teknisi' })
  const learners: { learner: Account; applicationId: number }[] = []
  for (let i = 0; i < n; i++) {
    const c = await aCandidate(t, vacancy.id)
    learners.push({ learner: c.learner as Account, applicationId: c.application.id })
  }
  return { hrd, vacancy, learners }
}

const create = (
  hrd: Account,
  vacancyId: number,
  applicationIds: number[],
  over: Record<string, unknown> = {},
) =>
  call(t, 'POST', '/api/hrd/test-schedules', {
    as: hrd,
    body: {
      job_vacancy_id: vacancyId,
      name: 'Psikotes',
      kind: 'psikotes',
      scheduled_at: '2099-07-15T01:00:00Z',
      location: 'Aula',
      application_ids: applicationIds,
      ...over,
    },
  })

const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email))

/** Waits until the SMTP server has received nothing new for 1.5 s (the outbox is drained). */
async function drained() {
  let last = -1
  while (smtp.received.length !== last) {
    last = smtp.received.length
    await new Promise((r) => setTimeout(r, 1500))
  }
}

describe('POST /api/hrd/test-schedules: the same test twice', () => {
  it('20 requests for the same test: the first is made, the others are 409 naming it; each learner gets one invitation', async () => {
    const { hrd, vacancy, learners } = await aSelection(2)
    const [ani] = learners
    const ids = learners.map((l) => l.applicationId)
    const before = mailsTo(ani.learner.email).length
    const first = await create(hrd, vacancy.id, ids)
    expect(first.status).toBe(201)
    const id = first.body.data.id as number
    for (let i = 0; i < 19; i++) {
      // A copy for one of them only, or under another name or room, is the same test for that applicant.
      const again = await create(hrd, vacancy.id, i % 2 ? ids : [ani.applicationId], {
        name: i % 3 ? 'Psikotes' : 'Psikotes Ulang',
        location: i % 3 ? 'Aula' : 'Lab 2',
      })
      expect(again.status).toBe(409)
      expect(again.body.data).toBeNull()
      expect(again.body.message).toContain(`"Psikotes" (jadwal #${id})`)
      expect(again.body.message).toContain('Rabu, 15 Juli 2099 pukul 08.00 WIB')
    }
    await drained()
    const upcoming = await call(t, 'GET', `/api/my-applications/${ani.applicationId}`, { as: ani.learner })
    expect({
      mails: mailsTo(ani.learner.email).length - before,
      tests: (upcoming.body.data.upcomingTests ?? []).length,
    }).toEqual({ mails: 1, tests: 1 })
  })

  it('a copy arriving together with the first is refused too (nothing written)', async () => {
    const { hrd, vacancy, learners } = await aSelection(1)
    const ids = learners.map((l) => l.applicationId)
    const answers = await Promise.all([1, 2, 3].map(() => create(hrd, vacancy.id, ids)))
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409])
    const list = await call(t, 'GET', `/api/hrd/test-schedules?job_vacancy_id=${vacancy.id}`, { as: hrd })
    expect(list.body.meta.total).toBe(1)
  })

  it('two real sessions still go: another time, another kind, and a test cancelled is no longer there', async () => {
    const { hrd, vacancy, learners } = await aSelection(2)
    const ids = learners.map((l) => l.applicationId)
    const first = await create(hrd, vacancy.id, ids)
    expect(first.status).toBe(201)
    expect((await create(hrd, vacancy.id, ids, { scheduled_at: '2099-07-15T05:00:00Z' })).status).toBe(201)
    expect((await create(hrd, vacancy.id, ids, { kind: 'wawancara', name: 'Wawancara' })).status).toBe(201)
    // Someone else at the same time and kind (a second room) is another group, not a copy.
    const other = await aCandidate(t, vacancy.id)
    expect((await create(hrd, vacancy.id, [other.application.id], { location: 'Lab 2' })).status).toBe(201)
    const cancelled = await call(t, 'POST', `/api/hrd/test-schedules/${first.body.data.id}/cancel`, {
      as: hrd,
      body: { reason: 'Ruangan dipakai' },
    })
    expect(cancelled.status).toBe(200)
    expect((await create(hrd, vacancy.id, ids)).status).toBe(201)
  })
})

describe('PUT /api/hrd/test-schedules/:id onto the same test', () => {
  it('409 when the change puts an applicant in two tests of one kind at one time; nothing changes', async () => {
    const { hrd, vacancy, learners } = await aSelection(2)
    const [ani, budi] = learners
    const morning = await create(hrd, vacancy.id, [ani.applicationId])
    const noon = await create(hrd, vacancy.id, [ani.applicationId, budi.applicationId], {
      scheduled_at: '2099-07-15T05:00:00Z',
    })
    const afternoon = await create(hrd, vacancy.id, [budi.applicationId], {
      scheduled_at: '2099-07-15T08:00:00Z',
    })
    for (const s of [morning, noon, afternoon]) expect(s.status).toBe(201)
    const moved = await call(t, 'PUT', `/api/hrd/test-schedules/${noon.body.data.id}`, {
      as: hrd,
      body: { scheduled_at: '2099-07-15T01:00:00Z' },
    })
    expect(moved.status).toBe(409)
    expect(moved.body.message).toContain(`jadwal #${morning.body.data.id}`)
    const added = await call(t, 'PUT', `/api/hrd/test-schedules/${afternoon.body.data.id}`, {
      as: hrd,
      body: { scheduled_at: '2099-07-15T01:00:00Z', add_application_ids: [ani.applicationId] },
    })
    expect(added.status).toBe(409)
    const shown = await call(t, 'GET', `/api/hrd/test-schedules/${noon.body.data.id}`, { as: hrd })
    expect(shown.body.data.scheduledAt).toBe('2099-07-15T05:00:00.000Z')
    expect((await participantsOf(t, afternoon.body.data.id)).length).toBe(1)
    // Moving the afternoon's group (Budi alone) onto the morning's time is no copy: Budi is not in it.
    const fine = await call(t, 'PUT', `/api/hrd/test-schedules/${afternoon.body.data.id}`, {
      as: hrd,
      body: { scheduled_at: '2099-07-15T01:00:00Z' },
    })
    expect(fine.status).toBe(200)
  })
})
