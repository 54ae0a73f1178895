import { Type } from '@sinclair/typebox'
import {
  APPLICATION_STATUSES,
  ATTENDANCE_STATUSES,
  TEST_KINDS,
  VALIDATION_STATUSES,
} from '../../db/schema/index.js'
import { PageQuery } from '../../http/envelope.js'
import { DateOnly, DateTime, Id, Line, Nullable, Opt, StringEnum, Text } from '../../http/schemas.js'
import { ActingCompanyQuery } from '../../http/scope.js'
import { ApplicantOut } from '../../http/shapes/applicant.js'

const Str = Nullable(Type.String())
export const SCHEDULE_STATUSES = ['scheduled', 'ongoing', 'done', 'cancelled'] as const

/** At most this many participants in one schedule. */
export const MAX_PARTICIPANTS = 500

const Kind = StringEnum(TEST_KINDS, { description: 'psikotes, tes_tulis, praktik, wawancara or mcu' })

// ---------------------------------------------------------------- requests

export const ScheduleListQuery = Type.Object({
  ...PageQuery,
  ...ActingCompanyQuery,
  job_vacancy_id: Type.Optional(Id),
  kind: Type.Optional(StringEnum(TEST_KINDS)),
  status: Type.Optional(StringEnum(SCHEDULE_STATUSES)),
  date_from: Type.Optional(DateOnly),
  date_to: Type.Optional(DateOnly),
})

const ApplicationIds = (description: string, minItems = 0) =>
  Type.Array(Id, { minItems, maxItems: MAX_PARTICIPANTS, uniqueItems: true, description })

const Fields = {
  name: Line({ maxLength: 150 }),
  kind: Kind,
  scheduled_at: Type.String({ format: 'date-time', description: 'ISO 8601 with an offset, in the future' }),
  location: Line({ maxLength: 255 }),
  description: Opt(Type.String({ maxLength: 2000 })),
  minimum_score: Opt(Type.Number({ minimum: 0, maximum: 100 })),
  duration_minutes: Opt(Type.Integer({ minimum: 1, maximum: 1440 })),
}

export const CreateScheduleBody = Type.Object(
  {
    job_vacancy_id: Id,
    ...Fields,
    application_ids: ApplicationIds(
      'In-progress applications of the vacancy (past document review); an error per index otherwise',
      1,
    ),
  },
  { additionalProperties: false },
)

export const UpdateScheduleBody = Type.Object(
  {
    name: Type.Optional(Fields.name),
    kind: Type.Optional(Fields.kind),
    scheduled_at: Type.Optional(Fields.scheduled_at),
    location: Type.Optional(Fields.location),
    description: Fields.description,
    minimum_score: Fields.minimum_score,
    duration_minutes: Fields.duration_minutes,
    add_application_ids: Type.Optional(ApplicationIds('In-progress applications of the vacancy to add')),
    remove_application_ids: Type.Optional(
      ApplicationIds('Applications to remove; refused when their attendance was already validated'),
    ),
  },
  { additionalProperties: false },
)

export const CancelScheduleBody = Type.Object({ reason: Text(500) }, { additionalProperties: false })

export const ParticipantParams = Type.Object({ id: Id, participantId: Id })

export const ParticipantListQuery = Type.Object({
  ...PageQuery,
  attendance_status: Type.Optional(StringEnum([...ATTENDANCE_STATUSES, 'unmarked'] as const)),
  validation_status: Type.Optional(StringEnum(VALIDATION_STATUSES)),
})

export const MarkAttendanceBody = Type.Object(
  {
    status: StringEnum(ATTENDANCE_STATUSES),
    notes: Opt(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
)

// ---------------------------------------------------------------- answers

/** A schedule as every route answers it: the list row and the detail are the same. */
export const ScheduleOut = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: StringEnum(TEST_KINDS),
  scheduledAt: DateTime,
  durationMinutes: Nullable(Type.Integer()),
  location: Type.String(),
  description: Str,
  minimumScore: Nullable(Type.Number()),
  status: StringEnum(SCHEDULE_STATUSES, {
    description:
      '`scheduled` while ahead; `ongoing` from its start until `durationMinutes` have passed (without a duration, until the end of its day in the school time zone); `done` after; `cancelled` when called off',
  }),
  cancelledAt: Nullable(DateTime),
  cancelReason: Str,
  vacancy: Type.Object({ id: Type.Integer(), title: Type.String(), position: Type.String() }),
  participantCount: Type.Integer(),
  attendance: Type.Object({
    hadir: Type.Integer(),
    izin: Type.Integer(),
    alpa: Type.Integer(),
    unmarked: Type.Integer({
      description:
        'Participants who took part with no mark yet (not those who left the selection before the test)',
    }),
    released: Type.Integer({
      description:
        'Participants whose application left the selection (withdrawn, decided) before the test: nothing to record unless they came',
    }),
  }),
  validation: Type.Object({ pending: Type.Integer(), verified: Type.Integer(), rejected: Type.Integer() }),
  createdAt: DateTime,
  updatedAt: DateTime,
})

/** A participant of a schedule with their attendance and its validation. */
export const ParticipantOut = Type.Object({
  participantId: Type.Integer({
    description: 'Also the id of the attendance record the career center validates',
  }),
  applicationId: Type.Integer(),
  applicationStatus: StringEnum(APPLICATION_STATUSES),
  applicant: ApplicantOut,
  attendanceStatus: Nullable(StringEnum(ATTENDANCE_STATUSES)),
  attendanceNotes: Str,
  markedAt: Nullable(DateTime),
  validationStatus: StringEnum(VALIDATION_STATUSES),
  validationNotes: Str,
  validatedAt: Nullable(DateTime),
  validatedBy: Nullable(Type.Object({ id: Type.Integer(), fullName: Type.String() })),
  score: Nullable(
    Type.Number({
      description:
        "The participant's score in this test as HR entered it in the selection result: the psychotest score of a `psikotes`, the interview score of a `wawancara`, the MCU score of an `mcu`; null before it is entered, and for a written or practical test",
    }),
  ),
  lastRemindedAt: Nullable(DateTime),
  checkedInAt: Nullable(
    Type.String({
      format: 'date-time',
      description:
        'When the participant checked in themselves with the check-in code (the evidence of `hadir`)',
    }),
  ),
})
