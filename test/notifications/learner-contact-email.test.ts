import { and, eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox, users } from '../../src/db/schema/index.js'
import {
  ADDRESS_CHANGED,
  CHANGE_HOLD_SECONDS,
  CONTACT_CHANGED,
  MAX_EMAIL_ATTEMPTS,
} from '../../src/jobs/outbox.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { eventually, icsOf, icsProp, useSmtp } from '../support/smtp.js'

/**
 * Which address bursa writes to a learner at. An alumna's login is often the one the roster import made from her
 * NISN (`<nisn>@siswa.sekolah.sch.id`), a school mailbox she stops reading once she graduates; she keeps her own
 * address in her profile ("E-mail kontak"), and HR reads that one as hers. E-mails about her tests (the
 * invitation, its changes, reminders) go there; without one, to her login. Password links go to the login only:
 * the contact e-mail is not verified, and a typo in it must not hand a stranger a link to the account.
 * Changes are held as in production, so that one is still unsent when she corrects her contact e-mail.
 */
const env: Record<string, string> = {
  SMTP_FROM: 'BKK SMK <bkk@smk.test>',
  PUBLIC_URL: 'https://bkk.smk.test',
}
const smtp = useSmtp(env)
const t = useTestApp(env, { emailChangeHoldSeconds: CHANGE_HOLD_SECONDS })

let n = 0
/** An alumna whose login the roster import made from her NISN, and who may keep a contact e-mail. */
async function anAlumna(vacancyId: number, contact: string | null) {
  const nisn = `0071${String(++n).padStart(6, '0')}`
  const c = await aCandidate(t, vacancyId, { role: 'alumni', student: { values: { nisn } } })
  const alumna = c.learner as Account
  const login = `${nisn}@siswa.sekolah.sch.id`
  await t.db.update(users).set({ email: login }).where(eq(users.id, alumna.id))
  if (contact) await setContact(alumna, contact)
  return {
    alumna: { ...alumna, email: login },
    studentId: c.learner.studentId,
    applicationId: c.application.id,
    login,
  }
}

async function setContact(alumna: Account, email: string | null) {
  const res = await call(t, 'PUT', '/api/alumni/portfolio/profile', { as: alumna, body: { email } })
  expect(res.status).toBe(200)
  expect(res.body.data.email).toBe(email)
}

async function aTestFor(hrd: Account, vacancyId: number, applicationIds: number[]) {
  const res = await call(t, 'POST', '/api/hrd/test-schedules', {
    as: hrd,
    body: {
      job_vacancy_id: vacancyId,
      name: 'Psikotes',
      kind: 'psikotes',
      scheduled_at: '2099-07-15T01:00:00Z',
      location: 'Aula',
      application_ids: applicationIds,
    },
  })
  expect(res.status).toBe(201)
  return res.body.data.id as number
}

const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email))
const outboxOf = (userId: number) =>
  t.db.select().from(emailOutbox).where(eq(emailOutbox.userId, userId)).orderBy(emailOutbox.id)

describe('e-mails about her tests', () => {
  it('the invitation goes to her contact e-mail, naming it as the attendee; HR reads the same address', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t, { vacancyTitle: 'Teknisi' })
    const { alumna, applicationId, login } = await anAlumna(vacancy.id, 'sari.pribadi@gmail.test')

    const seen = await call(t, 'GET', `/api/hrd/applicant-reviews/${applicationId}`, { as: hrd })
    expect(seen.status).toBe(200)
    expect(seen.body.data.profile.email).toBe('sari.pribadi@gmail.test')

    const id = await aTestFor(hrd, vacancy.id, [applicationId])
    expect((await outboxOf(alumna.id)).map((m) => m.to)).toEqual(['sari.pribadi@gmail.test'])
    const mail = await eventually(async () => mailsTo('sari.pribadi@gmail.test')[0])
    expect(icsProp(icsOf(mail), 'ATTENDEE')).toBe('MAILTO:sari.pribadi@gmail.test')
    expect(mailsTo(login)).toEqual([])

    // The event she downloads from her application names the same attendee.
    const ics = await call(t, 'GET', `/api/my-applications/${applicationId}/tests/${id}.ics`, { as: alumna })
    expect(ics.status).toBe(200)
    expect(icsProp(ics.raw, 'ATTENDEE')).toBe('MAILTO:sari.pribadi@gmail.test')
  })

  it('a learner without a contact e-mail gets it at her login, as one who cleared hers', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const none = await anAlumna(vacancy.id, null)
    const cleared = await anAlumna(vacancy.id, 'lama@gmail.test')
    await setContact(cleared.alumna, null)

    await aTestFor(hrd, vacancy.id, [none.applicationId, cleared.applicationId])
    expect((await outboxOf(none.alumna.id)).map((m) => m.to)).toEqual([none.login])
    expect((await outboxOf(cleared.alumna.id)).map((m) => m.to)).toEqual([cleared.login])
  })

  it('a reminder goes to her contact e-mail; one without gets it at her login', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const sari = await anAlumna(vacancy.id, 'sari.reminder@gmail.test')
    const dewi = await anAlumna(vacancy.id, null)
    const id = await aTestFor(hrd, vacancy.id, [sari.applicationId, dewi.applicationId])
    await eventually(async () => mailsTo('sari.reminder@gmail.test').length === 1)

    const res = await call(t, 'POST', `/api/hrd/test-schedules/${id}/remind-all`, { as: hrd })
    expect(res.status).toBe(200)
    expect(res.body.data.queued).toBe(2)
    const reminders = (to: string) => mailsTo(to).filter((m) => m.subject.includes('Pengingat'))
    await eventually(async () => reminders('sari.reminder@gmail.test').length === 1)
    await eventually(async () => reminders(dewi.login).length === 1)
    expect(reminders(sari.login)).toEqual([])
  })

  it('a change still unsent when she corrects her contact e-mail is not sent to the old address', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { alumna, applicationId } = await anAlumna(vacancy.id, 'sari.typo@gmial.test')
    const id = await aTestFor(hrd, vacancy.id, [applicationId])
    // The invitation is not held: it goes at once. The change after it waits (CHANGE_HOLD_SECONDS).
    await eventually(async () => mailsTo('sari.typo@gmial.test').length === 1)
    const moved = await call(t, 'PUT', `/api/hrd/test-schedules/${id}`, {
      as: hrd,
      body: { scheduled_at: '2099-07-16T01:00:00Z' },
    })
    expect(moved.status).toBe(200)
    const [held] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, alumna.id), isNull(emailOutbox.sentAt), eq(emailOutbox.attempts, 0)))
    expect(held.to).toBe('sari.typo@gmial.test')

    // Saving the profile with the same address gives nothing up.
    await setContact(alumna, 'sari.typo@gmial.test')
    const [still] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, held.id))
    expect(still).toMatchObject({ lastError: null, attempts: 0 })

    await setContact(alumna, 'sari@gmail.test')
    const [gone] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, held.id))
    expect(gone).toMatchObject({ sentAt: null, lastError: CONTACT_CHANGED, text: '', calendar: null })
  })
})

/** A test change HR made after the invitation, held in the outbox (`CHANGE_HOLD_SECONDS`) for her contact e-mail. */
async function aHeldChange(contact: string) {
  const { hrd, vacancy } = await anHrdWithVacancy(t)
  const alumna = await anAlumna(vacancy.id, contact)
  const id = await aTestFor(hrd, vacancy.id, [alumna.applicationId])
  await eventually(async () => mailsTo(contact).length === 1)
  const moved = await call(t, 'PUT', `/api/hrd/test-schedules/${id}`, {
    as: hrd,
    body: { scheduled_at: '2099-07-16T01:00:00Z' },
  })
  expect(moved.status).toBe(200)
  const [held] = await t.db
    .select()
    .from(emailOutbox)
    .where(
      and(eq(emailOutbox.userId, alumna.alumna.id), isNull(emailOutbox.sentAt), eq(emailOutbox.attempts, 0)),
    )
  expect(held.to).toBe(contact)
  return { ...alumna, held }
}

/** Staff save the e-mail on the Alumni screen's form (PUT /api/admin/alumni/:id). */
async function staffSetEmail(studentId: number, email: string) {
  const res = await call(t, 'PUT', `/api/admin/alumni/${studentId}`, {
    as: await anAdmin(t),
    body: { email },
  })
  expect(res.status).toBe(200)
  expect(res.body.data.email).toBe(email)
}

const outboxRow = async (id: number) =>
  (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]

describe('staff change her contact e-mail on the Alumni screen', () => {
  it('to her login: a change still unsent to the old contact address is not sent there', async () => {
    const { studentId, login, held } = await aHeldChange('sari.staf@gmial.test')

    // The same address saved again gives nothing up.
    await staffSetEmail(studentId, 'sari.staf@gmial.test')
    expect(await outboxRow(held.id)).toMatchObject({ lastError: null, attempts: 0 })

    await staffSetEmail(studentId, login)
    expect(await outboxRow(held.id)).toMatchObject({
      sentAt: null,
      attempts: MAX_EMAIL_ATTEMPTS,
      lastError: CONTACT_CHANGED,
      text: '',
      calendar: null,
    })
  })

  it('to another address (which becomes her login too): nothing still unsent goes to the old one', async () => {
    const { studentId, held } = await aHeldChange('dewi.staf@gmial.test')

    await staffSetEmail(studentId, 'dewi.staf@gmail.test')
    expect(await outboxRow(held.id)).toMatchObject({
      sentAt: null,
      attempts: MAX_EMAIL_ATTEMPTS,
      lastError: ADDRESS_CHANGED,
      text: '',
      calendar: null,
    })
  })
})

describe('password links', () => {
  it('forgot-password sends the link to her login, and nothing to her contact e-mail, whichever she types', async () => {
    const { vacancy } = await anHrdWithVacancy(t)
    const { alumna, login } = await anAlumna(vacancy.id, 'sari.lupa@gmail.test')

    for (const email of [login, 'sari.lupa@gmail.test']) {
      const res = await call(t, 'POST', '/api/forgot-password', { body: { email } })
      expect(res.status).toBe(200)
    }
    const queued = await outboxOf(alumna.id)
    expect(queued.map((m) => m.to)).toEqual([login])
    await eventually(async () => mailsTo(login).length === 1)
    expect(mailsTo('sari.lupa@gmail.test')).toEqual([])
  })

  it('a link staff send goes to her login, not her contact e-mail', async () => {
    const { vacancy } = await anHrdWithVacancy(t)
    const { alumna, login } = await anAlumna(vacancy.id, 'sari.staf@gmail.test')
    const admin = await anAdmin(t)
    const res = await call(t, 'POST', `/api/admin/users/${alumna.id}/password-reset`, { as: admin })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ emailed: true, email: login })
    expect((await outboxOf(alumna.id)).map((m) => m.to)).toEqual([login])
  })
})
