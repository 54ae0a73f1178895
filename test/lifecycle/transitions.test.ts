import { readFileSync } from 'node:fs'
import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { applicationEvents, applications } from '../../src/db/schema/index.js'
import {
  type Move,
  TRANSITIONS,
  type Transition,
} from '../../src/modules/application-lifecycle/transitions.js'
import { call, useTestApp } from '../support/app.js'
import type { Account } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy, aResult, publishResults } from '../support/builders/selection.js'

const t = useTestApp()

/** The rows of the lifecycle table in docs/architecture.md: move, from, to, stage. */
function documentedMoves() {
  const doc = readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8')
  const section = doc.slice(doc.indexOf('## The application lifecycle'))
  const cells = (line: string) =>
    line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim())
  const codes = (cell: string) => [...cell.matchAll(/`([a-z_A-Z]+)`/g)].map((m) => m[1])
  return section
    .split('\n')
    .filter((l) => l.startsWith('| `'))
    .map((l) => {
      const [move, from, to, stage] = cells(l)
      return {
        move: codes(move)[0],
        from: from === '(none)' ? 'none' : from === '(any)' ? 'any' : codes(from),
        to: to === '(same)' ? 'same' : codes(to)[0],
        stage: codes(stage)[0],
        hidden: stage.includes('hidden'),
        reveals: stage.includes('reveals'),
      }
    })
}

describe('the lifecycle table', () => {
  it('docs/architecture.md shows every move of TRANSITIONS, and no other', () => {
    const table = Object.entries(TRANSITIONS as Record<Move, Transition>).map(([move, tr]) => ({
      move,
      from: typeof tr.from === 'string' ? tr.from : [...tr.from],
      to: tr.to,
      stage: tr.stage,
      hidden: tr.hidden ?? false,
      reveals: tr.reveals ?? false,
    }))
    expect(documentedMoves()).toEqual(table)
  })

  it('the final statuses have no move out, but a document review failed by mistake', () => {
    const out = Object.entries(TRANSITIONS as Record<Move, Transition>).flatMap(([move, tr]) =>
      typeof tr.from === 'string' ? [] : tr.from.map((from) => `${from} -> ${move}`),
    )
    for (const final of ['accepted', 'rejected', 'withdrawn'] as const)
      expect(out.filter((m) => m.startsWith(`${final} `))).toEqual(
        final === 'rejected' ? ['rejected -> reviewCorrected'] : [],
      )
  })
})

const statusOf = async (id: number) =>
  (await t.db.select({ status: applications.status }).from(applications).where(eq(applications.id, id)))[0]
    ?.status

const stagesOf = async (id: number) =>
  (
    await t.db
      .select({ stage: applicationEvents.stage, status: applicationEvents.status })
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, id))
      .orderBy(asc(applicationEvents.id))
  ).map((e) => `${e.stage}:${e.status}`)

describe('the moves over HTTP', () => {
  it('publish cadangan keeps the application in progress: the applicant may still withdraw it; diterima may not', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const waiting = await aCandidate(t, vacancy.id)
    const accepted = await aCandidate(t, vacancy.id)
    await aResult(t, waiting.application.id, { decision: 'cadangan' })
    await aResult(t, accepted.application.id, { decision: 'diterima' })
    const published = await publishResults(t, hrd, vacancy.id)
    expect(published.status).toBe(200)
    expect(await statusOf(waiting.application.id)).toBe('in_progress')
    expect(await statusOf(accepted.application.id)).toBe('accepted')

    const withdrawn = await call(t, 'PATCH', `/api/my-applications/${waiting.application.id}/withdraw`, {
      as: waiting.learner as Account,
    })
    expect(withdrawn.status).toBe(200)
    expect(withdrawn.body.data.status).toBe('withdrawn')
    expect(await statusOf(waiting.application.id)).toBe('withdrawn')
    expect((await stagesOf(waiting.application.id)).slice(-2)).toEqual([
      'selection_published:cadangan',
      'withdrawn:withdrawn',
    ])

    const refused = await call(t, 'PATCH', `/api/my-applications/${accepted.application.id}/withdraw`, {
      as: accepted.learner as Account,
    })
    expect(refused.status).toBe(422)
    expect(await statusOf(accepted.application.id)).toBe('accepted')
    expect(await stagesOf(accepted.application.id)).not.toContain('withdrawn:withdrawn')
  })

  it('a withdrawn application is neither reviewed nor given a selection decision', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const gone = await aCandidate(t, vacancy.id, { status: 'withdrawn' })
    const id = gone.application.id
    const before = await stagesOf(id)

    const review = await call(t, 'PATCH', `/api/hrd/applicant-reviews/${id}/review`, {
      as: hrd,
      body: { decision: 'lolos' },
    })
    expect(review.status).toBe(422)
    const decision = await call(t, 'PATCH', `/api/hrd/selection-results/${id}/decision`, {
      as: hrd,
      body: { decision: 'diterima' },
    })
    expect(decision.status).toBe(422)
    expect(await statusOf(id)).toBe('withdrawn')
    expect(await stagesOf(id)).toEqual(before)
  })
})
