import { label, servedStatusGroups, type Vocabulary } from '../../lib/labels'

/** Which vocabulary a timeline row's `status` belongs to, until the service's vocabulary says (lib/labels). */
const STATUS_GROUPS: Record<string, Vocabulary> = {
  applied: 'applicationStatus',
  withdrawn: 'applicationStatus',
  vacancy_closed: 'applicationStatus',
  document_review: 'reviewDecision',
  test_scheduled: 'testKind',
  test_updated: 'testKind',
  test_removed: 'testKind',
  test_cancelled: 'testKind',
  test_attendance: 'attendance',
  selection_scored: 'selectionDecision',
  selection_decision: 'selectionDecision',
  selection_published: 'selectionDecision',
}

/** A timeline row as words: its stage and its status (a decision, a test kind, an attendance…). */
export function eventLabel(e: { stage: string; status: string }): { stage: string; status: string } {
  const group = servedStatusGroups[e.stage] ?? STATUS_GROUPS[e.stage] ?? 'applicationStatus'
  return { stage: label('stage', e.stage), status: label(group, e.status) }
}

/**
 * A waiting-list place (`cadangan`) on an application that ended since: the company closed the vacancy (the only
 * way a published `cadangan` ends as `rejected`), so the place no longer holds.
 */
export const waitlistClosed = (a: { status: string; result: { decision: string } | null }) =>
  a.result?.decision === 'cadangan' && a.status === 'rejected'
