import { sql } from 'drizzle-orm'

/**
 * The school's calendar day in SQL, the one clock of every date rule: a vacancy is open through its deadline
 * day, a placement is accepted on a day, a report's "this week" and school year. Taken from the database's
 * clock in the school's time zone (WIB), not from `current_date`, which follows the session's time zone: UTC
 * on the embedded server and whatever an external server is set to. With `current_date` on UTC, a vacancy
 * stayed open until 07:00 WIB of the day after its deadline.
 *
 * The date rules in SQL are WIB's (Asia/Jakarta). `SCHOOL_TIME_ZONE` sets the times that people read (the
 * calendar invitations, the texts of e-mails); a school in WITA or WIT keeps WIB's day boundaries here (see
 * docs/decisions.md, "The school's day").
 */
/** Today in the school's time zone, as a `date`. */
export const schoolToday = sql<string>`((now() at time zone 'Asia/Jakarta')::date)`
