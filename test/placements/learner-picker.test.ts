import { describe, expect, it } from 'vitest'
import { HR_SEARCHES_PER_HOUR } from '../../src/modules/placements/schemas.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd, aStudent } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { dayFromToday } from '../support/builders/vacancies.js'

/**
 * docs/decisions.md, "Placements found outside bursa": HR's learner picker "must type at least 3
 * characters, so it finds people it knows rather than browsing the school's roll". The 3 characters are
 * counted before the search is trimmed, so blanks (or one letter and two blanks) browse the roll.
 */
const t = useTestApp()

describe('GET /api/hrd/job-placements/learners', () => {
  it('refuses a search that is shorter than 3 characters once its blanks are taken off (422 on search)', async () => {
    const hrd = await anHrd(t)
    for (let i = 0; i < 3; i++) await aStudent(t)

    const blanks = await call(t, 'GET', '/api/hrd/job-placements/learners', {
      as: hrd,
      query: { search: '   ' },
    })
    // Before the fix: 200 with the first learners of the roll (every learner matches '%%').
    expect(blanks.status).toBe(422)
    expect(Object.keys(blanks.body.errors ?? {})).toEqual(['search'])

    const oneLetter = await call(t, 'GET', '/api/hrd/job-placements/learners', {
      as: hrd,
      query: { search: 'a  ' },
    })
    expect(oneLetter.status).toBe(422)
    expect(Object.keys(oneLetter.body.errors ?? {})).toEqual(['search'])
  })
  it('answers an HR account 30 searches an hour, then 429: a partner cannot sweep the roll; staff are not limited', async () => {
    const learner = await aStudent(t, { values: { nis: '2425777', fullName: 'Rahmat Hidayat' } })
    const hrd = await anHrd(t)
    const other = await anHrd(t)
    const admin = await anAdmin(t)
    const search = (as: { authorization: string }, path = '/api/hrd/job-placements/learners') =>
      call(t, 'GET', path, { as, query: { search: '2425777' } })
    for (let i = 0; i < 30; i++) {
      const res = await search(hrd)
      expect(res.status, `search ${i + 1}`).toBe(200)
      expect(res.body.data.map((o: { value: number }) => o.value)).toEqual([learner.studentId])
    }
    const refused = await search(hrd)
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ success: false, data: null })
    expect(refused.body.message).toMatch(/^Terlalu banyak permintaan\. Coba lagi dalam \d+ detik\.$/)
    expect((await search(other)).status).toBe(200)
    for (let i = 0; i < 35; i++)
      expect((await search(admin, '/api/admin/job-placements/learners')).status).toBe(200)
  })

  it('recording a placement, or pointing one at another learner, counts as a look-up: one placement cannot read the roll', async () => {
    // Each answer names the learner (name, NIS, major, graduation year). Before, HR recorded one outside
    // placement and re-pointed it with PUT at learner id after learner id: 40 learners read, never a 429.
    const hrd = await anHrd(t)
    const major = await aMajor(t)
    const roll = []
    for (let i = 0; i < HR_SEARCHES_PER_HOUR + 5; i++)
      roll.push(await aStudent(t, { majorId: major.id, account: false }))
    const accepted = await dayFromToday(t, -3)
    const body = (studentId: number, position = 'Operator') => ({
      student_id: studentId,
      position,
      accepted_date: accepted,
    })

    const created = await call(t, 'POST', '/api/hrd/job-placements', {
      as: hrd,
      body: body(roll[0].studentId),
    })
    expect(created.status).toBe(201)
    const id = created.body.data.id as number
    // Correcting the same learner's placement is not a look-up.
    for (let i = 0; i < 3; i++) {
      const same = await call(t, 'PUT', `/api/hrd/job-placements/${id}`, {
        as: hrd,
        body: body(roll[0].studentId, `Operator ${i}`),
      })
      expect(same.status).toBe(200)
    }
    const statuses: number[] = []
    for (const learner of roll.slice(1)) {
      const res = await call(t, 'PUT', `/api/hrd/job-placements/${id}`, {
        as: hrd,
        body: body(learner.studentId),
      })
      statuses.push(res.status)
    }
    // The POST was the first look-up; 29 more learners, then 429 naming none.
    expect(statuses.filter((s) => s === 200)).toHaveLength(HR_SEARCHES_PER_HOUR - 1)
    expect(statuses.slice(HR_SEARCHES_PER_HOUR - 1)).toEqual(Array(5).fill(429))
    const refused = await call(t, 'PUT', `/api/hrd/job-placements/${id}`, {
      as: hrd,
      body: body(roll[1].studentId),
    })
    expect(refused.body).toMatchObject({ success: false, data: null })
    // A new placement is a look-up too.
    const more = await call(t, 'POST', '/api/hrd/job-placements', { as: hrd, body: body(roll[2].studentId) })
    expect(more.status).toBe(429)
  })
})
