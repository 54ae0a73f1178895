import { describe, expect, it } from 'vitest'
import { tracerStudies } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anAlumnus } from '../support/builders/accounts.js'

const t = useTestApp()
const URL = '/api/alumni/tracer-study'
const looking = { career_status: 'mencari_kerja' }

describe('an alumnus who saves the tracer study over and over', () => {
  it('gets a 429 after 30 saves in an hour; the answers show the current version and the 20 latest before it', async () => {
    const alumnus = await anAlumnus(t)
    const statuses: number[] = []
    for (let i = 0; i < 31; i++)
      statuses.push((await call(t, 'POST', URL, { as: alumnus, body: looking })).status)
    // Before the fix: every save was taken (each a version kept for good).
    expect(statuses.slice(0, 30).every((s) => s === 200 || s === 201)).toBe(true)
    expect(statuses[30]).toBe(429)

    // Versions saved over a long time (written directly): every read answered all of them (5,000: 1.3 MB).
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      studentId: alumnus.studentId,
      version: 31 + i,
      isCurrent: false,
      careerStatus: 'mencari_kerja' as const,
    }))
    for (let i = 0; i < rows.length; i += 1000)
      await t.db.insert(tracerStudies).values(rows.slice(i, i + 1000))

    const own = (await call(t, 'GET', URL, { as: alumnus })).body.data
    const staff = (
      await call(t, 'GET', `/api/admin/tracer-studies/${alumnus.studentId}`, { as: await anAdmin(t) })
    ).body.data
    for (const answer of [own, staff]) {
      expect(answer.history).toHaveLength(20)
      expect(answer.history[0].version).toBeGreaterThan(answer.history[19].version)
    }
  }, 60_000)
})
