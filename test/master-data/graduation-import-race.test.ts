import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { students } from '../../src/db/schema/index.js'
import { call, type Res, useTestApp } from '../support/app.js'
import { type Account, anAdmin, aStudent } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { waitingForLocks } from '../support/locks.js'
import { multipart } from '../support/multipart.js'

// A graduation by class and a roster import of that class at once: both lock the learners in id order,
// so one waits for the other. The graduation used to lock them in the list's order (class, name), and
// the two deadlocked over the same class: one was refused with a 409.
const t = useTestApp()
let admin: Account

beforeAll(async () => {
  admin = await anAdmin(t)
})

const HEADER = ['NISN', 'NIS', 'Nama', 'JK', 'Tempat Lahir', 'Tanggal Lahir', 'Rombel', 'Jurusan']

function upload(file: Buffer) {
  const form = multipart([['file', { data: file, filename: 'roster.csv', contentType: 'text/csv' }]])
  return call(t, 'POST', '/api/admin/imports/students', { as: admin, body: form.body, headers: form.headers })
}

describe('graduation of a class while a roster import of that class runs', () => {
  it('both finish (the two lock the learners in the same order), neither is a 409 deadlock', async () => {
    const major = await aMajor(t)
    // The lower id has the later name: id order and name order differ.
    const first = await aStudent(t, {
      majorId: major.id,
      values: { nisn: '0091000001', nis: '91000001', fullName: 'Zaenal', className: 'XII LOCK 1' },
    })
    const second = await aStudent(t, {
      majorId: major.id,
      values: { nisn: '0091000002', nis: '91000002', fullName: 'Agus', className: 'XII LOCK 1' },
    })
    expect(first.studentId).toBeLessThan(second.studentId)
    const file = Buffer.from(
      [
        HEADER,
        ['0091000001', '91000001', 'Zaenal Abidin', 'L', 'Bandung', '15/08/2008', 'XII LOCK 1', major.code],
        ['0091000002', '91000002', 'Agus Salim', 'L', 'Bandung', '15/08/2008', 'XII LOCK 1', major.code],
      ]
        .map((r) => r.join(','))
        .join('\r\n'),
    )

    let graduation: ReturnType<typeof call> | undefined
    let importing: ReturnType<typeof upload> | undefined
    // Someone else (an edit of Agus's record) holds his row for a moment while both start.
    await t.db.transaction(async (tx) => {
      await tx.select().from(students).where(eq(students.id, second.studentId)).for('update')
      graduation = call(t, 'POST', '/api/admin/graduations', {
        as: admin,
        body: { graduation_year: 2026, class_name: 'XII LOCK 1', major_id: major.id },
      })
      await waitingForLocks(t, 1)
      importing = upload(file)
      await waitingForLocks(t, 2)
    })
    const [g, i] = await Promise.all([graduation!, importing!])
    // Before the fix one of them (either) was the 409 "try again" of a deadlock (40P01, src/http/errors.ts).
    const outcome = (r: Res) => ({ status: r.status, message: r.body.message })
    expect([outcome(g), outcome(i)]).toEqual([
      expect.objectContaining({ status: 200 }),
      expect.not.objectContaining({ status: 409 }),
    ])
  }, 20_000)
})
