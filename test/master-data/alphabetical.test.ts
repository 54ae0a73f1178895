import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, aStudent } from '../support/builders/accounts.js'
import { aCompany, aMajor, tag } from '../support/builders/org.js'

/**
 * Names in alphabetical order whatever their case. A roster from Dapodik writes names in capitals while staff
 * type them in title case; a database made with `--locale=C` (the embedded one) ordered every capital first.
 */
const t = useTestApp()

describe('lists of names', () => {
  it('learners: "Ahmad" before "ANDI" before "Bagus", and a name typed in small letters in its place', async () => {
    const admin = await anAdmin(t)
    const major = await aMajor(t)
    for (const fullName of [
      'ANDI PRATAMA',
      'Ahmad Fauzi',
      'BUDI SANTOSO',
      'dewi lestari',
      'Bagus Wicaksono',
      'Citra',
    ])
      await aStudent(t, { majorId: major.id, values: { fullName } })

    const res = await call(t, 'GET', '/api/admin/students', { as: admin, query: { major_id: major.id } })
    expect(res.status).toBe(200)
    expect(res.body.data.map((s: { fullName: string }) => s.fullName)).toEqual([
      'Ahmad Fauzi',
      'ANDI PRATAMA',
      'Bagus Wicaksono',
      'BUDI SANTOSO',
      'Citra',
      'dewi lestari',
    ])
  })

  it('companies', async () => {
    const admin = await anAdmin(t)
    const name = tag()
    for (const suffix of ['BETA', 'alfa', 'Charlie']) await aCompany(t, { name: `${name} ${suffix}` })
    const res = await call(t, 'GET', '/api/admin/companies', { as: admin, query: { search: name } })
    expect(res.status).toBe(200)
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual([
      `${name} alfa`,
      `${name} BETA`,
      `${name} Charlie`,
    ])
  })
})
