import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { type Role, timestamps } from './common.js'
import { companies } from './master-data.js'

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    fullName: text().notNull(),
    role: text().$type<Role>().notNull(),
    isActive: boolean().notNull().default(true),
    /** For `hrd` accounts: the partner company they act for. */
    companyId: integer().references(() => companies.id, { onDelete: 'restrict' }),
    lastLoginAt: timestamp({ withTimezone: true }),
    /**
     * The account must choose a new password before using anything but `/api/me`, logout and
     * `/api/change-password` (set for imported accounts; cleared when the password is changed or reset).
     */
    mustChangePassword: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    index('users_company_idx').on(t.companyId),
  ],
)

/** Sanctum-shaped personal access tokens: the client holds `<id>|<secret>`, we keep sha256(secret). */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull().default('login'),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
)

/** Who changed what: one row per administrative change, written in the change's transaction. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial().primaryKey(),
    /**
     * The account that made the change. Not a foreign key: deleting the account must not erase who made its
     * changes (the delete's own row records its e-mail and role under the same id; ids are never reused).
     */
    actorId: integer(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: integer(),
    data: text(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId)],
)
