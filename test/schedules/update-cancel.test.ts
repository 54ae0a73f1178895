import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { hoursFromNow, moveSchedule, setAttendance } from '../support/builders/schedules.js'
import { aCandidate, anHrdWithVacancy, candidates } from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { expectRoles } from '../support/roles.js'
import { eventsOf, notificationsOf, participantsOf, storedSchedule } from '../support/stored.js'

const t = useTestApp()

/** A schedule created through the route (in the future) for two in-progress applicants. */
async function scheduled() {
  const { hrd, company, vacancy } = await anHrdWithVacancy(t, {
    vacancyTitle: 'Teknisi',
    companyName: 'PT Maju',
  })
  const [a, b] = await candidates(t, vacancy.id, 2)
  const res = await call(t, 'POST', '/api/hrd/test-schedules', {
    as: hrd,
    body: {
      job_vacancy_id: vacancy.id,
      name: 'Tes Tulis',
      kind: 'tes_tulis',
      scheduled_at: '2099-05-04T02:00:00Z',
      location: 'Ruang 1',
      description: 'Bawa pensil.',
      minimum_score: 60,
      application_ids: [a.application.id, b.application.id],
    },
  })
  expect(res.status).toBe(201)
  return { hrd, company, vacancy, a, b, id: res.body.data.id as number }
}

const kindsOf = async (userId: number) => (await notificationsOf(t, userId)).map((n) => n.kind)
const stagesOf = async (applicationId: number) => (await eventsOf(t, applicationId)).map((e) => e.stage)

describe('PUT /api/hrd/test-schedules/:id', () => {
  it('admits only hrd', async () => {
    const s = await scheduled()
    await expectRoles(t, 'PUT', `/api/hrd/test-schedules/${s.id}`, ['hrd'], { name: 'X' })
  })

  it('changes fields partially; a new time or place is told to the participants', async () => {
    const s = await scheduled()
    const res = await call(t, 'PUT', `/api/hrd/test-schedules/${s.id}`, {
      as: s.hrd,
      body: { scheduled_at: '2099-05-05T03:00:00Z', location: 'Ruang 2', description: null },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Jadwal tes berhasil diperbarui.')
    expect(res.body.data).toMatchObject({
      name: 'Tes Tulis',
      kind: 'tes_tulis',
      scheduledAt: '2099-05-05T03:00:00.000Z',
      location: 'Ruang 2',
      description: null,
      minimumScore: 60,
      participantCount: 2,
    })
    const row = await storedSchedule(t, s.id)
    expect(row).toMatchObject({ location: 'Ruang 2', description: null, minimumScore: 60 })
    expect(row.scheduledAt.toISOString()).toBe('2099-05-05T03:00:00.000Z')

    for (const x of [s.a, s.b]) {
      expect(await kindsOf(x.learner.id)).toEqual(['test.scheduled', 'test.updated'])
      const [, updated] = await notificationsOf(t, x.learner.id)
      expect(updated).toMatchObject({
        title: 'Perubahan jadwal Tes tertulis: Tes Tulis',
        data: { applicationId: x.application.id, testScheduleId: s.id },
      })
      expect(updated.body).toBe(
        'Jadwal Tes tertulis "Tes Tulis" untuk lowongan "Teknisi" di PT Maju berubah menjadi Selasa, 05 Mei 2099 pukul 10.00 WIB di Ruang 2.',
      )
      const events = await eventsOf(t, x.application.id)
      expect(events.at(-1)).toMatchObject({
        stage: 'test_updated',
        status: 'tes_tulis',
        notes: 'Tes Tulis: Selasa, 05 Mei 2099 pukul 10.00 WIB di Ruang 2',
      })
    }
  })

  it('tells no one when neither time nor place changes', async () => {
    const s = await scheduled()
    const res = await call(t, 'PUT', `/api/hrd/test-schedules/${s.id}`, {
      as: s.hrd,
      body: { name: 'Tes Tulis Umum', minimum_score: 75.5, duration_minutes: 60, location: 'Ruang 1' },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ name: 'Tes Tulis Umum', minimumScore: 75.5, durationMinutes: 60 })
    expect(await kindsOf(s.a.learner.id)).toEqual(['test.scheduled'])
    expect(await stagesOf(s.a.application.id)).toEqual(['applied', 'test_scheduled'])
  })

  it('adds and removes participants; each side is told', async () => {
    const s = await scheduled()
    const c = await aCandidate(t, s.vacancy.id)
    const res = await call(t, 'PUT', `/api/hrd/test-schedules/${s.id}`, {
      as: s.hrd,
      body: { add_application_ids: [c.application.id], remove_application_ids: [s.a.application.id] },
    })
    expect(res.status).toBe(200)
    expect(res.body.data.participantCount).toBe(2)
    const participants = await participantsOf(t, s.id)
    expect(participants.map((p) => p.applicationId)).toEqual([s.b.application.id, c.application.id])

    expect(await kindsOf(s.a.learner.id)).toEqual(['test.scheduled', 'test.removed'])
    const removed = (await notificationsOf(t, s.a.learner.id))[1]
    expect(removed).toMatchObject({
      title: 'Anda tidak lagi menjadi peserta Tes tertulis: Tes Tulis',
      data: { applicationId: s.a.application.id, testScheduleId: s.id },
    })
    expect(await stagesOf(s.a.application.id)).toEqual(['applied', 'test_scheduled', 'test_removed'])
    expect(await kindsOf(c.learner.id)).toEqual(['test.scheduled'])
    expect(await stagesOf(c.application.id)).toEqual(['applied', 'test_scheduled'])
    expect(await kindsOf(s.b.learner.id)).toEqual(['test.scheduled'])
  })

  it('422 per index for bad additions and removals; nothing is changed', async () => {
    const s = await scheduled()
    const pending = await aCandidate(t, s.vacancy.id, { status: 'pending', fullName: 'Dewi Lestari' })
    const other = await aVacancy(t, { companyId: s.company.id })
    const elsewhere = await aCandidate(t, other.id)
    const res = await call(t, 'PUT', `/api/hrd/test-schedules/${s.id}`, {
      as: s.hrd,
      body: {
        name: 'Baru',
        add_application_ids: [s.a.application.id, pending.application.id, elsewhere.application.id],
        remove_application_ids: [elsewhere.application.id],
      },
    })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'add_application_ids.0',
      'add_application_ids.1',
      'add_application_ids.2',
      'remove_application_ids.0',
    ])
    expect(res.body.errors['add_application_ids.0'][0]).toMatch(/^\S.* sudah menjadi peserta tes ini\.$/)
    expect(res.body.errors['add_application_ids.1']).toEqual([
      'Lamaran Dewi Lestari berstatus "Menunggu seleksi berkas"; hanya lamaran yang lolos seleksi berkas (dalam proses seleksi) yang dapat dijadwalkan.',
    ])
    expect(res.body.errors['remove_application_ids.0']).toEqual([
      `Lamaran #${elsewhere.application.id} bukan peserta tes ini.`,
    ])
    expect((await storedSchedule(t, s.id)).name).toBe('Tes Tulis')
    expect(await participantsOf(t, s.id)).toHaveLength(2)
  })

  it('422 when removing a participant whose attendance was validated, or the last participants', async () => {
    const s = await scheduled()
    const [pa] = await participantsOf(t, s.id)
    await setAttendance(t, pa.id, { attendanceStatus: 'izin', validationStatus: 'verified' })
    const res = await call(t, 'PUT', `/api/hrd/test-schedules/${s.id}`, {
      as: s.hrd,
      body: { remove_application_ids: [pa.applicationId] },
    })
    expect(res.status).toBe(422)
    expect(res.body.errors['remove_application_ids.0'][0]).toContain('sudah divalidasi')

    const s2 = await scheduled()
    const all = await call(t, 'PUT', `/api/hrd/test-schedules/${s2.id}`, {
      as: s2.hrd,
      body: { remove_application_ids: [s2.a.application.id, s2.b.application.id] },
    })
    expect(all.status).toBe(422)
    expect(all.body.errors.remove_application_ids[0]).toContain('minimal satu peserta')
    expect(await participantsOf(t, s2.id)).toHaveLength(2)
  })

  it('422 for a time in the past', async () => {
    const s = await scheduled()
    const res = await call(t, 'PUT', `/api/hrd/test-schedules/${s.id}`, {
      as: s.hrd,
      body: { scheduled_at: hoursFromNow(-3) },
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ scheduled_at: ['harus berupa waktu yang akan datang'] })
  })

  it('422 once the test took place or was cancelled', async () => {
    const s = await scheduled()
    await moveSchedule(t, s.id, hoursFromNow(-1))
    const res = await call(t, 'PUT', `/api/hrd/test-schedules/${s.id}`, {
      as: s.hrd,
      body: { location: 'Ruang 9' },
    })
    expect(res.status).toBe(422)
    expect(res.body.message).toContain('sudah berlangsung')

    const s2 = await scheduled()
    await call(t, 'POST', `/api/hrd/test-schedules/${s2.id}/cancel`, {
      as: s2.hrd,
      body: { reason: 'Libur' },
    })
    const res2 = await call(t, 'PUT', `/api/hrd/test-schedules/${s2.id}`, {
      as: s2.hrd,
      body: { location: 'Ruang 9' },
    })
    expect(res2.status).toBe(422)
    expect(res2.body.message).toBe('Jadwal tes ini sudah dibatalkan.')
    expect((await storedSchedule(t, s2.id)).location).toBe('Ruang 1')
  })

  it("404 for another company's schedule", async () => {
    const s = await scheduled()
    const other = await anHrdWithVacancy(t)
    const res = await call(t, 'PUT', `/api/hrd/test-schedules/${s.id}`, {
      as: other.hrd,
      body: { name: 'Diambil alih' },
    })
    expect(res.status).toBe(404)
    expect((await storedSchedule(t, s.id)).name).toBe('Tes Tulis')
  })
})

describe('POST /api/hrd/test-schedules/:id/cancel', () => {
  it('admits only hrd', async () => {
    const s = await scheduled()
    await expectRoles(t, 'POST', `/api/hrd/test-schedules/${s.id}/cancel`, ['hrd'], { reason: 'x' })
  })

  it('cancels, records the reason and tells every participant', async () => {
    const s = await scheduled()
    const res = await call(t, 'POST', `/api/hrd/test-schedules/${s.id}/cancel`, {
      as: s.hrd,
      body: { reason: ' Ruangan dipakai acara lain. ' },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Ruangan dipakai acara lain.',
      cancelledAt: expect.stringMatching(/Z$/),
    })
    const row = await storedSchedule(t, s.id)
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'Ruangan dipakai acara lain.' })
    for (const x of [s.a, s.b]) {
      const notes = await notificationsOf(t, x.learner.id)
      expect(notes.map((n) => n.kind)).toEqual(['test.scheduled', 'test.cancelled'])
      expect(notes[1]).toMatchObject({
        title: 'Tes tertulis dibatalkan: Tes Tulis',
        data: { applicationId: x.application.id, testScheduleId: s.id },
      })
      expect(notes[1].body).toBe(
        'Tes tertulis "Tes Tulis" untuk lowongan "Teknisi" di PT Maju pada Senin, 04 Mei 2099 pukul 09.00 WIB di Ruang 1 dibatalkan. Alasan: Ruangan dipakai acara lain.',
      )
      expect((await eventsOf(t, x.application.id)).at(-1)).toMatchObject({
        stage: 'test_cancelled',
        status: 'tes_tulis',
        notes: 'Tes Tulis: Ruangan dipakai acara lain.',
      })
    }
  })

  it('422 the second time, with nothing told twice', async () => {
    const s = await scheduled()
    await call(t, 'POST', `/api/hrd/test-schedules/${s.id}/cancel`, { as: s.hrd, body: { reason: 'A' } })
    const again = await call(t, 'POST', `/api/hrd/test-schedules/${s.id}/cancel`, {
      as: s.hrd,
      body: { reason: 'B' },
    })
    expect(again.status).toBe(422)
    expect(again.body.message).toBe('Jadwal tes ini sudah dibatalkan.')
    expect((await storedSchedule(t, s.id)).cancelReason).toBe('A')
    expect(await kindsOf(s.a.learner.id)).toEqual(['test.scheduled', 'test.cancelled'])
  })

  it('five cancels at once: one succeeds, participants are told once', async () => {
    const s = await scheduled()
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        call(t, 'POST', `/api/hrd/test-schedules/${s.id}/cancel`, {
          as: s.hrd,
          body: { reason: `Alasan ${i}` },
        }),
      ),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422])
    expect(await kindsOf(s.a.learner.id)).toEqual(['test.scheduled', 'test.cancelled'])
    expect((await stagesOf(s.b.application.id)).filter((x) => x === 'test_cancelled')).toHaveLength(1)
  })

  it('422 once the test took place; 422 without a reason; 404 for another company', async () => {
    const s = await scheduled()
    const blank = await call(t, 'POST', `/api/hrd/test-schedules/${s.id}/cancel`, {
      as: s.hrd,
      body: { reason: '  ' },
    })
    expect(blank.status).toBe(422)
    expect(blank.body.errors).toEqual({ reason: ['tidak boleh kosong'] })
    const missing = await call(t, 'POST', `/api/hrd/test-schedules/${s.id}/cancel`, { as: s.hrd, body: {} })
    expect(missing.body.errors).toEqual({ reason: ['wajib diisi'] })

    const other = await anHrdWithVacancy(t)
    const foreign = await call(t, 'POST', `/api/hrd/test-schedules/${s.id}/cancel`, {
      as: other.hrd,
      body: { reason: 'x' },
    })
    expect(foreign.status).toBe(404)

    await moveSchedule(t, s.id, hoursFromNow(-1))
    const late = await call(t, 'POST', `/api/hrd/test-schedules/${s.id}/cancel`, {
      as: s.hrd,
      body: { reason: 'Terlambat' },
    })
    expect(late.status).toBe(422)
    const lateEn = await call(t, 'POST', `/api/hrd/test-schedules/${s.id}/cancel`, {
      as: s.hrd,
      body: { reason: 'Late' },
      headers: { 'accept-language': 'en' },
    })
    expect(lateEn.body.message).toBe(
      'This test has already taken place and can no longer be changed or cancelled.',
    )
    expect((await storedSchedule(t, s.id)).status).toBe('scheduled')
  })
})
