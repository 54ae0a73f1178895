import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { files, storageDeletions } from '../../src/db/schema/index.js'
import { sweepStorageDeletions } from '../../src/modules/files/service.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anAlumnus, aStudent } from '../support/builders/accounts.js'
import { anUploadedFile } from '../support/builders/files.js'

/**
 * The storage refusing a removal for a moment (an object store answering 503, a network blip) while a learner
 * deletes her CV, or while staff erase a learner on the family's request. The row goes and the request answers
 * 200; the bytes are owed a removal (`storage_deletions`, written by the `files` delete trigger in the same
 * transaction), which the sweep retries until the storage confirms. Before, the storage's error was swallowed
 * and nothing named the bytes any more: the minor's CV stayed in the storage for good while the school believed
 * it erased (found by the files audit).
 */
const t = useTestApp()

const keyOf = async (id: number) => (await t.db.select().from(files).where(eq(files.id, id)))[0].storageKey
const pathOf = (key: string) => join(t.dataDir, 'files', key)
const owed = () => t.db.select().from(storageDeletions)

/**
 * The local storage refuses to remove `key` (a folder stands where its file was: removing it fails) until the
 * returned function gives the file back.
 */
function refusingRemoval(key: string) {
  const path = pathOf(key)
  const bytes = readFileSync(path)
  rmSync(path)
  mkdirSync(join(path, 'held'), { recursive: true })
  return () => {
    rmSync(path, { recursive: true })
    writeFileSync(path, bytes)
  }
}

/** Time passes: every removal owed is due. */
const allDue = () => t.db.update(storageDeletions).set({ dueAt: sql`now()` })

describe('bytes whose removal the storage refused', () => {
  it('a learner deletes her CV: 200, the removal is owed, and the sweep removes the bytes once the storage works', async () => {
    const siswa = await aStudent(t)
    const file = await anUploadedFile(t, siswa, { category: 'cv', title: 'CV' })
    const key = await keyOf(file.id)
    const storageBack = refusingRemoval(key)
    const res = await call(t, 'DELETE', `/api/siswa/portfolio/${file.id}`, { as: siswa })
    expect(res.status).toBe(200)
    expect(await t.db.select().from(files).where(eq(files.id, file.id))).toEqual([])
    const [row] = (await owed()).filter((o) => o.storageKey === key)
    expect(row).toMatchObject({ storageKey: key, attempts: 1 })
    expect(row.lastError).toMatch(/delete a file/)
    // Not before its wait is over.
    expect(row.dueAt.getTime()).toBeGreaterThan(Date.now() + 30_000)

    // A sweep while the storage still refuses: still owed, tried once more.
    await allDue()
    expect(await sweepStorageDeletions(t.db, t.app.storage)).toMatchObject({ failed: 1 })
    expect((await owed()).find((o) => o.storageKey === key)?.attempts).toBeGreaterThanOrEqual(2)

    storageBack()
    expect(existsSync(pathOf(key))).toBe(true)
    await allDue()
    expect(await sweepStorageDeletions(t.db, t.app.storage)).toMatchObject({ removed: 1, failed: 0 })
    expect(existsSync(pathOf(key))).toBe(false)
    expect((await owed()).filter((o) => o.storageKey === key)).toEqual([])
  })

  it('staff erase a learner: her files, gone with her row, are removed once the storage works', async () => {
    const admin = await anAdmin(t)
    const alumna = await anAlumnus(t, { values: { graduationYear: 2024 } })
    const cv = await anUploadedFile(t, alumna, { role: 'alumni', category: 'cv', title: 'CV' })
    const kk = await anUploadedFile(t, alumna, { role: 'alumni', category: 'cv', title: 'Kartu keluarga' })
    const [refused, removedAtOnce] = [await keyOf(cv.id), await keyOf(kk.id)]
    const storageBack = refusingRemoval(refused)
    const res = await call(t, 'DELETE', `/api/admin/alumni/${alumna.studentId}`, { as: admin })
    expect(res.status).toBe(200)
    // The one the storage took is gone and owes nothing; the other is owed.
    expect(existsSync(pathOf(removedAtOnce))).toBe(false)
    expect(
      (await owed()).map((o) => o.storageKey).filter((k) => k === refused || k === removedAtOnce),
    ).toEqual([refused])

    storageBack()
    await allDue()
    await sweepStorageDeletions(t.db, t.app.storage)
    expect(existsSync(pathOf(refused))).toBe(false)
    expect((await owed()).filter((o) => o.storageKey === refused)).toEqual([])
  })

  it('a file row deleted by any statement leaves its bytes owed, in the same transaction', async () => {
    const siswa = await aStudent(t)
    const file = await anUploadedFile(t, siswa, { category: 'cv', title: 'CV' })
    const key = await keyOf(file.id)
    await t.db
      .transaction(async (tx) => {
        await tx.delete(files).where(eq(files.id, file.id))
        // Rolled back: nothing owed.
        tx.rollback()
      })
      .catch(() => undefined)
    expect((await owed()).filter((o) => o.storageKey === key)).toEqual([])
    await t.db.delete(files).where(eq(files.id, file.id))
    expect((await owed()).filter((o) => o.storageKey === key)).toHaveLength(1)
    await sweepStorageDeletions(t.db, t.app.storage)
    expect(existsSync(pathOf(key))).toBe(false)
  })
})
