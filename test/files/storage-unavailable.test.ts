import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { files } from '../../src/db/schema/index.js'
import { useTestApp } from '../support/app.js'
import { aStudent } from '../support/builders/accounts.js'
import { uploadForm } from '../support/builders/files.js'
import { tinyPdf } from '../support/multipart.js'

/**
 * The file storage failing under a request (a full disk, a folder that cannot be written, an object store
 * answering errors) is the storage being unavailable: 503 in the envelope, with nothing half-written. It was
 * a 500 "Terjadi kesalahan pada server", as for a fault of the service (found by the operations audit).
 */
const t = useTestApp()

describe('an upload while the file storage cannot be written', () => {
  it('503 saying the file storage is unavailable; no file row is left', async () => {
    const siswa = await aStudent(t)
    // The files folder is a plain file: nothing can be stored under it.
    rmSync(join(t.dataDir, 'files'), { recursive: true, force: true })
    writeFileSync(join(t.dataDir, 'files'), '')
    try {
      const res = await uploadForm(t, siswa, {
        category: 'cv',
        title: 'CV',
        file: { data: tinyPdf(), filename: 'cv.pdf', contentType: 'application/pdf' },
      })
      expect(res.status).toBe(503)
      expect(res.body).toEqual({
        success: false,
        message: 'Penyimpanan berkas sedang tidak dapat dipakai. Coba lagi sebentar lagi.',
        data: null,
      })
      expect(await t.db.select().from(files).where(eq(files.studentId, siswa.studentId))).toEqual([])
    } finally {
      rmSync(join(t.dataDir, 'files'), { force: true })
    }
  })
})
