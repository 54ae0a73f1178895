import { type TOptional, type TSchema, Type } from '@sinclair/typebox'
import { LEFT_REASONS } from '../../db/schema/index.js'
import { PageQuery } from '../../http/envelope.js'
import { Id, Line, Opt, StringEnum } from '../../http/schemas.js'
import { PersonalFields, Social, socialMediaOf } from '../portfolio/schemas.js'
import { type Kind, LEARNER_STATUSES } from './learners.queries.js'

/*
 * Students (grade 12) and alumni are one table and one set of rules; their bodies and queries differ only
 * in `graduation_year`, which alumni must have and students must not. So each schema is built for a kind.
 */

export const Year = Type.Integer({ minimum: 1950, maximum: 2100, examples: [2025] })
const Nis = Type.String({
  minLength: 1,
  maxLength: 30,
  pattern: '^[A-Za-z0-9][A-Za-z0-9./-]*$',
  description: 'Nomor Induk Siswa: unique; letters, digits, `.`, `/` or `-`',
  examples: ['2223101045'],
})
const ClassName = Line({ maxLength: 50, examples: ['XII TKJ 1'] })

/** The fields of a learner; `required` marks those POST needs (PUT makes every field optional). */
function learnerFields<R extends boolean>(kind: Kind, required: R) {
  const must = <T extends TSchema>(t: T) =>
    (required ? t : Type.Optional(t)) as R extends true ? T : TOptional<T>
  return {
    nis: must(Nis),
    nisn: Opt(
      Type.String({ pattern: '^[0-9]{10}$', description: 'NISN: 10 digits', examples: ['0071234567'] }),
    ),
    full_name: must(Line({ maxLength: 150 })),
    major_id: must(Id),
    class_name: Opt(ClassName),
    graduation_year:
      kind === 'alumni'
        ? must(Year)
        : Type.Optional(
            Type.Unknown({
              description:
                'Not accepted: a grade-12 student has no graduation year (422). Create an alumnus or use `POST /api/admin/alumni/upgrade`.',
            }),
          ),
    ...PersonalFields,
    email: Opt(
      Type.String({
        format: 'email',
        maxLength: 254,
        description: 'Contact e-mail; also the login e-mail of the account (kept in step)',
      }),
    ),
    skills: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 30 })),
    social_media: Type.Optional(
      Type.Object(socialMediaOf(Social), {
        additionalProperties: false,
        description: 'Merged key by key: keys not sent keep their value, null removes one',
      }),
    ),
    create_account: Type.Optional(
      Type.Boolean({
        description: 'Also create the login account (needs `email` and `password`); implied by `password`',
      }),
    ),
    password: Type.Optional(
      Type.String({
        minLength: 8,
        maxLength: 200,
        description: 'The password of the new login account; not for changing an existing one',
      }),
    ),
  }
}

/** `POST /api/admin/{students,alumni}`. */
export const CreateLearnerBody = (kind: Kind) =>
  Type.Object(learnerFields(kind, true), { additionalProperties: false })

/** `PUT /api/admin/{students,alumni}/:id`. */
export const UpdateLearnerBody = (kind: Kind) =>
  Type.Object(learnerFields(kind, false), {
    additionalProperties: false,
    description: 'Only the fields sent change; `null` clears an optional one.',
  })

/**
 * Alumni only: the filter by graduation year. Typed `{}` so that one query type serves both kinds; the
 * service reads the year as `{ graduation_year?: number }`.
 */
const yearFilter = (kind: Kind): {} => (kind === 'alumni' ? { graduation_year: Type.Optional(Year) } : {})

/** Students only: at school (default), those who left it (keluar/mutasi), or both. Typed `{}` as `yearFilter`. */
const statusFilter = (kind: Kind): {} =>
  kind === 'siswa'
    ? {
        status: Type.Optional(
          StringEnum(LEARNER_STATUSES, {
            default: 'active',
            description:
              '`active`: students at school (default); `left`: those recorded as having left (keluar/mutasi); `all`: both',
          }),
        ),
      }
    : {}

export const LearnerListQuery = (kind: Kind) =>
  Type.Object({
    ...PageQuery,
    major_id: Type.Optional(Id),
    department_id: Type.Optional(Id),
    class_name: Type.Optional(Type.String({ maxLength: 50 })),
    ...yearFilter(kind),
    ...statusFilter(kind),
    has_account: Type.Optional(Type.Boolean({ description: 'true: only learners with a login account' })),
  })

export const LearnerOptionsQuery = (kind: Kind) =>
  Type.Object({
    search: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the name or NIS' })),
    major_id: Type.Optional(Id),
    class_name: Type.Optional(Type.String({ maxLength: 50 })),
    ...yearFilter(kind),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 1000 })),
  })

/** `POST /api/admin/alumni/upgrade`. */
export const UpgradeBody = Type.Object(
  {
    student_ids: Type.Optional(
      Type.Array(Id, {
        minItems: 1,
        maxItems: 500,
        uniqueItems: true,
        description: 'Grade-12 students to upgrade',
      }),
    ),
    class_name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 50,
        description: 'Instead of student_ids: every grade-12 student of the class',
      }),
    ),
    major_id: Type.Optional(Id),
    graduation_year: Year,
  },
  {
    additionalProperties: false,
    description:
      "Exactly one of `student_ids` or `class_name` (with `major_id` to pick one major's class of that name).",
  },
)

/** `POST /api/admin/students/:id/left`. */
export const LeftBody = Type.Object(
  {
    date: Type.String({
      format: 'date',
      examples: ['2026-03-02'],
      description: "The school's calendar day the student left; not after today",
    }),
    reason: StringEnum(LEFT_REASONS, {
      description: '`keluar`: dropped out; `mutasi`: moved to another school',
    }),
    note: Opt(
      Type.String({ maxLength: 500, description: "Staff's note (the school the student moved to, …)" }),
    ),
  },
  { additionalProperties: false },
)
