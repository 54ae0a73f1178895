import { Type } from '@sinclair/typebox'
import { type AnyColumn, type SQL, sql } from 'drizzle-orm'
import {
  ATTENDANCE_STATUSES,
  type AttendanceStatus,
  PLACEMENT_STATUSES,
  type PlacementStatus,
  placements,
  type SelectionDecision,
  selectionResults,
  TEST_KINDS,
  type TestKind,
  testParticipants,
  testSchedules,
  VALIDATION_STATUSES,
  type ValidationStatus,
} from '../../db/schema/index.js'
import { DateOnly, DateTime, Nullable, StringEnum } from '../../http/schemas.js'
import { downloadUrlOf } from '../../http/shapes/file.js'

/**
 * What the applicant sees of the tests and the selection, each read as one JSON subquery of the
 * application: the tests they take part in, the result once published (never a draft) and the
 * placement once accepted.
 */

const Str = Nullable(Type.String())

export const ApplicantTest = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: StringEnum(TEST_KINDS),
  scheduledAt: DateTime,
  durationMinutes: Nullable(Type.Integer()),
  location: Type.String(),
  description: Str,
  /** `cancelled` when the company called the test off. */
  status: StringEnum(['scheduled', 'cancelled'] as const),
  attendanceStatus: Nullable(StringEnum(ATTENDANCE_STATUSES)),
  validationStatus: StringEnum(VALIDATION_STATUSES),
})

export const UpcomingTest = Type.Omit(ApplicantTest, ['status', 'validationStatus'])

export const PublishedResult = Type.Object({
  decision: StringEnum(['diterima', 'tidak_diterima', 'cadangan'] as const),
  psychotestScore: Nullable(Type.Number()),
  interviewScore: Nullable(Type.Number()),
  mcuScore: Nullable(Type.Number()),
  finalScore: Nullable(Type.Number()),
  notes: Str,
  letterUrl: Str,
  publishedAt: DateTime,
})

export const ApplicantPlacement = Type.Object({
  id: Type.Integer(),
  position: Type.String(),
  acceptedAt: DateOnly,
  startDate: Nullable(DateOnly),
  status: StringEnum(PLACEMENT_STATUSES),
})

interface TestJson {
  id: number
  name: string
  kind: TestKind
  scheduledAt: string
  durationMinutes: number | null
  location: string
  description: string | null
  status: 'scheduled' | 'cancelled'
  attendanceStatus: AttendanceStatus | null
  validationStatus: ValidationStatus
  /** Not cancelled and not begun yet, by the database's clock. */
  upcoming: boolean
}

interface ResultJson {
  decision: SelectionDecision
  psychotestScore: number | null
  interviewScore: number | null
  mcuScore: number | null
  finalScore: number | null
  notes: string | null
  letterFileId: number | null
  publishedAt: string
}

interface PlacementJson {
  id: number
  position: string
  acceptedAt: string
  startDate: string | null
  status: PlacementStatus
}

type Ref = AnyColumn | SQL

/** Every test the application takes part in, oldest first. */
export const testsOf = (applicationId: Ref) => sql<TestJson[]>`(
  select coalesce(json_agg(json_build_object(
    'id', ${testSchedules.id}, 'name', ${testSchedules.name}, 'kind', ${testSchedules.kind},
    'scheduledAt', ${testSchedules.scheduledAt}, 'durationMinutes', ${testSchedules.durationMinutes},
    'location', ${testSchedules.location}, 'description', ${testSchedules.description},
    'status', ${testSchedules.status}, 'attendanceStatus', ${testParticipants.attendanceStatus},
    'validationStatus', ${testParticipants.validationStatus},
    'upcoming', ${testSchedules.status} = 'scheduled' and ${testSchedules.scheduledAt} > now()
  ) order by ${testSchedules.scheduledAt}, ${testSchedules.id}), '[]'::json)
  from ${testParticipants} join ${testSchedules} on ${testSchedules.id} = ${testParticipants.testScheduleId}
  where ${testParticipants.applicationId} = ${applicationId})`

/** The application's selection result if it is published, else null. */
export const publishedResultOf = (applicationId: Ref) => sql<ResultJson | null>`(
  select json_build_object(
    'decision', ${selectionResults.decision}, 'psychotestScore', ${selectionResults.psychotestScore},
    'interviewScore', ${selectionResults.interviewScore}, 'mcuScore', ${selectionResults.mcuScore},
    'finalScore', ${selectionResults.finalScore}, 'notes', ${selectionResults.notes},
    'letterFileId', ${selectionResults.letterFileId}, 'publishedAt', ${selectionResults.publishedAt})
  from ${selectionResults}
  where ${selectionResults.applicationId} = ${applicationId} and ${selectionResults.isPublished})`

export const placementOf = (applicationId: Ref) => sql<PlacementJson | null>`(
  select json_build_object(
    'id', ${placements.id}, 'position', ${placements.position}, 'acceptedAt', ${placements.acceptedAt},
    'startDate', ${placements.startDate}, 'status', ${placements.status})
  from ${placements} where ${placements.applicationId} = ${applicationId})`

const iso = (at: string) => new Date(at).toISOString()

export function resultOut(r: ResultJson | null) {
  // A published result always carries a decision; `pending` is never published.
  if (!r || r.decision === 'pending') return null
  return {
    decision: r.decision,
    psychotestScore: r.psychotestScore,
    interviewScore: r.interviewScore,
    mcuScore: r.mcuScore,
    finalScore: r.finalScore,
    notes: r.notes,
    letterUrl: r.letterFileId ? downloadUrlOf(r.letterFileId) : null,
    publishedAt: iso(r.publishedAt),
  }
}

/** The application's tests, and those ahead that it still sits (none once it left the selection). */
export function testsOut(rows: TestJson[], inSelection: boolean) {
  const tests = rows.map(({ upcoming: _, ...t }) => ({ ...t, scheduledAt: iso(t.scheduledAt) }))
  const upcomingTests = rows
    .filter((t) => t.upcoming && inSelection)
    .map((t) => ({
      id: t.id,
      name: t.name,
      kind: t.kind,
      scheduledAt: iso(t.scheduledAt),
      durationMinutes: t.durationMinutes,
      location: t.location,
      description: t.description,
      attendanceStatus: t.attendanceStatus,
    }))
  return { tests, upcomingTests }
}

/**
 * Where an application stands in its tests, for staff: the latest test that has begun (not a cancelled one),
 * with the learner's attendance, and the first one ahead while she is in the selection.
 */
export function stageTestsOut(rows: TestJson[], inSelection: boolean) {
  const out = ({ upcoming: _, ...t }: TestJson) => ({ ...t, scheduledAt: iso(t.scheduledAt) })
  const held = rows.filter((t) => t.status === 'scheduled' && !t.upcoming)
  const ahead = inSelection ? rows.find((t) => t.upcoming) : undefined
  return {
    lastTest: held.length ? out(held[held.length - 1]) : null,
    nextTest: ahead ? out(ahead) : null,
  }
}
