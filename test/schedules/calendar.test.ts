import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messageTemplates, testSchedules } from '../../src/db/schema/index.js'
import { call, createTestApp, type TestContext, useTestApp } from '../support/app.js'
import { type Account, anHrd, deactivateAccount } from '../support/builders/accounts.js'
import { aSchedule, hoursFromNow } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { expectRoles } from '../support/roles.js'
import { eventually, type ReceivedMail, useSmtp } from '../support/smtp.js'
import { notificationsOf, storedSchedule } from '../support/stored.js'

const env: Record<string, string> = {
  SMTP_FROM: 'BKK SMK <bkk@smk.test>',
  PUBLIC_URL: 'https://bkk.smk.test',
}
const smtp = useSmtp(env)
const t = useTestApp(env)

/** The calendar alternative of a mail (`text/calendar; method=…`), and its .ics attachment. */
function calendarOf(mail: ReceivedMail) {
  const part = mail.parts.find((p) => p.contentType.startsWith('text/calendar'))
  expect(part, `a text/calendar part in "${mail.subject}"`).toBeDefined()
  const file = mail.parts.find((p) => p.filename?.endsWith('.ics'))
  expect(file?.content).toBe(part?.content)
  return { contentType: part!.contentType, ics: part!.content }
}

/**
 * An iCalendar property's line (lines unfolded), of the event (VEVENT) unless it is only in the
 * calendar (METHOD) or its time zone (TZID); `prop` gives its value.
 */
function propLine(ics: string, name: string): string | undefined {
  const lines = ics.replace(/\r\n[ \t]/g, '').split(/\r\n/)
  const event = lines.slice(lines.indexOf('BEGIN:VEVENT'))
  const has = (l: string) => l.startsWith(`${name}:`) || l.startsWith(`${name};`)
  return event.find(has) ?? lines.find(has)
}
function prop(ics: string, name: string): string | undefined {
  const line = propLine(ics, name)
  return line?.slice(line.indexOf(':', name.length) + 1)
}

/** The mails to `email` whose subject matches, once `n` of them arrived. */
const mailsTo = (email: string, subject: RegExp, n = 1) =>
  eventually(async () => {
    const found = smtp.received.filter((m) => m.to[0] === email && subject.test(m.subject))
    return found.length >= n ? found : null
  })

/** A company, its HR and two in-progress candidates with accounts (and one without). */
async function company(ctx: TestContext = t) {
  const { hrd, vacancy } = await anHrdWithVacancy(ctx, {
    companyName: 'PT Kalender',
    vacancyTitle: 'Teknisi',
  })
  const ani = await aCandidate(ctx, vacancy.id)
  const budi = await aCandidate(ctx, vacancy.id)
  const noAccount = await aCandidate(ctx, vacancy.id, { account: false })
  return {
    hrd,
    vacancy,
    ani: { ...ani, learner: ani.learner as Account & typeof ani.learner },
    budi: { ...budi, learner: budi.learner as Account & typeof budi.learner },
    noAccount,
  }
}

async function schedule(ctx: TestContext, c: Awaited<ReturnType<typeof company>>, ids: number[]) {
  const res = await call(ctx, 'POST', '/api/hrd/test-schedules', {
    as: c.hrd,
    body: {
      job_vacancy_id: c.vacancy.id,
      name: 'Psikotes Tahap 1',
      kind: 'psikotes',
      scheduled_at: '2099-07-15T01:00:00Z',
      location: 'Aula PT Kalender',
      description: 'Bawa alat tulis.',
      duration_minutes: 90,
      application_ids: ids,
    },
  })
  expect(res.status).toBe(201)
  return res.body.data.id as number
}

const uidOf = (scheduleId: number, applicationId: number) =>
  `bursa-test-${scheduleId}-application-${applicationId}@bkk.smk.test`

describe('e-mails with calendar invitations', () => {
  it('scheduling e-mails each participant an invitation: METHOD:REQUEST, a stable UID, the school’s time zone', async () => {
    const c = await company()
    const before = smtp.received.length
    const id = await schedule(t, c, [c.ani.application.id, c.budi.application.id, c.noAccount.application.id])
    const [mail] = await mailsTo(c.ani.learner.email, /Jadwal Psikotes/)
    expect(mail.from).toBe('bkk@smk.test')
    expect(mail.subject).toBe('[BKK] Jadwal Psikotes: Psikotes Tahap 1')
    expect(mail.text).toContain(
      'Anda dijadwalkan mengikuti Psikotes "Psikotes Tahap 1" untuk lowongan "Teknisi" di PT Kalender pada Rabu, 15 Juli 2099 pukul 08.00 WIB di Aula PT Kalender.',
    )
    expect(mail.text).toMatch(/^Yth\. .+,\n\nAnda dijadwalkan/)
    const { contentType, ics } = calendarOf(mail)
    expect(contentType).toMatch(/method=REQUEST/)
    expect(prop(ics, 'METHOD')).toBe('REQUEST')
    expect(prop(ics, 'UID')).toBe(uidOf(id, c.ani.application.id))
    expect(prop(ics, 'SEQUENCE')).toBe('0')
    expect(propLine(ics, 'DTSTART')).toBe('DTSTART;TZID=Asia/Jakarta:20990715T080000')
    expect(propLine(ics, 'DTEND')).toBe('DTEND;TZID=Asia/Jakarta:20990715T093000')
    expect(prop(ics, 'TZID')).toBe('Asia/Jakarta')
    expect(prop(ics, 'LOCATION')).toBe('Aula PT Kalender')
    expect(prop(ics, 'STATUS')).toBe('CONFIRMED')
    expect(prop(ics, 'ORGANIZER')).toBe('mailto:bkk@smk.test')
    expect(prop(ics, 'ATTENDEE')).toBe(`MAILTO:${c.ani.learner.email}`)
    // Each participant with an account is invited to their own event; nobody else is written to.
    const [forBudi] = await mailsTo(c.budi.learner.email, /Jadwal Psikotes/)
    expect(prop(calendarOf(forBudi).ics, 'UID')).toBe(uidOf(id, c.budi.application.id))
    await new Promise((r) => setTimeout(r, 500))
    expect(smtp.received.slice(before).filter((m) => /Psikotes Tahap 1/.test(m.subject))).toHaveLength(2)
    // The notice reads the same words.
    const [notice] = await notificationsOf(t, c.ani.learner.id)
    expect(notice).toMatchObject({ kind: 'test.scheduled', title: 'Jadwal Psikotes: Psikotes Tahap 1' })
  })

  it('a new time or place sends an update with the same UID and a higher SEQUENCE; other changes send nothing', async () => {
    const c = await company()
    const id = await schedule(t, c, [c.ani.application.id])
    const email = c.ani.learner.email
    await mailsTo(email, /Jadwal Psikotes/)
    const put = (body: Record<string, unknown>) =>
      call(t, 'PUT', `/api/hrd/test-schedules/${id}`, { as: c.hrd, body })

    expect((await put({ scheduled_at: '2099-07-16T03:30:00Z' })).status).toBe(200)
    const [moved] = await mailsTo(email, /Perubahan jadwal/)
    expect(moved.subject).toBe('[BKK] Perubahan jadwal Psikotes: Psikotes Tahap 1')
    expect(moved.text).toContain('berubah menjadi Kamis, 16 Juli 2099 pukul 10.30 WIB di Aula PT Kalender.')
    const update = calendarOf(moved).ics
    expect(prop(update, 'METHOD')).toBe('REQUEST')
    expect(prop(update, 'UID')).toBe(uidOf(id, c.ani.application.id))
    expect(prop(update, 'SEQUENCE')).toBe('1')
    expect(propLine(update, 'DTSTART')).toBe('DTSTART;TZID=Asia/Jakarta:20990716T103000')
    expect((await storedSchedule(t, id)).sequence).toBe(1)

    // Name, description, duration, minimum score: no message, no new sequence.
    expect((await put({ name: 'Psikotes Tahap I', description: null, duration_minutes: 60 })).status).toBe(
      200,
    )
    expect((await storedSchedule(t, id)).sequence).toBe(1)

    expect((await put({ location: 'Ruang Serbaguna' })).status).toBe(200)
    const [, placed] = await mailsTo(email, /Perubahan jadwal/, 2)
    const second = calendarOf(placed).ics
    expect(prop(second, 'SEQUENCE')).toBe('2')
    expect(prop(second, 'LOCATION')).toBe('Ruang Serbaguna')
    expect(prop(second, 'SUMMARY')).toBe('Psikotes: Psikotes Tahap I (PT Kalender)')
    expect(prop(second, 'UID')).toBe(uidOf(id, c.ani.application.id))
    expect((await storedSchedule(t, id)).sequence).toBe(2)
  })

  it('a removed participant’s invitation is withdrawn with METHOD:CANCEL', async () => {
    const c = await company()
    const id = await schedule(t, c, [c.ani.application.id, c.budi.application.id])
    await mailsTo(c.ani.learner.email, /Jadwal Psikotes/)
    const res = await call(t, 'PUT', `/api/hrd/test-schedules/${id}`, {
      as: c.hrd,
      body: { remove_application_ids: [c.ani.application.id] },
    })
    expect(res.status).toBe(200)
    const [mail] = await mailsTo(c.ani.learner.email, /tidak lagi menjadi peserta/)
    expect(mail.subject).toBe('[BKK] Anda tidak lagi menjadi peserta Psikotes: Psikotes Tahap 1')
    const { contentType, ics } = calendarOf(mail)
    expect(contentType).toMatch(/method=CANCEL/)
    expect(prop(ics, 'METHOD')).toBe('CANCEL')
    expect(prop(ics, 'STATUS')).toBe('CANCELLED')
    expect(prop(ics, 'UID')).toBe(uidOf(id, c.ani.application.id))
    expect(Number(prop(ics, 'SEQUENCE'))).toBeGreaterThan(0)
  })

  it('cancelling the test sends METHOD:CANCEL to every participant, with the reason', async () => {
    const c = await company()
    const id = await schedule(t, c, [c.ani.application.id, c.budi.application.id])
    await mailsTo(c.budi.learner.email, /Jadwal Psikotes/)
    const res = await call(t, 'POST', `/api/hrd/test-schedules/${id}/cancel`, {
      as: c.hrd,
      body: { reason: 'Ruang tes direnovasi' },
    })
    expect(res.status).toBe(200)
    for (const x of [c.ani, c.budi]) {
      const [mail] = await mailsTo(x.learner.email, /dibatalkan/)
      expect(mail.subject).toBe('[BKK] Psikotes dibatalkan: Psikotes Tahap 1')
      expect(mail.text).toContain('dibatalkan. Alasan: Ruang tes direnovasi')
      const { contentType, ics } = calendarOf(mail)
      expect(contentType).toMatch(/method=CANCEL/)
      expect(prop(ics, 'METHOD')).toBe('CANCEL')
      expect(prop(ics, 'STATUS')).toBe('CANCELLED')
      expect(prop(ics, 'UID')).toBe(uidOf(id, x.application.id))
      expect(prop(ics, 'SEQUENCE')).toBe('1')
    }
  })

  it('deleting the vacancy cancels its tests that have not begun: METHOD:CANCEL to each participant; a test held stays', async () => {
    const c = await company()
    const id = await schedule(t, c, [c.ani.application.id, c.budi.application.id])
    await mailsTo(c.budi.learner.email, /Jadwal Psikotes/)
    const { schedule: held } = await aSchedule(t, {
      companyId: c.hrd.companyId,
      vacancyId: c.vacancy.id,
      applicationIds: [c.ani.application.id],
      scheduledAt: hoursFromNow(-3),
    })

    const res = await call(t, 'DELETE', `/api/hrd/job-vacancies/${c.vacancy.id}`, { as: c.hrd })
    expect(res.status).toBe(200)
    // Before: the test stayed scheduled, in the participants' calendars and, once its time came, in the
    // attendance queue, though every application was closed.
    expect(await storedSchedule(t, id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Lowongan ini sudah ditutup.',
    })
    expect((await storedSchedule(t, held.id)).status).toBe('scheduled')
    for (const x of [c.ani, c.budi]) {
      const [mail] = await mailsTo(x.learner.email, /dibatalkan/)
      expect(mail.text).toContain('Alasan: Lowongan ini sudah ditutup.')
      const { ics } = calendarOf(mail)
      expect(prop(ics, 'METHOD')).toBe('CANCEL')
      expect(prop(ics, 'UID')).toBe(uidOf(id, x.application.id))
      expect((await notificationsOf(t, x.learner.id)).map((n) => n.kind).sort()).toEqual(
        ['application.closed', 'test.cancelled', 'test.scheduled'].sort(),
      )
    }
    const mine = await call(t, 'GET', `/api/my-applications/${c.ani.application.id}`, { as: c.ani.learner })
    expect(mine.body.data).toMatchObject({ status: 'rejected', upcomingTests: [] })
    expect(mine.body.data.tests.find((x: { id: number }) => x.id === id).status).toBe('cancelled')
  })

  it('an inactive account is told in-app only', async () => {
    const c = await company()
    await deactivateAccount(t, c.budi.learner.id)
    await schedule(t, c, [c.ani.application.id, c.budi.application.id])
    await mailsTo(c.ani.learner.email, /Jadwal Psikotes/)
    await new Promise((r) => setTimeout(r, 1000))
    expect(smtp.received.filter((m) => m.to[0] === c.budi.learner.email)).toEqual([])
    expect((await notificationsOf(t, c.budi.learner.id)).map((n) => n.kind)).toEqual(['test.scheduled'])
  })

  it('the school’s own wording of a message is used in the notice and the e-mail', async () => {
    await t.db.insert(messageTemplates).values({
      key: 'test.reminder',
      title: 'Ingat tes {{nama_tes}} besok',
      body: 'Halo {{nama}}, {{jenis_tes}} di {{lokasi}} pada {{waktu}}.',
    })
    try {
      const c = await company()
      const { schedule: s } = await aSchedule(t, {
        companyId: c.vacancy.companyId,
        vacancyId: c.vacancy.id,
        applicationIds: [c.ani.application.id],
        scheduledAt: hoursFromNow(24),
        name: 'Tes Praktik',
        kind: 'praktik',
      })
      await t.db.update(testSchedules).set({ sequence: 3 }).where(eq(testSchedules.id, s.id))
      const res = await call(t, 'POST', `/api/hrd/test-schedules/${s.id}/remind-all`, { as: c.hrd })
      expect(res.body.data).toEqual({ queued: 1, alreadyReminded: 0 })
      // Reminders carry the invitation too: the same UID, the current SEQUENCE.
      const [mail] = await mailsTo(c.ani.learner.email, /Ingat tes/)
      expect(mail.subject).toBe('[BKK] Ingat tes Tes Praktik besok')
      expect(mail.text).toMatch(/Halo .+, Tes praktik di Aula SMK pada .+ WIB\./)
      const { contentType, ics } = calendarOf(mail)
      expect(contentType).toMatch(/method=REQUEST/)
      expect(prop(ics, 'UID')).toBe(uidOf(s.id, c.ani.application.id))
      expect(prop(ics, 'SEQUENCE')).toBe('3')
      const notices = await eventually(async () => {
        const n = (await notificationsOf(t, c.ani.learner.id)).filter((x) => x.kind === 'test.reminder')
        return n.length ? n : null
      })
      expect(notices[0].title).toBe('Ingat tes Tes Praktik besok')
    } finally {
      await t.db.delete(messageTemplates)
    }
  })
})

describe('GET /api/my-applications/:id/tests/:scheduleId.ics', () => {
  it('admits only learners', async () => {
    await expectRoles(t, 'GET', '/api/my-applications/1/tests/1.ics', ['siswa', 'alumni'])
  })

  it('gives the owner the same event as the e-mails; a cancelled test as METHOD:CANCEL', async () => {
    const c = await company()
    const id = await schedule(t, c, [c.ani.application.id])
    const url = `/api/my-applications/${c.ani.application.id}/tests/${id}.ics`
    const res = await call(t, 'GET', url, { as: c.ani.learner })
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8; method=REQUEST')
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tes-${id}.ics"`)
    expect(prop(res.raw, 'METHOD')).toBe('REQUEST')
    expect(prop(res.raw, 'UID')).toBe(uidOf(id, c.ani.application.id))
    expect(propLine(res.raw, 'DTSTART')).toBe('DTSTART;TZID=Asia/Jakarta:20990715T080000')
    const [mail] = await mailsTo(c.ani.learner.email, /Jadwal Psikotes/)
    expect(prop(calendarOf(mail).ics, 'UID')).toBe(prop(res.raw, 'UID'))

    await call(t, 'POST', `/api/hrd/test-schedules/${id}/cancel`, { as: c.hrd, body: { reason: 'Ditunda' } })
    const cancelled = await call(t, 'GET', url, { as: c.ani.learner })
    expect(cancelled.headers['content-type']).toBe('text/calendar; charset=utf-8; method=CANCEL')
    expect(prop(cancelled.raw, 'METHOD')).toBe('CANCEL')
    expect(prop(cancelled.raw, 'SEQUENCE')).toBe('1')
  })

  it('404 for another learner, for a test the application is not in, and for an unknown one', async () => {
    const c = await company()
    const id = await schedule(t, c, [c.ani.application.id])
    const mine = `/api/my-applications/${c.ani.application.id}/tests/${id}.ics`
    const notFound = { success: false, message: 'Jadwal tes tidak ditemukan pada lamaran ini.', data: null }
    const other = await call(t, 'GET', mine, { as: c.budi.learner })
    expect(other.status).toBe(404)
    expect(other.body).toEqual(notFound)
    // Budi's own application is not in the test.
    const notIn = await call(t, 'GET', `/api/my-applications/${c.budi.application.id}/tests/${id}.ics`, {
      as: c.budi.learner,
    })
    expect(notIn.status).toBe(404)
    const unknown = await call(
      t,
      'GET',
      `/api/my-applications/${c.ani.application.id}/tests/2147483000.ics`,
      {
        as: c.ani.learner,
      },
    )
    expect(unknown.status).toBe(404)
    // HR is not a learner.
    expect((await call(t, 'GET', mine, { as: await anHrd(t) })).status).toBe(403)
  })
})

describe('times in the school’s time zone (SCHOOL_TIME_ZONE)', () => {
  let wita: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    wita = await createTestApp({ ...env, SCHOOL_TIME_ZONE: 'Asia/Makassar' })
  })
  afterAll(async () => {
    await wita?.close()
  })

  it('messages and invitations read the school’s zone', async () => {
    const c = await company(wita)
    const id = await schedule(wita, c, [c.ani.application.id])
    const [notice] = await notificationsOf(wita, c.ani.learner.id)
    expect(notice.body).toContain('pada Rabu, 15 Juli 2099 pukul 09.00 WITA di Aula PT Kalender.')
    const [mail] = await mailsTo(c.ani.learner.email, /Jadwal Psikotes/)
    const { ics } = calendarOf(mail)
    expect(propLine(ics, 'DTSTART')).toBe('DTSTART;TZID=Asia/Makassar:20990715T090000')
    expect(prop(ics, 'TZID')).toBe('Asia/Makassar')
    const file = await call(wita, 'GET', `/api/my-applications/${c.ani.application.id}/tests/${id}.ics`, {
      as: c.ani.learner,
    })
    expect(propLine(file.raw, 'DTEND')).toBe('DTEND;TZID=Asia/Makassar:20990715T103000')
  })
})
