import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { tracerStudies } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, anAlumnus } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { answerTracerStudy } from '../support/builders/tracer-study.js'

/**
 * The career center reports its tracer study round by round: the date range of GET /api/admin/reports/tracer-study
 * bounds when answers were given. Every save is a version kept for good, and alumni answer again in each round. A
 * round's report reads each alumna's answer as it stood at the range's end (her latest version submitted up to
 * then), counted when she gave it within the range. The report used to read only the current version, so an
 * alumna who answered again vanished from the round she had answered in, and a past round's response rate and
 * figures changed after the school had reported them.
 */
const t = useTestApp()

const ROUND_2024 = { date_from: '2024-07-01', date_to: '2025-06-30' }
const ROUND_2025 = { date_from: '2025-07-01', date_to: '2026-06-30' }
const ROUND_2026 = { date_from: '2026-07-01', date_to: '2027-06-30' }

async function report(majorId: number, range: Record<string, string> = {}) {
  const admin = await anAdmin(t)
  const res = await call(t, 'GET', '/api/admin/reports/tracer-study', {
    as: admin,
    query: { major_id: majorId, ...range },
  })
  expect(res.status).toBe(200)
  const d = res.body.data
  const statuses = Object.fromEntries(
    d.statuses.map((s: { status: string; count: number }) => [s.status, s.count]),
  )
  return { alumni: d.alumni, respondents: d.respondents, working: d.working, statuses }
}

/** Dates her version `version` as submitted at `at`, as it would be had she saved it then. */
const submittedOn = (alumna: Account & { studentId: number }, version: number, at: string) =>
  t.db
    .update(tracerStudies)
    .set({ submittedAt: new Date(at) })
    .where(and(eq(tracerStudies.studentId, alumna.studentId), eq(tracerStudies.version, version)))

const lostHerJob = (alumna: Account) =>
  call(t, 'POST', '/api/alumni/tracer-study', { as: alumna, body: { career_status: 'mencari_kerja' } })

describe('GET /api/admin/reports/tracer-study of a past round (date range)', () => {
  it('still counts the answer an alumna gave in that round, as she gave it, after she answers again', async () => {
    const major = await aMajor(t)
    const alumna = await anAlumnus(t, { majorId: major.id })
    await answerTracerStudy(t, alumna) // working
    await submittedOn(alumna, 1, '2025-09-15T03:00:00Z')
    const working = { alumni: 1, respondents: 1, working: 1, statuses: { bekerja: 1, mencari_kerja: 0 } }
    expect(await report(major.id, ROUND_2025)).toMatchObject(working)

    // The next round (today, November 2026): she has lost her job.
    expect((await lostHerJob(alumna)).status).toBe(200)

    expect(await report(major.id, ROUND_2025)).toMatchObject(working)
    const looking = { alumni: 1, respondents: 1, working: 0, statuses: { bekerja: 0, mencari_kerja: 1 } }
    expect(await report(major.id, ROUND_2026)).toMatchObject(looking)
    // Without a range: the current answers, as before.
    expect(await report(major.id)).toMatchObject(looking)
  })

  it('an answer given before the range and not renewed in it does not make her a respondent of that round', async () => {
    const major = await aMajor(t)
    const alumna = await anAlumnus(t, { majorId: major.id })
    await answerTracerStudy(t, alumna)
    await submittedOn(alumna, 1, '2024-09-15T03:00:00Z')

    expect(await report(major.id, ROUND_2024)).toMatchObject({ alumni: 1, respondents: 1 })
    expect(await report(major.id, ROUND_2025)).toMatchObject({ alumni: 1, respondents: 0, working: 0 })
    expect(await report(major.id)).toMatchObject({ alumni: 1, respondents: 1 })
  })

  it('two answers in one round count once, as the later one', async () => {
    const major = await aMajor(t)
    const alumna = await anAlumnus(t, { majorId: major.id })
    await answerTracerStudy(t, alumna)
    expect((await lostHerJob(alumna)).status).toBe(200)
    await submittedOn(alumna, 1, '2025-08-01T03:00:00Z')
    await submittedOn(alumna, 2, '2025-10-01T03:00:00Z')

    expect(await report(major.id, ROUND_2025)).toMatchObject({
      respondents: 1,
      working: 0,
      statuses: { bekerja: 0, mencari_kerja: 1 },
    })
    // A range ending between the two: the answer as it stood then.
    expect(await report(major.id, { date_from: '2025-07-01', date_to: '2025-08-31' })).toMatchObject({
      respondents: 1,
      working: 1,
    })
    // A range starting between the two: only the later answer was given in it.
    expect(await report(major.id, { date_from: '2025-09-01' })).toMatchObject({ respondents: 1, working: 0 })
  })
})
