import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { aSchedule, hoursFromNow } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'

const t = useTestApp({ PUBLIC_URL: 'https://bkk.smk.test', SCHOOL_TIME_ZONE: 'Asia/Makassar' })

/** The unfolded content lines of an iCalendar text. */
const linesOf = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split(/\r\n/)

/** The ATTENDEE line of the .ics a learner named `fullName` downloads for a test (a name as staff may type it). */
async function attendeeLineOf(fullName: string, companyName: string) {
  const { company, vacancy } = await anHrdWithVacancy(t, { companyName })
  const ani = await aCandidate(t, vacancy.id)
  await t.db
    .update(users)
    .set({ fullName })
    .where(eq(users.id, ani.learner.id as number))
  const { schedule } = await aSchedule(t, {
    companyId: company.id,
    vacancyId: vacancy.id,
    applicationIds: [ani.application.id],
    scheduledAt: hoursFromNow(48),
  })
  const res = await call(t, 'GET', `/api/my-applications/${ani.application.id}/tests/${schedule.id}.ics`, {
    as: ani.learner,
  })
  expect(res.status).toBe(200)
  return linesOf(res.raw).find((l) => l.startsWith('ATTENDEE')) ?? ''
}

describe('the .ics of a learner whose name holds a double quote', () => {
  it('is valid RFC 5545: a quoted parameter value (ATTENDEE;CN="…") holds no DQUOTE inside', async () => {
    const attendee = await attendeeLineOf('Muhammad "Udin" Saputra', 'PT Kalender')
    // Before the fix: ATTENDEE;ROLE=REQ-PARTICIPANT;RSVP=FALSE;CN="Muhammad \"Udin\" Saputra":MAILTO:…
    // RFC 5545 §3.1/§3.2: quoted-string = DQUOTE *QSAFE-CHAR DQUOTE, QSAFE-CHAR excludes DQUOTE, and a
    // backslash is no escape in a parameter: a parser reads CN="Muhammad \" and then garbage. The quote must
    // be left out or written as RFC 6868's ^' (CN="Muhammad ^'Udin^' Saputra").
    // Read as RFC 5545 reads it: the quoted CN ends at the next DQUOTE, and a ";" or ":" must follow.
    const at = attendee.indexOf(';CN="') + 5
    const close = attendee.indexOf('"', at)
    expect(attendee.charAt(close + 1), attendee).toMatch(/[;:]/)
  })

  it('a line break or a backslash in a name is no escape in CN="…" (none exists there): a space, a slash', async () => {
    const attendee = await attendeeLineOf('Siti\nAminah\\Putri', 'PT Kalender Dua')
    // Before: CN="Siti\nAminah\\Putri", which a calendar shows with the backslashes as written.
    expect(attendee).toContain('CN="Siti Aminah/Putri"')
  })
})
