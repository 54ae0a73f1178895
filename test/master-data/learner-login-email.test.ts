import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { students, users } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, aStudent, aSuperadmin, logIn, PASSWORD, unique } from '../support/builders/accounts.js'

/**
 * A learner's e-mail lives twice: the learner record's `email` (the profile's contact address, which the
 * learner edits) and the login (`users.email`). Staff's learner form "keeps them in step" by writing the
 * record's e-mail into the login whenever the form is saved, whatever changed. The web form sends every
 * field back (crud-form.tsx `toBody`), so an unrelated edit (the class) rewrites the login from a copy that
 * has drifted from it.
 */
const t = useTestApp()

/** The body the Siswa screen sends when staff change only the class (learnerValues + toBody). */
const formBody = (s: typeof students.$inferSelect, change: Record<string, unknown>) => ({
  nis: s.nis,
  full_name: s.fullName,
  major_id: s.majorId,
  class_name: s.className,
  gender: s.gender,
  birth_date: s.birthDate,
  phone: s.phone,
  email: s.email,
  address: s.address,
  ...change,
})

const learnerRow = async (id: number) => (await t.db.select().from(students).where(eq(students.id, id)))[0]
const loginOf = async (userId: number) =>
  (await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0].email

describe('the login e-mail after staff edit a learner', () => {
  it('a learner who changed the contact e-mail in the profile still logs in with their login after staff move them to another class', async () => {
    const admin = await anAdmin(t)
    const login = `${unique('budi')}@sekolah.test`
    const learner = await aStudent(t, { values: { email: login } })
    await t.db.update(users).set({ email: login }).where(eq(users.id, learner.id))

    // The learner gives a personal address as the contact in the profile.
    const contact = `${unique('budi.pribadi')}@gmail.test`
    const profile = await call(t, 'PUT', '/api/siswa/portfolio/profile', {
      as: learner,
      body: { email: contact },
    })
    expect(profile.status).toBe(200)
    expect(await loginOf(learner.id)).toBe(login)
    expect((await logIn(t, login, PASSWORD)).status).toBe(200)

    // Staff move the learner to XII B with the Siswa form, touching nothing else.
    const saved = await call(t, 'PUT', `/api/admin/students/${learner.studentId}`, {
      as: admin,
      body: formBody(await learnerRow(learner.studentId), { class_name: 'XII B' }),
    })
    expect(saved.status).toBe(200)

    // Before a fix: the login became the contact address, and the learner's usual login answers 401.
    expect(await loginOf(learner.id)).toBe(login)
    expect((await logIn(t, login, PASSWORD)).status).toBe(200)
  })

  it('a login e-mail the superadmin changed in user management is not put back by staff saving the learner form', async () => {
    const admin = await anAdmin(t)
    const superadmin = await aSuperadmin(t)
    const old = `${unique('sari.lama')}@sekolah.test`
    const learner = await aStudent(t, { values: { email: old } })
    await t.db.update(users).set({ email: old }).where(eq(users.id, learner.id))

    const fresh = `${unique('sari.baru')}@sekolah.test`
    const changed = await call(t, 'PUT', `/api/admin/users/${learner.id}`, {
      as: superadmin,
      body: { email: fresh },
    })
    expect(changed.status).toBe(200)
    expect(changed.body.data.email).toBe(fresh)

    const saved = await call(t, 'PUT', `/api/admin/students/${learner.studentId}`, {
      as: admin,
      body: formBody(await learnerRow(learner.studentId), { class_name: 'XII C' }),
    })
    expect(saved.status).toBe(200)

    // Before a fix: the login is the old address again, and the new one the superadmin handed out answers 401.
    expect(await loginOf(learner.id)).toBe(fresh)
    expect((await logIn(t, fresh, PASSWORD)).status).toBe(200)
  })
})

describe('the learner record after its account is changed in user management', () => {
  it('a corrected name is the name HR and reports read; a login e-mail that was the record e-mail moves with it', async () => {
    const superadmin = await aSuperadmin(t)
    const old = `${unique('dewi.lama')}@sekolah.test`
    const learner = await aStudent(t, { values: { email: old, fullName: 'Dewi Lestar' } })
    await t.db.update(users).set({ email: old }).where(eq(users.id, learner.id))

    const fresh = `${unique('dewi.baru')}@sekolah.test`
    const res = await call(t, 'PUT', `/api/admin/users/${learner.id}`, {
      as: superadmin,
      body: { full_name: 'Dewi Lestari', email: fresh },
    })
    expect(res.status).toBe(200)
    const row = await learnerRow(learner.studentId)
    expect(row.fullName).toBe('Dewi Lestari')
    expect(row.email).toBe(fresh)
  })

  it("a contact e-mail of the learner's own is kept when the login changes", async () => {
    const superadmin = await aSuperadmin(t)
    const contact = `${unique('rina.pribadi')}@gmail.test`
    const learner = await aStudent(t, { values: { email: contact } })
    const fresh = `${unique('rina.baru')}@sekolah.test`
    const res = await call(t, 'PUT', `/api/admin/users/${learner.id}`, {
      as: superadmin,
      body: { email: fresh },
    })
    expect(res.status).toBe(200)
    expect(await loginOf(learner.id)).toBe(fresh)
    expect((await learnerRow(learner.studentId)).email).toBe(contact)
  })
})

describe('staff saving a learner form sent back whole', () => {
  it('saves a learner who cleared their contact e-mail; the login stays', async () => {
    const admin = await anAdmin(t)
    const learner = await aStudent(t)
    const login = await loginOf(learner.id)
    const cleared = await call(t, 'PUT', '/api/siswa/portfolio/profile', {
      as: learner,
      body: { email: null },
    })
    expect(cleared.status).toBe(200)

    const saved = await call(t, 'PUT', `/api/admin/students/${learner.studentId}`, {
      as: admin,
      body: formBody(await learnerRow(learner.studentId), { class_name: 'XII D' }),
    })
    expect(saved.status).toBe(200)
    expect((await learnerRow(learner.studentId)).className).toBe('XII D')
    expect(await loginOf(learner.id)).toBe(login)
  })

  it("saves a learner whose contact e-mail is another account's login, without touching either login", async () => {
    const admin = await anAdmin(t)
    const other = await aStudent(t)
    const otherLogin = await loginOf(other.id)
    const learner = await aStudent(t)
    const login = await loginOf(learner.id)
    // A sibling's address given as the contact (the profile keeps it as the learner's own).
    expect(
      (await call(t, 'PUT', '/api/siswa/portfolio/profile', { as: learner, body: { email: otherLogin } }))
        .status,
    ).toBe(200)

    const saved = await call(t, 'PUT', `/api/admin/students/${learner.studentId}`, {
      as: admin,
      body: formBody(await learnerRow(learner.studentId), { class_name: 'XII E' }),
    })
    expect(saved.status).toBe(200)
    expect(await loginOf(learner.id)).toBe(login)
    expect(await loginOf(other.id)).toBe(otherLogin)
  })

  it('a new e-mail typed on the form still becomes the login (and the old one no longer logs in)', async () => {
    const admin = await anAdmin(t)
    const learner = await aStudent(t)
    const old = await loginOf(learner.id)
    const fresh = `${unique('baru')}@sekolah.test`
    const saved = await call(t, 'PUT', `/api/admin/students/${learner.studentId}`, {
      as: admin,
      body: formBody(await learnerRow(learner.studentId), { email: fresh }),
    })
    expect(saved.status).toBe(200)
    expect(await loginOf(learner.id)).toBe(fresh)
    expect((await logIn(t, fresh, PASSWORD)).status).toBe(200)
    expect((await logIn(t, old, PASSWORD)).status).toBe(401)
  })
})
