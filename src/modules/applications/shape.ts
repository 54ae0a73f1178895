import { Type } from '@sinclair/typebox'
import { APPLICATION_STATUSES, JOB_TYPES, REVIEW_DECISIONS } from '../../db/schema/index.js'
import { DateOnly, DateTime, Nullable, StringEnum } from '../../http/schemas.js'
import { CompanyRef } from '../../http/shapes/company.js'
import { ApplicantTest, PublishedResult } from './selection.js'
import { LastEvent } from './timeline.js'

/**
 * An application in a list, as the applicant reads it (`/api/my-applications`); career-center staff read the same
 * one on a learner's record (`/api/admin/{students,alumni}/:id/applications`), with what stands behind it.
 */

const Str = Nullable(Type.String())

export const MyApplication = Type.Object({
  id: Type.Integer(),
  status: StringEnum(APPLICATION_STATUSES),
  createdAt: DateTime,
  updatedAt: DateTime,
  vacancy: Type.Object({
    id: Type.Integer(),
    title: Type.String(),
    position: Type.String(),
    jobType: StringEnum(JOB_TYPES),
    city: Str,
    province: Str,
    deadline: DateOnly,
    /** The company deleted the vacancy; the application stays in the applicant's history. */
    deleted: Type.Boolean(),
  }),
  company: CompanyRef,
  /**
   * The application is still open (pending or in the selection) but its company is switched off by the school:
   * its selection is on hold (nobody can move it) until the company is switched on again.
   */
  onHold: Type.Boolean(),
  /** The latest step of the timeline the applicant may see. */
  lastEvent: Nullable(LastEvent),
  /** The published selection result, null until published. */
  result: Nullable(PublishedResult),
})

/** One of a learner's applications as career-center staff read it on her record: where it stands. */
export const LearnerApplication = Type.Object({
  ...MyApplication.properties,
  withdrawnBySchool: Type.Boolean({
    description:
      'Withdrawn by the school (the learner was recorded as having left school), not by the learner',
  }),
  superseded: Type.Boolean({
    description:
      'History, not an applicant: withdrawn by the school, then followed by a new application of the learner to the same vacancy (counted nowhere)',
  }),
  review: Nullable(
    Type.Object(
      { decision: StringEnum(REVIEW_DECISIONS), notes: Str, reviewedAt: Nullable(DateTime) },
      { description: "The company's document review; null while it is pending" },
    ),
  ),
  lastTest: Nullable(
    Type.Object(ApplicantTest.properties, {
      description: 'The latest test she was to sit that has begun (not a cancelled one), with her attendance',
    }),
  ),
  nextTest: Nullable(
    Type.Object(ApplicantTest.properties, {
      description:
        'The first test ahead (not cancelled, not begun) while the application is in the selection',
    }),
  ),
})
