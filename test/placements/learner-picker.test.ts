import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd, aStudent } from '../support/builders/accounts.js'

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
})
