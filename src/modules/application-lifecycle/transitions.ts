import type { ApplicationStatus } from '../../db/schema/index.js'

/**
 * Every move of an application, written once (docs/architecture.md shows this table):
 * - `from`: the statuses the move starts from; `'none'` = no application yet (applying), `'any'` = the
 *   move only writes the timeline, whatever the status (the caller's own rule decides who takes part);
 * - `to`: the status it leaves, `'same'` = the status does not change;
 * - `stage`: the timeline row it writes (a code of the vocabulary's `stage` group);
 * - `hidden`: the row stays hidden from the applicant until `reveals` (publishing) shows it.
 * A move whose `to` changes the status is checked by the UPDATE itself (`… where status in from`); a move
 * that keeps it is checked by its caller under the caller's lock (schedules: participants in progress,
 * selection: results of in-progress applications).
 */
export const TRANSITIONS = {
  applied: { from: 'none', to: 'pending', stage: 'applied' },
  reviewPassed: { from: ['pending'], to: 'in_progress', stage: 'document_review' },
  reviewFailed: { from: ['pending'], to: 'rejected', stage: 'document_review' },
  // A document review failed by mistake, passed after all (the caller takes only those its review rejected).
  reviewCorrected: { from: ['rejected'], to: 'in_progress', stage: 'document_review' },
  withdrawn: { from: ['pending', 'in_progress'], to: 'withdrawn', stage: 'withdrawn' },
  testScheduled: { from: ['in_progress'], to: 'same', stage: 'test_scheduled' },
  testUpdated: { from: 'any', to: 'same', stage: 'test_updated' },
  testRemoved: { from: 'any', to: 'same', stage: 'test_removed' },
  testCancelled: { from: 'any', to: 'same', stage: 'test_cancelled' },
  attendanceVerified: { from: 'any', to: 'same', stage: 'test_attendance' },
  selectionScored: { from: ['in_progress'], to: 'same', stage: 'selection_scored', hidden: true },
  selectionDecided: { from: ['in_progress'], to: 'same', stage: 'selection_decision', hidden: true },
  publishedAccepted: { from: ['in_progress'], to: 'accepted', stage: 'selection_published', reveals: true },
  publishedRejected: { from: ['in_progress'], to: 'rejected', stage: 'selection_published', reveals: true },
  publishedWaitlisted: { from: ['in_progress'], to: 'same', stage: 'selection_published', reveals: true },
  vacancyClosed: { from: ['pending', 'in_progress'], to: 'rejected', stage: 'vacancy_closed' },
} as const satisfies Record<string, Transition>

export interface Transition {
  from: readonly ApplicationStatus[] | 'none' | 'any'
  to: ApplicationStatus | 'same'
  stage: string
  hidden?: boolean
  reveals?: boolean
}

export type Move = keyof typeof TRANSITIONS

/** The timeline stages the lifecycle writes, by move. */
export const stageOf = (move: Move): string => TRANSITIONS[move].stage

/** Stages written hidden (drafts), made visible by a move that `reveals`. */
export const HIDDEN_STAGES: string[] = Object.values(TRANSITIONS as Record<Move, Transition>)
  .filter((t) => t.hidden)
  .map((t) => t.stage)
