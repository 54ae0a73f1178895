import { parse } from 'csv-parse/sync'
import { and, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { tracerStudies } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, anAlumnus } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { answerTracerStudy, employedAnswer } from '../support/builders/tracer-study.js'

/**
 * The absorption report's "working" (bekerja/wirausaha by the tracer study) for a date range counts the learners
 * who started work in it: any version of their answer said so with a start date in the range, as a placement
 * accepted in the range counts whatever became of it. It read only the *current* answer, so last year's report
 * changed whenever she updated her answer this year (a lost job took her out of it; a new job moved her to the
 * year of its start). The tracer study asks afterwards: an answer saved after the range counts for a start in it.
 */
const t = useTestApp()

/** School year 2024/2025: her first job (October 2024) started in it; today is later (November 2026). */
const PAST = { date_from: '2024-07-01', date_to: '2025-06-30' }
/** A range that includes today: to a year from now. */
const UP_TO_NOW = {
  date_from: '2024-07-01',
  date_to: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
}

type Alumna = Account & { studentId: number }

async function absorption(majorId: number, range: Record<string, string> = {}) {
  const admin = await anAdmin(t)
  return call(t, 'GET', '/api/admin/reports/absorption', {
    as: admin,
    query: { major_id: majorId, ...range },
  })
}

/** The report's download, as the browser gets it. */
async function download(majorId: number, range: Record<string, string>, format: 'csv' | 'xlsx') {
  const admin = await anAdmin(t)
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/reports/absorption',
    query: { major_id: String(majorId), ...range, format },
    headers: { authorization: admin.authorization },
  })
  expect(res.statusCode).toBe(200)
  return res.rawPayload
}

async function working(majorId: number, range: Record<string, string> = {}) {
  const res = await absorption(majorId, range)
  expect(res.status).toBe(200)
  const { cohort, working, absorbed, workingPercent } = res.body.data.totals
  return { cohort, working, absorbed, workingPercent }
}

/** Dates her version `version` as submitted at `at`, as it would be had she saved it then. */
const submittedOn = (alumna: Alumna, version: number, at: string) =>
  t.db
    .update(tracerStudies)
    .set({ submittedAt: new Date(at) })
    .where(and(eq(tracerStudies.studentId, alumna.studentId), eq(tracerStudies.version, version)))

/** She answers working since 1 October 2024, saved in October 2024. */
async function workingSinceOctober2024(majorId: number) {
  const alumna = (await anAlumnus(t, { majorId, values: { graduationYear: 2024 } })) as Alumna
  await answerTracerStudy(t, alumna) // bekerja, start 2024-10-01
  await submittedOn(alumna, 1, '2024-10-15T03:00:00Z')
  return alumna
}

const AS_WORKING = { cohort: 1, working: 1, absorbed: 1, workingPercent: 100 }
const NOT_WORKING = { cohort: 1, working: 0, absorbed: 0, workingPercent: 0 }
/** The totals in the downloads' column order, from "Jumlah Lulusan/Siswa" on. */
const FIGURES = [
  'cohort',
  'placed',
  'placedOutside',
  'working',
  'absorbed',
  'placedPercent',
  'workingPercent',
  'absorbedPercent',
] as const

describe('GET /api/admin/reports/absorption of a past date range', () => {
  it('still counts an alumna as working there after she later answers that she lost her job', async () => {
    const major = await aMajor(t)
    const alumna = await workingSinceOctober2024(major.id)
    expect(await working(major.id, PAST)).toEqual(AS_WORKING)

    // Today (after the range's end) she answers again: looking for work.
    const lost = await call(t, 'POST', '/api/alumni/tracer-study', {
      as: alumna,
      body: { career_status: 'mencari_kerja' },
    })
    expect(lost.status).toBe(200)

    // It was 0: her current answer was read for every range.
    expect(await working(major.id, PAST)).toEqual(AS_WORKING)
    // She started work within a range that includes today too; without a range, "working" is her current answer.
    expect(await working(major.id, UP_TO_NOW)).toEqual(AS_WORKING)
    expect(await working(major.id)).toEqual(NOT_WORKING)
  })

  it('an alumna who changed job counts in the range of the job she had then, and by her new one from its start', async () => {
    const major = await aMajor(t)
    const alumna = await workingSinceOctober2024(major.id)
    const changed = await call(t, 'POST', '/api/alumni/tracer-study', {
      as: alumna,
      body: employedAnswer({ institution_name: 'PT Baru Jaya', start_date: '2026-03-02' }),
    })
    expect(changed.status).toBe(200)

    expect(await working(major.id, PAST)).toEqual(AS_WORKING)
    // Her current answer's start (March 2026) is in a range that includes today, not in one from July 2026.
    expect(await working(major.id, UP_TO_NOW)).toEqual(AS_WORKING)
    expect(await working(major.id, { date_from: '2026-07-01' })).toEqual(NOT_WORKING)
  })

  it('an answer saved after the range ends counts for a start inside it: the tracer study asks afterwards', async () => {
    const major = await aMajor(t)
    const alumna = await workingSinceOctober2024(major.id)
    await submittedOn(alumna, 1, '2025-07-15T03:00:00Z') // saved after PAST ended, of a start inside it

    expect(await working(major.id, PAST)).toEqual(AS_WORKING)
    expect(await working(major.id, UP_TO_NOW)).toEqual(AS_WORKING)
    // A start outside the range is not in it, whenever it was told.
    expect(await working(major.id, { date_from: '2025-01-01', date_to: '2025-06-30' })).toEqual(NOT_WORKING)
  })

  it('a start date she corrected (same job, wrong year) counts her in the corrected year only', async () => {
    const major = await aMajor(t)
    const alumna = await workingSinceOctober2024(major.id)
    // A minute later she corrects the year: the same job (same workplace, written in other case), from October 2025.
    const fixed = await call(t, 'POST', '/api/alumni/tracer-study', {
      as: alumna,
      body: employedAnswer({ institution_name: ' pt astra honda motor ', start_date: '2025-10-01' }),
    })
    expect(fixed.status).toBe(200)

    expect(await working(major.id, { date_from: '2025-07-01', date_to: '2026-06-30' })).toEqual(AS_WORKING)
    // It was working 1 here too (the typo's version), absorbed in two school years (found by the review audit).
    expect(await working(major.id, PAST)).toEqual(NOT_WORKING)
  })

  it('the CSV and Excel downloads of the past range agree with the JSON', async () => {
    const major = await aMajor(t, { code: 'TPRA' })
    const alumna = await workingSinceOctober2024(major.id)
    const lost = await call(t, 'POST', '/api/alumni/tracer-study', {
      as: alumna,
      body: { career_status: 'mencari_kerja' },
    })
    expect(lost.status).toBe(200)

    const json = await absorption(major.id, PAST)
    expect(json.body.data.totals.working).toBe(1)
    const figures = FIGURES.map((k) => json.body.data.totals[k])

    const records = parse(await download(major.id, PAST, 'csv'), { bom: true }) as string[][]
    expect(records[0][7]).toBe('Bekerja/Wirausaha (Tracer)')
    expect(records.at(-1)?.[0]).toBe('TOTAL')
    expect(records.at(-1)?.slice(4)).toEqual(figures.map(String))

    const book = new ExcelJS.Workbook()
    await book.xlsx.load((await download(major.id, PAST, 'xlsx')) as unknown as ArrayBuffer)
    const sheet = book.worksheets[0].getSheetValues().slice(1) as unknown[][]
    expect(sheet.at(-1)?.slice(1, 2)).toEqual(['TOTAL'])
    expect(sheet.at(-1)?.slice(5)).toEqual(figures)
  })
})
