import { type StringOptions, Type } from '@sinclair/typebox'
import { PATTERNS } from '../../http/patterns.js'
import { Line } from '../../http/schemas.js'

/** The request bodies of the registration routes; the service takes them as the route checked them. */

/** Optional text that `null` (or an empty string) leaves empty. */
const OptionalText = (opts: StringOptions) =>
  Type.Optional(Type.Unsafe<string | null>({ ...Type.String(opts), nullable: true }))
/** One line (`Line`): names and places are written into the confirmation e-mail to the contact's address. */
const Text = (max: number) => Line({ maxLength: max })
const PHONE = { maxLength: 30, pattern: PATTERNS.phone.pattern, examples: ['021-4603550'] }

export const RegistrationBody = Type.Object(
  {
    name: Text(200),
    industry: Text(100),
    email: OptionalText({ format: 'email', maxLength: 254, description: "The company's own e-mail" }),
    phone: OptionalText({ ...PHONE, description: "The company's own phone" }),
    address: Type.String({ minLength: 1, maxLength: 500 }),
    city: Text(100),
    province: Text(100),
    website: OptionalText({
      maxLength: 255,
      pattern: PATTERNS.webAddress.pattern,
      examples: ['https://example.co.id'],
    }),
    description: OptionalText({ maxLength: 5000 }),
    contact_name: Text(150),
    contact_email: Type.String({
      format: 'email',
      maxLength: 254,
      description: 'The HR contact: the confirmation link goes here, and it becomes the HR account',
    }),
    contact_phone: Type.String({ minLength: 1, ...PHONE }),
  },
  { additionalProperties: false },
)

export const ConfirmBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
)

export const RejectBody = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: 1000 }) },
  { additionalProperties: false },
)
