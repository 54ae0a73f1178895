import { type TSchema, Type } from '@sinclair/typebox'
import { PATTERNS } from '../../http/patterns.js'
import { DateOnly, Nullable, Opt, StringEnum } from '../../http/schemas.js'
import { GENDERS, RELIGIONS } from './options.js'
import { SOCIAL_KEYS } from './service.js'

/** One schema per social-media key (typed by key, so `Static` names them). */
export const socialMediaOf = <T extends TSchema>(schema: T) =>
  Object.fromEntries(SOCIAL_KEYS.map((k) => [k, schema])) as Record<(typeof SOCIAL_KEYS)[number], T>

const S = Nullable(Type.String())
const Ref = Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() })

/**
 * A learner's biodata as the API answers it (`biodataOut` in service.ts): the properties of her profile
 * (`GET …/portfolio/profile`) and of the learner in her personal-data copy, which spread them.
 */
export const BiodataOut = {
  id: Type.Integer(),
  nis: Type.String(),
  nisn: S,
  fullName: Type.String(),
  className: S,
  graduationYear: Nullable(Type.Integer()),
  major: Ref,
  department: Ref,
  gender: Nullable(StringEnum(GENDERS)),
  birthPlace: S,
  birthDate: Nullable(DateOnly),
  religion: S,
  address: S,
  city: S,
  province: S,
  phone: S,
  email: S,
  summary: S,
  skills: Type.Array(Type.String()),
  education: Type.Array(
    Type.Object({
      level: Type.String(),
      institution: Type.String(),
      major: S,
      startYear: Nullable(Type.Integer()),
      endYear: Nullable(Type.Integer()),
    }),
  ),
  socialMedia: Type.Object(socialMediaOf(S)),
}

const Year = Type.Integer({ minimum: 1950, maximum: 2100 })
/**
 * A profile's address (http/https, or as copied without it: `instagram.com/budi.santoso`) or a bare handle such as
 * `@budi.santoso` (PATTERNS.social: a refusal says what to write).
 */
export const Social = Opt(Type.String({ maxLength: 200, pattern: PATTERNS.social.pattern }))

/**
 * A learner's personal data, the same rules whoever writes it: the learner (`ProfileBody`) or staff
 * (the learner records of master-data).
 */
export const PersonalFields = {
  gender: Opt(StringEnum(GENDERS)),
  birth_place: Opt(Type.String({ maxLength: 100 })),
  birth_date: Opt(DateOnly),
  religion: Opt(StringEnum(RELIGIONS)),
  address: Opt(Type.String({ maxLength: 500 })),
  city: Opt(Type.String({ maxLength: 100 })),
  province: Opt(Type.String({ maxLength: 100 })),
  phone: Opt(
    Type.String({
      maxLength: 30,
      pattern: PATTERNS.mobile.pattern,
      examples: ['0812-3456-7890'],
      description:
        'An Indonesian mobile number; spaces, dots, dashes and brackets are dropped (stored `081234567890`)',
    }),
  ),
}

/** `PUT …/portfolio/profile`: what learners may change about themselves; `updateProfile` takes it as is. */
export const ProfileBody = Type.Object(
  {
    ...PersonalFields,
    email: Opt(Type.String({ format: 'email', maxLength: 254 })),
    summary: Opt(Type.String({ maxLength: 2000 })),
    skills: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 30 })),
    education: Type.Optional(
      Type.Array(
        Type.Object(
          {
            level: Type.String({ minLength: 1, maxLength: 50 }),
            institution: Type.String({ minLength: 1, maxLength: 150 }),
            major: Opt(Type.String({ maxLength: 100 })),
            start_year: Opt(Year),
            end_year: Opt(Year),
          },
          { additionalProperties: false },
        ),
        { maxItems: 10 },
      ),
    ),
    social_media: Type.Optional(Type.Object(socialMediaOf(Social), { additionalProperties: false })),
  },
  { additionalProperties: false },
)
