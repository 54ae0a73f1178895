import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { tag } from '../support/builders/org.js'
import { anHrdWithVacancy, candidates } from '../support/builders/selection.js'

/**
 * Every search's blanks are squeezed (`likePattern`), so a test schedule's name and location (searched by HR's
 * schedule list) are stored squeezed (`cleanText`, src/modules/schedules/checks.ts); they were stored as typed,
 * and a name saved with two spaces was found by no search (found by the review of the change).
 */
const t = useTestApp()

describe("HR's schedule list search", () => {
  // HR names a test "Psikotes  Tahap 1" (two spaces, pasted from the company's plan) at "Aula  PT Mitra", then
  // searches the schedule list for it by pasting the same text, or typing it with one space. Before: no schedule
  // (before this session the pasted text found it). Should: the schedule.
  it('finds a schedule whose name was typed with two spaces', async () => {
    const q = tag()
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const [a] = await candidates(t, vacancy.id, 1)
    const made = await call(t, 'POST', '/api/hrd/test-schedules', {
      as: hrd,
      body: {
        job_vacancy_id: vacancy.id,
        name: `Psikotes  Tahap 1 ${q}`,
        kind: 'psikotes',
        scheduled_at: '2099-07-15T01:00:00Z',
        location: 'Aula  PT Mitra',
        duration_minutes: 90,
        application_ids: [a.application.id],
      },
    })
    expect(made.status).toBe(201)
    const pasted = await call(t, 'GET', '/api/hrd/test-schedules', {
      as: hrd,
      query: { search: `Psikotes  Tahap 1 ${q}` },
    })
    expect(pasted.status).toBe(200)
    expect(pasted.body.meta.total).toBe(1)
    const typed = await call(t, 'GET', '/api/hrd/test-schedules', {
      as: hrd,
      query: { search: `Psikotes Tahap 1 ${q}` },
    })
    expect(typed.body.meta.total).toBe(1)
  })
})
