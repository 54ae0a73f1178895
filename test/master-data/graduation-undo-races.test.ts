import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { applications, jobVacancies, students, tracerStudies } from '../../src/db/schema/index.js'
import { call, type Res, useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { anApplicant } from '../support/builders/applications.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { waitingForLocks } from '../support/locks.js'
import { storedStudent, storedUser } from '../support/stored.js'

/**
 * Staff take a graduation back (POST /api/admin/graduations/undo) just as the alumnus acts as one. The undo
 * refuses an alumnus who applied as one or answered the tracer study; an application or an answer not yet
 * committed it cannot see. Before, both went through: a grade-12 siswa with an application made as an alumnus
 * to a vacancy for alumni only, or with a tracer-study answer. Now each takes the learner's row: apply shares it
 * and reads the learner's standing under it, the tracer save locks it and looks.
 */
const t = useTestApp()

describe('a graduation taken back while the alumnus acts as one', () => {
  it('an application begun before the undo: the undo goes through and the application is refused (409)', async () => {
    const admin = await anAdmin(t)
    const alum = await anApplicant(t, { role: 'alumni', values: { graduationYear: 2026 } })
    const vacancy = await aVacancy(t, { majorIds: [alum.majorId], values: { target: 'alumni' } })

    let applying: Promise<Res> | undefined
    let undone: Res | undefined
    // The vacancy's row held a moment (HR saving it, say): the application is past the door as an alumnus.
    await t.db.transaction(async (tx) => {
      await tx.select().from(jobVacancies).where(eq(jobVacancies.id, vacancy.id)).for('update')
      applying = call(t, 'POST', `/api/job-vacancies/${vacancy.id}/apply`, { as: alum, body: {} })
      await waitingForLocks(t, 1)
      undone = await call(t, 'POST', '/api/admin/graduations/undo', {
        as: admin,
        body: { graduation_year: 2026, student_ids: [alum.studentId] },
      })
    })
    expect(undone!.status).toBe(200)
    expect(undone!.body.data.succeeded).toBe(1)
    const applied = await applying!
    // It was a 201: an application made as an alumnus by a learner back in grade 12.
    expect(applied.status).toBe(409)
    expect(applied.body.message).toBe(
      'Status kelulusan Anda baru saja diubah sekolah. Muat ulang halaman, lalu coba lagi.',
    )
    expect(await t.db.select().from(applications).where(eq(applications.studentId, alum.studentId))).toEqual(
      [],
    )
    expect((await storedUser(t, alum.id)).role).toBe('siswa')
    expect((await storedStudent(t, alum.studentId)).graduationYear).toBeNull()
  })

  it('a tracer-study save waiting behind the undo is refused (403) and stores nothing', async () => {
    const admin = await anAdmin(t)
    const alum = await anApplicant(t, { role: 'alumni', values: { graduationYear: 2026 } })

    let undoing: Promise<Res> | undefined
    let saving: Promise<Res> | undefined
    // Her learner row held a moment (a staff edit of it, say): the undo waits for it first, the save behind it.
    await t.db.transaction(async (tx) => {
      await tx.select().from(students).where(eq(students.id, alum.studentId)).for('update')
      undoing = call(t, 'POST', '/api/admin/graduations/undo', {
        as: admin,
        body: { graduation_year: 2026, student_ids: [alum.studentId] },
      })
      await waitingForLocks(t, 1)
      saving = call(t, 'POST', '/api/alumni/tracer-study', {
        as: alum,
        body: { career_status: 'mencari_kerja' },
      })
      await waitingForLocks(t, 2)
    })
    const [undone, saved] = await Promise.all([undoing!, saving!])
    expect(undone.body.data.succeeded).toBe(1)
    // It was a 201: a tracer-study answer of a learner back in grade 12.
    expect(saved.status).toBe(403)
    expect(saved.body.message).toMatch(/^Akun ini bukan lagi akun alumni/)
    // As the door says it to a role that changed: the web client reloads the account.
    expect(saved.body.code).toBe('role_refused')
    expect(
      await t.db.select().from(tracerStudies).where(eq(tracerStudies.studentId, alum.studentId)),
    ).toEqual([])
  })
})
