import { describe, expect, it } from 'vitest'
import { schoolTimeAt } from '../../src/db/school-day.js'
import { LEARNERS } from '../../src/demo/cast.js'
import { addDays, demoClock, MIN_DAYS } from '../../src/demo/clock.js'
import { story } from '../../src/demo/story.js'
import { tracerAnswers } from '../../src/demo/tracer.js'
import { V, vacancies } from '../../src/demo/vacancies.js'
import { answerValues } from '../../src/modules/tracer-study/service.js'

const DAY = 86_400_000

/** Days of a whole school year (every `step`th), just after midnight, at noon and just before midnight at the school. */
function moments(timeZone: string, step = 1): Date[] {
  const out: Date[] = []
  for (let d = '2026-07-01'; d < '2027-07-01'; d = addDays(d, step))
    for (const [h, m] of [
      [0, 5],
      [12, 0],
      [23, 55],
    ])
      out.push(schoolTimeAt(d, h, m, timeZone))
  return out
}

/** The story told at `now`, checked: what does not hold, in words (empty when all is well). */
function problemsAt(now: Date, timeZone: string): string[] {
  const c = demoClock(now, timeZone)
  const schoolDate = c.date
  const problems: string[] = []
  const check = (ok: boolean, what: string) => {
    if (!ok) problems.push(`${now.toISOString()}: ${what}`)
  }
  const yearStart = c.at(`${c.startYear}-07-01`)
  const young = now.getTime() - yearStart.getTime() < MIN_DAYS * DAY
  const weekStart = c.at(addDays(c.today, -((new Date(`${c.today}T00:00:00Z`).getUTCDay() + 6) % 7)))
  const vs = new Map(vacancies(c).map((v) => [v.title, v]))
  let testsThisWeek = 0
  let heldAwaiting = 0
  for (const cycle of story(c)) {
    const v = vs.get(cycle.vacancy)!
    const thisYear = cycle.vacancy !== V.lastYear
    const past = (t: Date | undefined, what: string) => {
      if (!t) return
      check(t <= now, `${cycle.vacancy}: ${what} in the past`)
      if (thisYear && !young) check(t >= yearStart, `${cycle.vacancy}: ${what} in this school year`)
    }
    const before = (a: Date | undefined, b: Date | undefined, what: string) => {
      if (a && b) check(a < b, `${cycle.vacancy}: ${what}`)
    }
    past(v.createdAt, 'posted')
    for (const t of cycle.tests) {
      before(t.createdAt, t.scheduledAt, 'scheduled before the test')
      before(t.scheduledAt, t.markedAt, 'marked after the test')
      before(t.markedAt, t.validatedAt, 'validated after the mark')
      past(t.createdAt, 'test scheduled')
      past(t.markedAt, 'attendance marked')
      past(t.validatedAt, 'attendance validated')
      if (!t.markedAt) check(t.scheduledAt > now, 'an unmarked test is ahead')
      if (t.scheduledAt >= weekStart && t.scheduledAt.getTime() < weekStart.getTime() + 7 * DAY)
        testsThisWeek++
      if (t.markedAt && !t.validatedAt) heldAwaiting++
    }
    before(cycle.tests.at(-1)?.validatedAt, cycle.scoredAt, 'scored after the tests')
    before(cycle.scoredAt, cycle.publishedAt, 'published after scoring')
    past(cycle.publishedAt, 'published')
    let accepted = 0
    for (const a of cycle.applicants) {
      past(a.appliedAt, `${a.who} applied`)
      past(a.review?.at, `${a.who} reviewed`)
      past(a.withdrawnAt, `${a.who} withdrew`)
      before(v.createdAt, a.appliedAt, `${a.who} applied after the vacancy was posted`)
      check(schoolDate(a.appliedAt) <= v.deadline, `${a.who} applied by the deadline`)
      before(a.appliedAt, a.review?.at, `${a.who} reviewed after applying`)
      before(a.appliedAt, a.withdrawnAt, `${a.who} withdrew after applying`)
      for (const [i] of (a.attendance ?? []).entries()) {
        check(a.review?.decision === 'lolos', `${a.who} passed review before a test`)
        before(a.review?.at, cycle.tests[i].createdAt, `${a.who} scheduled after the review`)
      }
      if (a.result?.decision === 'diterima') accepted++
    }
    check(accepted <= v.quota, `${cycle.vacancy}: within the quota`)
  }
  check(testsThisWeek > 0, 'a test this week')
  check(heldAwaiting === 1, 'one held test awaits validation')
  for (const title of [V.mekanik, V.magang, V.webdev, V.itSupport])
    check(vs.get(title)!.deadline >= c.today, `${title} open`)
  for (const title of [V.teller, V.qc, V.itProduksi, V.paruhWaktu, V.lastYear])
    check(vs.get(title)!.deadline < c.today, `${title} closed`)

  const cohort = new Map(LEARNERS.map((l) => [l.key, l.cohort]))
  for (const a of tracerAnswers(c, () => undefined)) {
    try {
      answerValues(a.answer, c.today)
    } catch {
      check(false, `${a.who}: the tracer rule refuses the answer`)
    }
    check(a.submittedAt <= now, `${a.who}: answered in the past`)
    check(cohort.get(a.who) !== 0, `${a.who}: an alumnus`)
    const start = a.answer.start_date
    if (start) {
      check(start > `${c.startYear + 1 - cohort.get(a.who)!}-05-05`, `${a.who}: started after graduating`)
      if (a.answer.career_status !== 'lanjut_studi')
        check(start <= schoolDate(a.submittedAt), `${a.who}: answered after starting`)
    }
  }
  return problems
}

describe('the demo story is believable whenever it is seeded', () => {
  it('every day of a school year: steps in order, the past past, this year in this school year, a test this week, closed vacancies closed, tracer answers the rule accepts', () => {
    expect(moments('Asia/Jakarta').flatMap((now) => problemsAt(now, 'Asia/Jakarta'))).toEqual([])
  })

  it("in a school in WIT too, whose days and 09.00 are the school's", () => {
    expect(moments('Asia/Jayapura', 5).flatMap((now) => problemsAt(now, 'Asia/Jayapura'))).toEqual([])
    const c = demoClock(new Date('2026-11-25T14:30:00Z'), 'Asia/Jayapura')
    expect([c.today, c.ahead(1).toISOString()]).toEqual(['2026-11-25', '2026-11-26T00:00:00.000Z'])
  })
})
