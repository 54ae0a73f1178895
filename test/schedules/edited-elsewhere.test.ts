/**
 * The test schedule form (schedules/form-page.tsx) saved after a colleague changed the test (docs/api.md,
 * "Changing a record someone else changed"): the web client sends the `updatedAt` it was filled from in
 * `If-Match`, and the change is refused with 412 instead of moving the test back to where the form read it.
 * Without the header the last write wins, as before.
 */
import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anHrd } from '../support/builders/accounts.js'
import { aScheduleMadeByHr } from '../support/builders/schedules.js'
import { anHrdWithVacancy, candidates } from '../support/builders/selection.js'
import { notificationsOf, participantsOf, storedSchedule } from '../support/stored.js'

const t = useTestApp()

const EDITED_ELSEWHERE = {
  success: false,
  code: 'edited_elsewhere',
  message:
    'Data ini sudah diubah orang lain sejak Anda membukanya, jadi perubahan Anda belum disimpan. Muat ulang untuk melihat data terbaru, lalu ulangi perubahan Anda.',
  data: null,
}

/** The header the web client sends with a form filled from `d` (web/src/api/client.ts ifMatch). */
const readAt = (d: { updatedAt: string }) => ({ 'if-match': `"${d.updatedAt}"` })

/** A test in Ruang 1 for one applicant, its HR, a second HR account of the company, and one more candidate. */
async function scheduled() {
  const { hrd, company, vacancy } = await anHrdWithVacancy(t, { vacancyTitle: 'Teknisi' })
  const colleague = await anHrd(t, { companyId: company.id })
  const [a, b] = await candidates(t, vacancy.id, 2)
  const id = await aScheduleMadeByHr(t, hrd, vacancy.id, [a.application.id])
  return { hrd, colleague, a, b, id }
}

const opened = async (id: number, as: Awaited<ReturnType<typeof scheduled>>['hrd']) =>
  (await call(t, 'GET', `/api/hrd/test-schedules/${id}`, { as })).body.data

describe('PUT /api/hrd/test-schedules/:id from a form opened before a colleague moved the test', () => {
  it('412 for adding a participant: the test stays in Ruang 2, nobody is added or told', async () => {
    const { hrd, colleague, b, id } = await scheduled()
    // The colleague opens "Ubah jadwal tes": the form holds location 'Ruang 1'.
    const d = await opened(id, colleague)
    expect(d.location).toBe('Ruang 1')
    // HR moves the test to Ruang 2 (Ruang 1 is taken that day); the participant is told.
    const moved = await call(t, 'PUT', `/api/hrd/test-schedules/${id}`, {
      as: hrd,
      headers: readAt(await opened(id, hrd)),
      body: { location: 'Ruang 2' },
    })
    expect(moved.status).toBe(200)
    // The colleague adds one more participant in the form opened before and saves (the form as it was before
    // it sent only what changed: every field but the time).
    const saved = await call(t, 'PUT', `/api/hrd/test-schedules/${id}`, {
      as: colleague,
      headers: readAt(d),
      body: {
        name: d.name,
        kind: d.kind,
        location: d.location,
        description: d.description,
        minimum_score: d.minimumScore,
        duration_minutes: d.durationMinutes,
        add_application_ids: [b.application.id],
        remove_application_ids: [],
      },
    })
    expect(saved.status).toBe(412)
    expect(saved.body).toEqual(EDITED_ELSEWHERE)
    expect(await storedSchedule(t, id)).toMatchObject({ location: 'Ruang 2' })
    expect((await participantsOf(t, id)).map((p) => p.applicationId)).not.toContain(b.application.id)
    expect(await notificationsOf(t, b.learner.id as number)).toHaveLength(0)

    // Filled again from the test as it is now, the form adds the participant: the test stays in Ruang 2.
    const again = await opened(id, colleague)
    const added = await call(t, 'PUT', `/api/hrd/test-schedules/${id}`, {
      as: colleague,
      headers: readAt(again),
      body: { add_application_ids: [b.application.id], remove_application_ids: [] },
    })
    expect(added.status).toBe(200)
    expect(added.body.data).toMatchObject({ location: 'Ruang 2', participantCount: 2 })
    expect(added.body.data.updatedAt).not.toBe(again.updatedAt)
  })

  it('412 after the participants alone were changed since the form was filled', async () => {
    const { hrd, colleague, b, id } = await scheduled()
    const d = await opened(id, colleague)
    const added = await call(t, 'PUT', `/api/hrd/test-schedules/${id}`, {
      as: hrd,
      body: { add_application_ids: [b.application.id] },
    })
    expect(added.status).toBe(200)
    const saved = await call(t, 'PUT', `/api/hrd/test-schedules/${id}`, {
      as: colleague,
      headers: readAt(d),
      body: { name: 'Tes Tulis Tahap 1' },
    })
    expect(saved.status).toBe(412)
    expect((await storedSchedule(t, id)).name).toBe('Tes Tulis')
  })

  it('200 with the If-Match it read when nobody changed it; 200 without the header (the last write wins)', async () => {
    const { hrd, colleague, id } = await scheduled()
    const d = await opened(id, colleague)
    const current = await call(t, 'PUT', `/api/hrd/test-schedules/${id}`, {
      as: colleague,
      headers: readAt(d),
      body: { location: 'Aula' },
    })
    expect(current.status).toBe(200)
    expect((await storedSchedule(t, id)).location).toBe('Aula')
    // A client that sends no If-Match (a script, an older client) still overwrites what it read before.
    const blind = await call(t, 'PUT', `/api/hrd/test-schedules/${id}`, {
      as: hrd,
      body: { location: d.location },
    })
    expect(blind.status).toBe(200)
    expect((await storedSchedule(t, id)).location).toBe('Ruang 1')
  })

  it("404 for another company's schedule, 422 for a cancelled one, whatever the If-Match", async () => {
    const { hrd, id } = await scheduled()
    const d = await opened(id, hrd)
    const stranger = await anHrd(t)
    const other = await call(t, 'PUT', `/api/hrd/test-schedules/${id}`, {
      as: stranger,
      headers: readAt(d),
      body: { location: 'Aula' },
    })
    expect(other.status).toBe(404)
    const cancelled = await call(t, 'POST', `/api/hrd/test-schedules/${id}/cancel`, {
      as: hrd,
      body: { reason: 'Ruangan dipakai ujian sekolah.' },
    })
    expect(cancelled.status).toBe(200)
    const late = await call(t, 'PUT', `/api/hrd/test-schedules/${id}`, {
      as: hrd,
      headers: readAt(d),
      body: { location: 'Aula' },
    })
    expect(late.status).toBe(422)
    expect((await storedSchedule(t, id)).location).toBe('Ruang 1')
  })
})
