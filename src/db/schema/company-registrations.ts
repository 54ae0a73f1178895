import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './accounts.js'
import { timestamps } from './common.js'
import { companies } from './master-data.js'

/**
 * `unconfirmed`: sent, its contact e-mail not confirmed yet (staff do not see it); `pending`: in the
 * career center's queue (confirmed, or sent while e-mail is off); `approved` / `rejected`: decided.
 */
export const REGISTRATION_STATUSES = ['unconfirmed', 'pending', 'approved', 'rejected'] as const
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number]

/**
 * A company's request to become a partner, sent through the public form: the company's details (the
 * columns of `companies`) and its HR contact. Approving it creates the company and the contact's `hrd`
 * account. Possible duplicates (a company or an account with the same name or e-mail) are worked out
 * when read, against the data as it is then.
 */
export const companyRegistrations = pgTable(
  'company_registrations',
  {
    id: serial().primaryKey(),
    status: text().$type<RegistrationStatus>().notNull().default('unconfirmed'),
    name: text().notNull(),
    industry: text(),
    email: text(),
    phone: text(),
    address: text(),
    city: text(),
    province: text(),
    website: text(),
    description: text(),
    contactName: text().notNull(),
    contactEmail: text().notNull(),
    contactPhone: text().notNull(),
    /** sha256 of the confirmation link's secret; null when no link was sent (e-mail off). */
    confirmTokenHash: text(),
    confirmExpiresAt: timestamp({ withTimezone: true }),
    /** When the contact confirmed the e-mail; null in the queue means "e-mail not verified". */
    confirmedAt: timestamp({ withTimezone: true }),
    decidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    rejectReason: text(),
    /** What the approval created. */
    companyId: integer().references(() => companies.id, { onDelete: 'set null' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('company_registrations_status_idx').on(t.status, t.createdAt),
    index('company_registrations_token_idx').on(t.confirmTokenHash),
  ],
)
