import { Type } from '@sinclair/typebox'
import {
  ATTENDANCE_STATUSES,
  CAREER_STATUSES,
  JOB_FITS,
  LEFT_REASONS,
  PLACEMENT_SOURCES,
  PLACEMENT_STATUSES,
  ROLES,
  TEST_KINDS,
  VALIDATION_STATUSES,
} from '../../db/schema/index.js'
import { DateOnly, DateTime, Nullable, StringEnum } from '../../http/schemas.js'
import { CompanyRef } from '../../http/shapes/company.js'
import { FileOut } from '../../http/shapes/file.js'
import { TimelineEntry } from '../applications/timeline.js'
import { BiodataOut } from '../portfolio/schemas.js'

/*
 * The copy of a learner's personal data (UU 27/2022 PDP, the right of access): one JSON document, the same for
 * the learner (`GET /api/my-data`) and for staff answering her parent (`GET /api/admin/{students,alumni}/:id/
 * personal-data`). Field names follow the API's answers (camelCase, the names of the routes that show each record).
 */

const S = Nullable(Type.String())
const Json = Type.Record(Type.String(), Type.Unknown())
const Who = Type.Object({ id: Type.Integer(), fullName: Type.String(), role: StringEnum(ROLES) })

const Learner = Type.Object(
  {
    ...BiodataOut,
    email: Nullable(
      Type.String({ description: 'The contact e-mail of the profile (the login is `account.email`)' }),
    ),
    left: Nullable(Type.Object({ date: DateOnly, reason: StringEnum(LEFT_REASONS), note: S })),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { description: 'The learner record: academic profile, biodata, contact, social media' },
)

const Account = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    fullName: Type.String(),
    role: StringEnum(ROLES),
    isActive: Type.Boolean(),
    mustChangePassword: Type.Boolean(),
    lastLoginAt: Nullable(DateTime),
    createdAt: DateTime,
    updatedAt: DateTime,
    sessions: Type.Array(
      Type.Object({ createdAt: DateTime, lastUsedAt: Nullable(DateTime), expiresAt: DateTime }),
      {
        description:
          'Sign-ins still kept (the token itself is never stored, only its hash, and is not given)',
      },
    ),
    passwordLinks: Type.Array(
      Type.Object({
        purpose: Type.String(),
        createdAt: DateTime,
        expiresAt: DateTime,
        usedAt: Nullable(DateTime),
      }),
      { description: 'Links to set the password that were issued (not the links themselves)' },
    ),
  },
  { description: 'The login account; never its password hash or tokens' },
)

const File = Type.Object({ ...FileOut.properties, createdAt: DateTime })

const Test = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: StringEnum(TEST_KINDS),
  scheduledAt: DateTime,
  durationMinutes: Nullable(Type.Integer()),
  location: Type.String(),
  description: S,
  status: StringEnum(['scheduled', 'cancelled'] as const),
  cancelReason: S,
  attendanceStatus: Nullable(StringEnum(ATTENDANCE_STATUSES)),
  markedStatus: Nullable(StringEnum(ATTENDANCE_STATUSES)),
  markedAt: Nullable(DateTime),
  checkedInAt: Nullable(DateTime),
  validationStatus: StringEnum(VALIDATION_STATUSES),
  validatedAt: Nullable(DateTime),
})

const Result = Type.Object(
  {
    decision: StringEnum(['diterima', 'tidak_diterima', 'cadangan'] as const),
    psychotestScore: Nullable(Type.Number()),
    interviewScore: Nullable(Type.Number()),
    mcuScore: Nullable(Type.Number()),
    finalScore: Nullable(Type.Number()),
    notes: S,
    letter: Nullable(File),
    publishedAt: DateTime,
  },
  { description: 'The selection result once published (a draft is not given)' },
)

const Application = Type.Object({
  id: Type.Integer(),
  status: Type.String(),
  applicantRole: Type.String(),
  withdrawnBySchool: Type.Boolean(),
  coverLetter: S,
  createdAt: DateTime,
  updatedAt: DateTime,
  vacancy: Type.Object({
    id: Type.Integer(),
    title: Type.String(),
    position: Type.String(),
    jobType: Type.String(),
    city: S,
    province: S,
    deleted: Type.Boolean(),
  }),
  company: CompanyRef,
  review: Nullable(Type.Object({ decision: Type.String(), notes: S, reviewedAt: Nullable(DateTime) })),
  files: Type.Array(File, { description: 'Portfolio files attached when applying' }),
  timeline: Type.Array(TimelineEntry),
  tests: Type.Array(Test),
  result: Nullable(Result),
})

const Placement = Type.Object({
  id: Type.Integer(),
  source: StringEnum(PLACEMENT_SOURCES),
  applicationId: Nullable(Type.Integer()),
  company: Type.Object({ id: Nullable(Type.Integer()), name: Type.String() }),
  position: Type.String(),
  acceptedAt: DateOnly,
  startDate: Nullable(DateOnly),
  status: StringEnum(PLACEMENT_STATUSES),
  createdAt: DateTime,
  updatedAt: DateTime,
  deletedAt: Nullable(DateTime),
  followUps: Type.Array(
    Type.Object({ monthMark: Type.Integer(), status: StringEnum(PLACEMENT_STATUSES), recordedAt: DateTime }),
  ),
})

const TracerVersion = Type.Object({
  version: Type.Integer(),
  isCurrent: Type.Boolean(),
  careerStatus: StringEnum(CAREER_STATUSES),
  institutionName: S,
  jobTitle: S,
  sector: S,
  city: S,
  province: S,
  startingSalary: Nullable(Type.Integer()),
  waitingPeriodMonths: Nullable(Type.Integer()),
  jobFit: Nullable(StringEnum(JOB_FITS)),
  startDate: Nullable(DateOnly),
  submittedAt: DateTime,
  enteredBy: Nullable(Type.Object({ id: Type.Integer(), fullName: Type.String() })),
})

const Notification = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  title: Type.String(),
  body: Type.String(),
  data: Json,
  readAt: Nullable(DateTime),
  createdAt: DateTime,
})

const Email = Type.Object(
  { to: Type.String(), subject: Type.String(), createdAt: DateTime, sentAt: Nullable(DateTime) },
  { description: 'E-mails written to the account (the body is not kept once sent, and is not given)' },
)

const ImportRow = Type.Object({
  importId: Type.Integer(),
  importedAt: DateTime,
  fileName: Type.String(),
  row: Json,
})

const AuditRow = Type.Object({
  at: DateTime,
  action: Type.String(),
  entity: Type.String(),
  entityId: Nullable(Type.Integer()),
  actor: Nullable(Who),
  data: Nullable(Json),
})

/** The document (`data` of the envelope sent as a download). */
export const PersonalData = Type.Object(
  {
    exportedAt: DateTime,
    exportedBy: Who,
    omitted: Type.Array(Type.String(), {
      description: 'What bursa holds about the learner and the document leaves out, and why (Indonesian)',
    }),
    learner: Learner,
    account: Nullable(Account),
    files: Type.Array(File, { description: 'Portfolio files (names, types, sizes; not the bytes)' }),
    applications: Type.Array(Application),
    placements: Type.Array(Placement),
    tracerStudy: Type.Array(TracerVersion, { description: 'Every version, newest first' }),
    notifications: Type.Array(Notification),
    emails: Type.Array(Email),
    rosterImports: Type.Array(ImportRow, {
      description: "The learner's rows in the roster imports' reports",
    }),
    auditTrail: Type.Array(AuditRow, {
      description:
        "Who changed the learner's record, account and placements, and who downloaded this document for them, oldest first",
    }),
  },
  { title: 'PersonalData' },
)
