import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './accounts.js'

export const IMPORT_KINDS = ['students'] as const
export type ImportKind = (typeof IMPORT_KINDS)[number]

/**
 * What an import would do (dry run) or did with each row of the file; `left`: the row's learner is recorded as
 * Keluar/Mutasi, and the row is skipped.
 */
export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'left', 'error'] as const
export type ImportAction = (typeof IMPORT_ACTIONS)[number]

export interface ImportTotals {
  rows: number
  create: number
  update: number
  unchanged: number
  /** Absent from the runs stored before Keluar/Mutasi rows were told apart (they had none). */
  left?: number
  error: number
}

/**
 * One real run of a roster import (dry runs write nothing): who, when, which file, what it did, and
 * the new accounts' initial passwords, AES-256-GCM encrypted with a key that is not in the database
 * (src/modules/imports/credentials.ts), until they are downloaded once or expire; then wiped.
 */
export const importRuns = pgTable(
  'import_runs',
  {
    id: serial().primaryKey(),
    kind: text().$type<ImportKind>().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    fileName: text().notNull(),
    totals: jsonb().$type<ImportTotals>().notNull(),
    /** The per-row report as answered (Indonesian texts). */
    report: jsonb().$type<Record<string, unknown>>().notNull(),
    /** New accounts whose initial password the sheet holds. */
    credentialsCount: integer().notNull().default(0),
    /** base64(version 1 byte | IV 12 | tag 16 | ciphertext); null once downloaded, expired or none. */
    credentials: text(),
    credentialsExpiresAt: timestamp({ withTimezone: true }),
    credentialsDownloadedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('import_runs_created_idx').on(t.createdAt),
    index('import_runs_credentials_expiry_idx')
      .on(t.credentialsExpiresAt)
      .where(sql`${t.credentials} is not null`),
  ],
)
