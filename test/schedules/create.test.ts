import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { testSchedules } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anHrd } from '../support/builders/accounts.js'
import { hoursFromNow } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy, candidates } from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { expectRoles } from '../support/roles.js'
import { eventsOf, notificationsOf, participantsOf, storedSchedule } from '../support/stored.js'

const t = useTestApp()

const body = (vacancyId: number, applicationIds: number[], more: Record<string, unknown> = {}) => ({
  job_vacancy_id: vacancyId,
  name: 'Psikotes Tahap 1',
  kind: 'psikotes',
  scheduled_at: '2099-07-15T01:00:00Z',
  location: 'Aula PT Mitra',
  description: 'Bawa alat tulis.',
  minimum_score: 70,
  duration_minutes: 90,
  application_ids: applicationIds,
  ...more,
})

const schedulesOfVacancy = (vacancyId: number) =>
  t.db.select().from(testSchedules).where(eq(testSchedules.jobVacancyId, vacancyId))

describe('POST /api/hrd/test-schedules', () => {
  it('admits hrd, and staff acting for a company without HR', async () => {
    const { vacancy } = await anHrdWithVacancy(t)
    await expectRoles(t, 'POST', '/api/hrd/test-schedules', ['hrd', 'admin'], body(vacancy.id, [1]))
  })

  it('creates the schedule, a participant per application, a timeline row and a notification each', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t, {
      vacancyTitle: 'Teknisi Mesin',
      companyName: 'PT Sinar Jaya',
    })
    const [a, b] = await candidates(t, vacancy.id, 2)
    const res = await call(t, 'POST', '/api/hrd/test-schedules', {
      as: hrd,
      body: body(vacancy.id, [b.application.id, a.application.id], { name: '  Psikotes Tahap 1 ' }),
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ success: true, message: 'Jadwal tes berhasil dibuat.' })
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      name: 'Psikotes Tahap 1',
      kind: 'psikotes',
      scheduledAt: '2099-07-15T01:00:00.000Z',
      durationMinutes: 90,
      location: 'Aula PT Mitra',
      description: 'Bawa alat tulis.',
      minimumScore: 70,
      status: 'scheduled',
      cancelledAt: null,
      cancelReason: null,
      vacancy: { id: vacancy.id, title: 'Teknisi Mesin', position: vacancy.position },
      participantCount: 2,
      attendance: { hadir: 0, izin: 0, alpa: 0, unmarked: 2, released: 0 },
      validation: { pending: 2, verified: 0, rejected: 0 },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    })
    const id = res.body.data.id

    const schedule = await storedSchedule(t, id)
    expect(schedule).toMatchObject({
      companyId: hrd.companyId,
      jobVacancyId: vacancy.id,
      status: 'scheduled',
      createdBy: hrd.id,
    })
    const participants = await participantsOf(t, id)
    expect(participants.map((p) => [p.applicationId, p.validationStatus, p.attendanceStatus])).toEqual([
      [a.application.id, 'pending', null],
      [b.application.id, 'pending', null],
    ])

    for (const x of [a, b]) {
      const events = await eventsOf(t, x.application.id)
      expect(events.at(-1)).toMatchObject({
        stage: 'test_scheduled',
        status: 'psikotes',
        actorId: hrd.id,
        visibleToApplicant: true,
      })
      expect(events.at(-1)?.notes).toBe(
        'Psikotes Tahap 1: Rabu, 15 Juli 2099 pukul 08.00 WIB di Aula PT Mitra',
      )
      const notes = await notificationsOf(t, x.learner.id)
      expect(notes).toHaveLength(1)
      expect(notes[0]).toMatchObject({
        kind: 'test.scheduled',
        title: 'Jadwal Psikotes: Psikotes Tahap 1',
        data: { applicationId: x.application.id, testScheduleId: id },
      })
      expect(notes[0].body).toBe(
        'Anda dijadwalkan mengikuti Psikotes "Psikotes Tahap 1" untuk lowongan "Teknisi Mesin" di PT Sinar Jaya pada Rabu, 15 Juli 2099 pukul 08.00 WIB di Aula PT Mitra.',
      )
    }

    // The applicant sees the new stage on their application.
    const mine = await call(t, 'GET', `/api/my-applications/${a.application.id}`, { as: a.learner })
    expect(mine.body.data.timeline.at(-1)).toMatchObject({ stage: 'test_scheduled', status: 'psikotes' })
  })

  it('stores optional fields as null when left out, and skips notifications of applicants without an account', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { application } = await aCandidate(t, vacancy.id, { account: false })
    const res = await call(t, 'POST', '/api/hrd/test-schedules', {
      as: hrd,
      body: {
        job_vacancy_id: vacancy.id,
        name: 'Wawancara',
        kind: 'wawancara',
        scheduled_at: '2099-01-01T08:00:00+07:00',
        location: 'Ruang HRD',
        application_ids: [application.id],
      },
    })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({
      scheduledAt: '2099-01-01T01:00:00.000Z',
      description: null,
      minimumScore: null,
      durationMinutes: null,
      participantCount: 1,
    })
    expect((await eventsOf(t, application.id)).at(-1)?.stage).toBe('test_scheduled')
  })

  it('422 per index for applications that are not in progress or not of the vacancy; nothing is written', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const ok = await aCandidate(t, vacancy.id)
    const pending = await aCandidate(t, vacancy.id, { status: 'pending', fullName: 'Rina Marlina' })
    const withdrawn = await aCandidate(t, vacancy.id, { status: 'withdrawn', fullName: 'Budi Santoso' })
    const otherVacancy = await aVacancy(t, { companyId: hrd.companyId })
    const elsewhere = await aCandidate(t, otherVacancy.id)
    const res = await call(t, 'POST', '/api/hrd/test-schedules', {
      as: hrd,
      body: body(vacancy.id, [
        ok.application.id,
        pending.application.id,
        elsewhere.application.id,
        withdrawn.application.id,
        999999,
      ]),
    })
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({ success: false, data: null })
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'application_ids.1',
      'application_ids.2',
      'application_ids.3',
      'application_ids.4',
    ])
    // The applicant is named, with the status's label and the stage in the words of the screens.
    expect(res.body.errors['application_ids.1']).toEqual([
      'Lamaran Rina Marlina berstatus "Menunggu seleksi berkas"; hanya lamaran yang lolos seleksi berkas (dalam proses seleksi) yang dapat dijadwalkan.',
    ])
    expect(res.body.errors['application_ids.2']).toEqual([
      `Lamaran #${elsewhere.application.id} tidak ditemukan pada lowongan ini.`,
    ])
    expect(res.body.errors['application_ids.3']).toEqual([
      'Lamaran Budi Santoso berstatus "Lamaran dibatalkan"; hanya lamaran yang lolos seleksi berkas (dalam proses seleksi) yang dapat dijadwalkan.',
    ])
    expect(await schedulesOfVacancy(vacancy.id)).toEqual([])
    expect((await eventsOf(t, ok.application.id)).map((e) => e.stage)).toEqual(['applied'])
    expect(await notificationsOf(t, ok.learner.id)).toEqual([])
  })

  it('422 for a time in the past, with the other field errors at once', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { application } = await aCandidate(t, vacancy.id)
    const res = await call(t, 'POST', '/api/hrd/test-schedules', {
      as: hrd,
      body: body(vacancy.id, [application.id], { scheduled_at: hoursFromNow(-1), name: '   ' }),
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      scheduled_at: ['harus berupa waktu yang akan datang'],
      name: ['tidak boleh kosong'],
    })
    expect(await schedulesOfVacancy(vacancy.id)).toEqual([])
  })

  it("422 on job_vacancy_id for another company's vacancy or a deleted one", async () => {
    const { hrd } = await anHrdWithVacancy(t)
    const other = await anHrdWithVacancy(t)
    const { application } = await aCandidate(t, other.vacancy.id)
    const res = await call(t, 'POST', '/api/hrd/test-schedules', {
      as: hrd,
      body: body(other.vacancy.id, [application.id]),
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ job_vacancy_id: ['lowongan tidak ditemukan'] })

    const deleted = await aVacancy(t, {
      companyId: hrd.companyId,
      values: { deletedAt: new Date() },
    })
    const res2 = await call(t, 'POST', '/api/hrd/test-schedules', { as: hrd, body: body(deleted.id, [1]) })
    expect(res2.status).toBe(422)
    expect(res2.body.errors).toHaveProperty('job_vacancy_id')
    expect(await schedulesOfVacancy(other.vacancy.id)).toEqual([])
  })

  it('422 per field for a malformed body', async () => {
    const hrd = await anHrd(t)
    const res = await call(t, 'POST', '/api/hrd/test-schedules', {
      as: hrd,
      body: {
        job_vacancy_id: 'x',
        kind: 'ujian',
        scheduled_at: '15-07-2099',
        minimum_score: 101,
        duration_minutes: 0,
        application_ids: [3, 3],
      },
      headers: { 'accept-language': 'en' },
    })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('The given data was invalid.')
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'application_ids',
      'duration_minutes',
      'job_vacancy_id',
      'kind',
      'location',
      'minimum_score',
      'name',
      'scheduled_at',
    ])
    expect(res.body.errors.kind[0]).toBe('must be one of: psikotes, tes_tulis, praktik, wawancara, mcu')
    expect(res.body.errors.application_ids).toEqual(['must not contain duplicates'])

    const empty = await call(t, 'POST', '/api/hrd/test-schedules', {
      as: hrd,
      body: { ...body(1, []), application_ids: [] },
    })
    expect(empty.status).toBe(422)
    expect(empty.body.errors.application_ids).toEqual(['pilih paling sedikit satu'])
  })
})
