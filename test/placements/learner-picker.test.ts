import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anHrd, aStudent } from '../support/builders/accounts.js'

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
})
