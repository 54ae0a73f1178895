import type { SQL } from 'drizzle-orm'
import type { Actor } from '../../actor.js'
import type { Conn } from '../../db/client.js'
import type { ApplicationStatus } from '../../db/schema/index.js'
import {
  applicationReceivedTemplate,
  type NewNotification,
  notify,
  staffNoticesOfApplication,
} from '../notifications/service.js'
import * as q from './queries.js'
import { type Move, TRANSITIONS, type Transition } from './transitions.js'

export { HIDDEN_STAGES, type Move, stageOf, TRANSITIONS } from './transitions.js'

/**
 * The application lifecycle: the one owner of every change of an application's status, of its timeline
 * rows and of the in-app notices that announce them. Every function runs in the caller's transaction.
 */

/**
 * Applying (`applied`: none -> pending): the application, its first timeline row and the notices to the
 * company's HR, written by one statement (`insertApplication`) after the notice's wording is read (to the
 * staff who act for a company without HR, by a second one). Undefined, and nothing written, when the learner
 * already applied (the unique key decided a race).
 */
export async function openApplication(
  tx: Conn,
  actor: Actor,
  a: { vacancyId: number; studentId: number; role: 'siswa' | 'alumni'; coverLetter: string | null },
) {
  const template = await applicationReceivedTemplate(tx)
  const row = await q.insertApplication(tx, { ...a, actorId: actor.id, actorName: actor.fullName }, template)
  // No HR account was told: a company whose selection staff run is told through them.
  if (row && row.hrTold === 0) await staffNoticesOfApplication(tx, template, row.id)
  return row
}

/** One application taking one move; `status` is the timeline row's result (default: the new status). */
export interface Step {
  applicationId: number
  move: Exclude<Move, 'applied'>
  status?: string
  notes?: string | null
}

export interface MoveOptions {
  /** More columns set with the status (e.g. the review's decision), for the moves that change it. */
  changes?: q.ApplicationChanges
  /** A further condition on the applications moved (e.g. the applicant's own). */
  where?: SQL
  /** The in-app notices, given the ids that did move. */
  notices?: (moved: Set<number>) => NewNotification[]
}

/**
 * Takes the steps in the caller's transaction: the moves that change the status are checked and done
 * by one UPDATE per move (`… where id in (…) and status in (from)`: an application not in a `from`
 * status is left out); hidden rows are revealed for the moves that reveal; then one INSERT writes the
 * timeline rows of the steps that happened and one the notices. Returns the ids that moved, in order.
 */
export async function moveApplications(tx: Conn, actor: Actor, steps: Step[], options: MoveOptions = {}) {
  const moved = new Set<number>()
  const byMove = new Map<Step['move'], number[]>()
  for (const s of steps) byMove.set(s.move, [...(byMove.get(s.move) ?? []), s.applicationId])
  for (const [move, ids] of byMove) {
    const t: Transition = TRANSITIONS[move]
    if (t.to === 'same') for (const id of ids) moved.add(id)
    else {
      const from = t.from as readonly ApplicationStatus[]
      for (const id of await q.setStatus(tx, ids, from, t.to, options.changes, options.where)) moved.add(id)
    }
  }
  const done = steps.filter((s) => moved.has(s.applicationId))
  const revealing = done
    .filter((s) => (TRANSITIONS[s.move] as Transition).reveals)
    .map((s) => s.applicationId)
  if (revealing.length > 0) await q.revealHidden(tx, revealing)
  await q.insertEvents(
    tx,
    done.map((s) => {
      const t: Transition = TRANSITIONS[s.move]
      return {
        applicationId: s.applicationId,
        stage: t.stage,
        status: s.status ?? (t.to as string),
        notes: s.notes ?? null,
        actorId: actor.id,
        actorName: actor.fullName,
        ...(t.hidden ? { visibleToApplicant: false } : {}),
      }
    }),
  )
  if (options.notices && moved.size > 0) await notify(tx, options.notices(moved))
  return done.map((s) => s.applicationId)
}
