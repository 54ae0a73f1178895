import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { files } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAlumnus, anHrd, aStudent } from '../support/builders/accounts.js'
import { anApplication, attachFile } from '../support/builders/applications.js'
import { anUploadedFile } from '../support/builders/files.js'
import { expectRoles } from '../support/roles.js'

const t = useTestApp()

const fileRow = async (id: number) => (await t.db.select().from(files).where(eq(files.id, id)))[0]
const onDisk = (key: string) => existsSync(join(t.dataDir, 'files', key))

describe('DELETE /api/siswa/portfolio/:id', () => {
  it('admits only the route’s role', async () => {
    await expectRoles(t, 'DELETE', '/api/siswa/portfolio/2147483000', ['siswa'])
    await expectRoles(t, 'DELETE', '/api/alumni/portfolio/2147483000', ['alumni'])
  })

  it('200 and removes the row and then the bytes', async () => {
    const siswa = await aStudent(t)
    const file = await anUploadedFile(t, siswa)
    const { storageKey } = await fileRow(file.id)
    expect(onDisk(storageKey)).toBe(true)
    const res = await call(t, 'DELETE', `/api/siswa/portfolio/${file.id}`, { as: siswa })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, message: 'Berkas berhasil dihapus.', data: null })
    expect(await fileRow(file.id)).toBeUndefined()
    expect(onDisk(storageKey)).toBe(false)
    const again = await call(t, 'DELETE', `/api/siswa/portfolio/${file.id}`, { as: siswa })
    expect(again.status).toBe(404)
  })

  it('404 for another learner’s file and for an unknown id, and the file stays', async () => {
    const owner = await aStudent(t)
    const other = await aStudent(t)
    const alumni = await anAlumnus(t)
    const file = await anUploadedFile(t, owner)
    for (const [who, url] of [
      [other, `/api/siswa/portfolio/${file.id}`],
      [alumni, `/api/alumni/portfolio/${file.id}`],
      [owner, '/api/siswa/portfolio/2147483000'],
    ] as const) {
      const res = await call(t, 'DELETE', url, { as: who })
      expect(res.status, url).toBe(404)
      expect(res.body).toMatchObject({ success: false, data: null })
    }
    expect(await fileRow(file.id)).toBeDefined()
    expect(onDisk((await fileRow(file.id)).storageKey)).toBe(true)
  })

  it('404 for a decision letter on the learner’s record: it is not theirs to delete', async () => {
    const siswa = await aStudent(t)
    const [letter] = await t.db
      .insert(files)
      .values({
        studentId: siswa.studentId,
        category: 'decision_letter',
        title: 'Surat keputusan',
        originalName: 'sk.pdf',
        mimeType: 'application/pdf',
        size: 10,
        storageKey: `test/sk-${siswa.studentId}`,
      })
      .returning()
    const res = await call(t, 'DELETE', `/api/siswa/portfolio/${letter.id}`, { as: siswa })
    expect(res.status).toBe(404)
    expect(await fileRow(letter.id)).toBeDefined()
  })

  it('409 when the file is attached to an application still in the selection, and nothing is removed', async () => {
    const siswa = await aStudent(t)
    const hrd = await anHrd(t)
    const file = await anUploadedFile(t, siswa, { category: 'cv' })
    for (const status of ['pending', 'in_progress'] as const) {
      const application = await anApplication(t, {
        studentId: siswa.studentId,
        companyId: hrd.companyId,
        status,
      })
      await attachFile(t, application.id, file.id)
    }
    const res = await call(t, 'DELETE', `/api/siswa/portfolio/${file.id}`, { as: siswa })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ success: false, data: null })
    expect(res.body.message).toMatch(/dilampirkan pada lamaran yang masih dalam seleksi/)
    const row = await fileRow(file.id)
    expect(row).toBeDefined()
    expect(onDisk(row.storageKey)).toBe(true)
  })

  it('200 once every application holding the file left the selection: the company reads it no more', async () => {
    const siswa = await aStudent(t)
    const hrd = await anHrd(t)
    const kk = await anUploadedFile(t, siswa, { category: 'certificate', filename: 'kartu-keluarga.pdf' })
    const open = await anApplication(t, {
      studentId: siswa.studentId,
      companyId: hrd.companyId,
      fileIds: [kk.id],
    })
    const decided = await anApplication(t, {
      studentId: siswa.studentId,
      status: 'rejected',
      fileIds: [kk.id],
    })
    expect((await call(t, 'GET', `/api/files/${kk.id}/download`, { as: hrd })).status).toBe(200)
    expect((await call(t, 'PATCH', `/api/my-applications/${open.id}/withdraw`, { as: siswa })).status).toBe(
      200,
    )

    const res = await call(t, 'DELETE', `/api/siswa/portfolio/${kk.id}`, { as: siswa })
    expect(res.status).toBe(200)
    expect(await fileRow(kk.id)).toBeUndefined()
    expect((await call(t, 'GET', `/api/files/${kk.id}/download`, { as: hrd })).status).toBe(404)
    const detail = await call(t, 'GET', `/api/hrd/applicant-reviews/${open.id}`, { as: hrd })
    expect(detail.status).toBe(200)
    expect(detail.body.data.files).toEqual([])
    expect(decided.id).not.toBe(open.id)
  })

  it('200 for an alumnus deleting their own file on the alumni route', async () => {
    const alumni = await anAlumnus(t)
    const file = await anUploadedFile(t, alumni, { role: 'alumni' })
    const res = await call(t, 'DELETE', `/api/alumni/portfolio/${file.id}`, { as: alumni })
    expect(res.status).toBe(200)
    expect(await fileRow(file.id)).toBeUndefined()
  })

  it('422 for an id that is not a positive integer', async () => {
    const siswa = await aStudent(t)
    for (const id of ['abc', '0', '99999999999']) {
      const res = await call(t, 'DELETE', `/api/siswa/portfolio/${id}`, { as: siswa })
      expect(res.status, id).toBe(422)
      expect(res.body.errors.id).toBeDefined()
    }
  })
})
