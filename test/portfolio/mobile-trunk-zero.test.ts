import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { students } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { aStudent } from '../support/builders/accounts.js'

/**
 * A learner's mobile number is taken as people write it (`mobileNumber`, src/http/patterns.ts), also with the
 * country code before the trunk 0: "+62 0812-3456-7890" (on many printed forms and WhatsApp profiles), which
 * was refused (found by the review of the change).
 */
const t = useTestApp()

describe("a learner's mobile number written with the country code and the trunk 0", () => {
  // A student types "+62 0812-3456-7890" in "Nomor telepon" and saves the profile. Before: 422 under the field,
  // "harus nomor HP Indonesia, mis. 0812-3456-7890", for what is an Indonesian mobile number (the field's own
  // pattern accepted the text; only the normaliser refuses it). Should: taken as +6281234567890 (the trunk 0
  // after the country code dropped), as "+62 812-3456-7890" is.
  it('is taken, the 0 after +62 dropped', async () => {
    const siswa = await aStudent(t)
    const res = await call(t, 'PUT', '/api/siswa/portfolio/profile', {
      as: siswa,
      body: { phone: '+62 0812-3456-7890' },
    })
    expect(res.body.errors ?? null).toBeNull()
    expect(res.status).toBe(200)
    const [row] = await t.db.select().from(students).where(eq(students.id, siswa.studentId))
    expect(row.phone).toBe('+6281234567890')
  })
})
