import { timestamp } from 'drizzle-orm/pg-core'

/** created_at / updated_at, both timestamptz in UTC. */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}

export const ROLES = ['superadmin', 'admin', 'hrd', 'siswa', 'alumni'] as const
export type Role = (typeof ROLES)[number]
