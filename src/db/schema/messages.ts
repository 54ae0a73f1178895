import { sql } from 'drizzle-orm'
import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './accounts.js'

/**
 * The school's own wording of a message (src/modules/messages/catalogue.ts has every key and its
 * default). No row: the default applies; resetting a template deletes its row.
 */
export const messageTemplates = pgTable('message_templates', {
  key: text().primaryKey(),
  title: text().notNull(),
  body: text().notNull(),
  updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/**
 * Transactional outbox of e-mails: written in the transaction of the change they announce, sent by the
 * worker after the commit (src/jobs/outbox.ts). A row is only written while SMTP is configured.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial().primaryKey(),
    to: text().notNull(),
    /**
     * The account it is written to (a plain id: the row outlives a deleted account); null for one written to
     * an address that is nobody's account (a company sign-up's contact). A change of the account's address,
     * or its deletion, gives up what is still owed to it (src/jobs/outbox.ts `giveUpEmailsTo`).
     */
    userId: integer(),
    subject: text().notNull(),
    /** The body, kept only while it may be sent: emptied once sent or superseded (src/jobs/outbox.ts). */
    text: text().notNull(),
    /** An iCalendar invitation sent along (`text/calendar; method=<calendarMethod>`). */
    calendar: text(),
    calendarMethod: text().$type<'REQUEST' | 'CANCEL'>(),
    /** The invitation's event (its UID): a later e-mail of the same event supersedes this one if unsent. */
    calendarUid: text(),
    /**
     * The order it is sent in: lower first, then oldest first (src/jobs/outbox.ts `EMAIL_PRIORITY`): 0, the
     * default, for what someone waits for (a password link, a sign-up's confirmation), 1 for the e-mails one
     * action writes to many (a test's participants), so that those never hold a link back.
     */
    priority: smallint().notNull().default(0),
    attempts: integer().notNull().default(0),
    /**
     * A worker sending it holds it until then (a crashed worker's claim lapses); after a failed try, it is
     * not due again before then; a change held for a later one to replace (`hold`, src/jobs/outbox.ts) is not
     * due before then either.
     */
    claimedUntil: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    lastError: text(),
    /**
     * When what it carries stops working (a password link, a sign-up's confirmation link): not sent after, given
     * up instead (`EXPIRED`, src/jobs/outbox.ts). Null for an e-mail that keeps its worth.
     */
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.priority, t.createdAt, t.id).where(sql`${t.sentAt} is null`),
    index('email_outbox_unsent_event_idx').on(t.calendarUid).where(sql`${t.sentAt} is null`),
    index('email_outbox_unsent_user_idx').on(t.userId).where(sql`${t.sentAt} is null`),
  ],
)

export const PASSWORD_LINK_PURPOSES = ['reset', 'setup'] as const
export type PasswordLinkPurpose = (typeof PASSWORD_LINK_PURPOSES)[number]

/**
 * One-time links that set an account's password: `reset` (forgot password, sent by staff) and `setup`
 * (a new account's first password, e.g. an approved company's HR). Only sha256(secret) is kept.
 */
export const passwordLinks = pgTable(
  'password_links',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().$type<PasswordLinkPurpose>().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    /** Staff who sent it (null: the account asked itself). */
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_links_user_idx').on(t.userId)],
)
