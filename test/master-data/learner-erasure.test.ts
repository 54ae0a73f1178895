import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { files, placements, students } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anAlumnus } from '../support/builders/accounts.js'
import { anUploadedFile } from '../support/builders/files.js'
import { auditsOf } from '../support/stored.js'

/**
 * A placement staff deleted (recorded for the wrong learner) holds the learner no more: it was soft-deleted, so
 * no screen showed it, yet deleting the learner answered 409 "memiliki 1 data penempatan kerja", and the school
 * could never honour a request to remove her data (UU PDP). The deleted placement goes with her (found by the
 * deletion audit).
 */
const t = useTestApp()

describe('deleting a learner whose only placement was recorded by mistake and removed', () => {
  it('the learner (and their files) can be deleted once their outside placement was deleted', async () => {
    const admin = await anAdmin(t)
    const alumna = await anAlumnus(t, { values: { fullName: 'Rina Salah Catat', graduationYear: 2024 } })
    const file = await anUploadedFile(t, alumna, { role: 'alumni' })
    const [{ storageKey }] = await t.db.select().from(files).where(eq(files.id, file.id))

    // Staff record a hire for the wrong alumna, then remove it: no list shows it any more.
    const made = await call(t, 'POST', '/api/admin/job-placements', {
      as: admin,
      body: {
        alumni_id: alumna.studentId,
        company_name: 'CV Keliru',
        position: 'Kasir',
        accepted_date: '2025-02-03',
      },
    })
    expect(made.status).toBe(201)
    const removed = await call(t, 'DELETE', `/api/admin/job-placements/${made.body.data.id}`, { as: admin })
    expect(removed.status).toBe(200)
    const list = await call(
      t,
      'GET',
      `/api/admin/job-placements?search=${encodeURIComponent('Rina Salah')}`,
      {
        as: admin,
      },
    )
    expect(list.body.data).toEqual([])

    // The family asks the school to remove her data (UU PDP).
    const res = await call(t, 'DELETE', `/api/admin/alumni/${alumna.studentId}`, { as: admin })
    expect({ status: res.status, message: res.body.message }).toMatchObject({ status: 200 })
    expect(await t.db.select().from(students).where(eq(students.id, alumna.studentId))).toEqual([])
    expect(await t.db.select().from(placements).where(eq(placements.studentId, alumna.studentId))).toEqual([])
    expect(existsSync(join(t.dataDir, 'files', storageKey))).toBe(false)
    const [row] = await auditsOf(t, 'student', alumna.studentId)
    expect(row.action).toBe('delete')
    // The delete's row says who went by the school's register number, not the name (docs/decisions.md).
    const said = JSON.parse(row.data ?? '{}')
    expect(said).toMatchObject({ kind: 'alumni', removedPlacements: 1 })
    expect(said.nis).toEqual(expect.any(String))
    expect(JSON.stringify(said)).not.toMatch(/Rina/)
  })

  it('a placement that stands still holds the learner (409)', async () => {
    const admin = await anAdmin(t)
    const alumnus = await anAlumnus(t)
    const made = await call(t, 'POST', '/api/admin/job-placements', {
      as: admin,
      body: {
        alumni_id: alumnus.studentId,
        company_name: 'CV Benar',
        position: 'Kasir',
        accepted_date: '2025-02-03',
      },
    })
    expect(made.status).toBe(201)
    const res = await call(t, 'DELETE', `/api/admin/alumni/${alumnus.studentId}`, { as: admin })
    expect(res.status).toBe(409)
    expect(res.body.message).toMatch(/memiliki 1 data penempatan kerja/)
  })
})
