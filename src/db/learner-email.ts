import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { students, users } from './schema/index.js'

/**
 * The address bursa writes to a learner about her applications and tests (invitations, changes, reminders) and
 * the one HR reads as hers: the contact e-mail she keeps in her profile ("E-mail kontak", `students.email`), else
 * her login (`users.email`). An alumna's login is often the roster import's `<nisn>@<school domain>`, a school
 * mailbox she stops reading once she graduates. Null without either.
 *
 * Never for a password link: those go to the login only. The contact e-mail is not verified, and a typo in it
 * must not hand a stranger a link to the account.
 *
 * `student` and `account` name the two columns where the query aliases the tables (raw SQL: `sql\`st.email\``).
 */
export const learnerEmail = (
  student: SQLWrapper = students.email,
  account: SQLWrapper = users.email,
): SQL<string | null> => sql<string | null>`coalesce(nullif(btrim(${student}), ''), ${account})`
