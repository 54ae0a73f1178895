import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import {
  type Account,
  anAdmin,
  anHrd,
  aStudent,
  aSuperadmin,
  deactivateAccount,
  logIn,
  PASSWORD,
} from '../support/builders/accounts.js'
import { auditsOf, storedStudent, storedUser, tokenCount } from '../support/stored.js'

const t = useTestApp()
let superadmin: Account

beforeAll(async () => {
  superadmin = await aSuperadmin(t)
})

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

describe('PATCH /api/admin/users/:id/toggle-active', () => {
  it('deactivates: every session of the account ends at once and it cannot log in', async () => {
    const hrd = await anHrd(t)
    const second = await logIn(t, hrd.email, PASSWORD)
    expect(await tokenCount(t, hrd.id)).toBe(2)

    const res = await call(t, 'PATCH', `/api/admin/users/${hrd.id}/toggle-active`, { as: superadmin })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Akun dinonaktifkan.')
    expect(res.body.data).toMatchObject({
      id: hrd.id,
      isActive: false,
      role: 'hrd',
      companyId: hrd.companyId,
    })
    expect((await storedUser(t, hrd.id))!.isActive).toBe(false)
    expect(await tokenCount(t, hrd.id)).toBe(0)
    expect((await call(t, 'GET', '/api/me', { as: hrd })).status).toBe(401)
    expect((await call(t, 'GET', '/api/me', { as: bearer(second.body.data.token) })).status).toBe(401)
    expect((await logIn(t, hrd.email, PASSWORD)).status).toBe(403)
    const [audit] = await auditsOf(t, 'user', hrd.id)
    expect(audit).toMatchObject({ action: 'deactivate', actorId: superadmin.id })
    expect(JSON.parse(audit.data!)).toEqual({ isActive: false, revoked: 2 })
  })

  it('activates again: the account logs in', async () => {
    const admin = await anAdmin(t)
    await deactivateAccount(t, admin.id)
    const res = await call(t, 'PATCH', `/api/admin/users/${admin.id}/toggle-active`, { as: superadmin })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Akun diaktifkan.')
    expect(res.body.data.isActive).toBe(true)
    expect((await storedUser(t, admin.id))!.isActive).toBe(true)
    expect((await logIn(t, admin.email, PASSWORD)).status).toBe(200)
    expect((await auditsOf(t, 'user', admin.id))[0].action).toBe('activate')
  })

  it('422 when a superadmin deactivates itself; another superadmin can be deactivated', async () => {
    const self = await call(t, 'PATCH', `/api/admin/users/${superadmin.id}/toggle-active`, { as: superadmin })
    expect(self.status).toBe(422)
    expect(self.body).toEqual({
      success: false,
      message: 'Anda tidak dapat menonaktifkan akun Anda sendiri.',
      data: null,
    })
    expect((await storedUser(t, superadmin.id))!.isActive).toBe(true)
    expect((await call(t, 'GET', '/api/me', { as: superadmin })).status).toBe(200)

    const other = await aSuperadmin(t)
    const res = await call(t, 'PATCH', `/api/admin/users/${other.id}/toggle-active`, { as: superadmin })
    expect(res.status).toBe(200)
    expect(res.body.data.isActive).toBe(false)
  })

  it('404 for an unknown id', async () => {
    const res = await call(t, 'PATCH', '/api/admin/users/999999/toggle-active', { as: superadmin })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Akun tidak ditemukan.')
  })
})

describe('POST /api/admin/users/:id/reset-password', () => {
  it('sets the given password: it logs in, the old one does not, old sessions end', async () => {
    const siswa = await aStudent(t)
    const res = await call(t, 'POST', `/api/admin/users/${siswa.id}/reset-password`, {
      as: superadmin,
      body: { password: 'kata-sandi-baru' },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      user: expect.objectContaining({ id: siswa.id, role: 'siswa', studentId: siswa.studentId }),
      temporaryPassword: null,
    })
    expect(await tokenCount(t, siswa.id)).toBe(0)
    expect((await call(t, 'GET', '/api/me', { as: siswa })).status).toBe(401)
    expect((await logIn(t, siswa.email, PASSWORD)).status).toBe(401)
    const login = await logIn(t, siswa.email, 'kata-sandi-baru')
    expect(login.status).toBe(200)
    expect((await call(t, 'GET', '/api/me', { as: bearer(login.body.data.token) })).status).toBe(200)
    const [audit] = await auditsOf(t, 'user', siswa.id)
    expect(audit).toMatchObject({ action: 'reset_password', actorId: superadmin.id })
    expect(audit.data).not.toContain('kata-sandi-baru')
  })

  it('generates a 12-character password, answered once, when none is sent', async () => {
    const admin = await anAdmin(t)
    for (const body of [{}, undefined]) {
      const res = await call(t, 'POST', `/api/admin/users/${admin.id}/reset-password`, {
        as: superadmin,
        body,
      })
      expect(res.status).toBe(200)
      const temporary = res.body.data.temporaryPassword
      expect(temporary).toMatch(/^[A-Za-z0-9]{12}$/)
      expect((await storedUser(t, admin.id))!.passwordHash).not.toContain(temporary)
      expect((await logIn(t, admin.email, temporary)).status).toBe(200)
    }
    const again = await call(t, 'GET', `/api/admin/users/${admin.id}`, { as: superadmin })
    expect(JSON.stringify(again.body)).not.toMatch(/temporaryPassword/)
  })

  // A temporary password handed over for a deactivated account sent its owner into "Akun Anda dinonaktifkan".
  it('422 for an inactive account: activate it first; its password is unchanged', async () => {
    const off = await anHrd(t, { values: { isActive: false } })
    const before = (await storedUser(t, off.id))!.passwordHash
    const res = await call(t, 'POST', `/api/admin/users/${off.id}/reset-password`, {
      as: superadmin,
      body: {},
    })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({
      success: false,
      message:
        'Akun ini nonaktif: aktifkan dulu, lalu buat kata sandinya. Kata sandi akun nonaktif tidak dapat dipakai masuk.',
      data: null,
    })
    expect((await storedUser(t, off.id))!.passwordHash).toBe(before)
  })

  it('keeps the session in use when superadmins reset their own password', async () => {
    const own = await aSuperadmin(t)
    const other = await logIn(t, own.email, PASSWORD)
    const res = await call(t, 'POST', `/api/admin/users/${own.id}/reset-password`, {
      as: own,
      body: { password: 'baru-sendiri' },
    })
    expect(res.status).toBe(200)
    expect((await call(t, 'GET', '/api/me', { as: own })).status).toBe(200)
    expect((await call(t, 'GET', '/api/me', { as: bearer(other.body.data.token) })).status).toBe(401)
  })

  it('422 for a password out of 8..200 characters; 404 for an unknown id', async () => {
    const admin = await anAdmin(t)
    const before = (await storedUser(t, admin.id))!.passwordHash
    for (const [password, message] of [
      ['1234567', 'minimal 8 karakter'],
      ['x'.repeat(201), 'maksimal 200 karakter'],
    ]) {
      const res = await call(t, 'POST', `/api/admin/users/${admin.id}/reset-password`, {
        as: superadmin,
        body: { password },
      })
      expect(res.status).toBe(422)
      expect(res.body.errors).toEqual({ password: [message] })
    }
    expect((await storedUser(t, admin.id))!.passwordHash).toBe(before)
    const unknown = await call(t, 'POST', '/api/admin/users/999999/reset-password', {
      as: superadmin,
      body: { password: 'kopi-tubruk-77' },
    })
    expect(unknown.status).toBe(404)
  })
})

describe('DELETE /api/admin/users/:id', () => {
  it('deletes the account and its sessions; its learner record stays, without account', async () => {
    const siswa = await aStudent(t)
    const res = await call(t, 'DELETE', `/api/admin/users/${siswa.id}`, { as: superadmin })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, message: 'Akun dihapus.', data: null })
    expect(await storedUser(t, siswa.id)).toBeUndefined()
    expect(await tokenCount(t, siswa.id)).toBe(0)
    expect((await call(t, 'GET', '/api/me', { as: siswa })).status).toBe(401)
    expect((await storedStudent(t, siswa.studentId))!.userId).toBeNull()
    const [audit] = await auditsOf(t, 'user', siswa.id)
    expect(audit).toMatchObject({ action: 'delete', actorId: superadmin.id })
    expect((await call(t, 'GET', `/api/admin/users/${siswa.id}`, { as: superadmin })).status).toBe(404)
  })

  it("keeps who made the account's audited changes: its id on their rows, its e-mail and role on the delete's", async () => {
    const admin = await anAdmin(t)
    const created = await call(t, 'POST', '/api/admin/departments', {
      as: admin,
      body: { code: 'AUDIT1', name: 'Departemen Audit' },
    })
    expect(created.status).toBe(201)
    const gone = await call(t, 'DELETE', `/api/admin/users/${admin.id}`, { as: superadmin })
    expect(gone.status).toBe(200)
    // It used to be emptied (ON DELETE SET NULL): "who changed what" lost the who.
    const [made] = await auditsOf(t, 'department', created.body.data.id)
    expect(made).toMatchObject({ action: 'create', actorId: admin.id })
    const [deleted] = await auditsOf(t, 'user', admin.id)
    expect(deleted).toMatchObject({ action: 'delete', actorId: superadmin.id })
    expect(JSON.parse(deleted.data as string)).toEqual({ email: admin.email, role: 'admin' })
  })

  it('422 when a superadmin deletes itself; another superadmin can be deleted', async () => {
    const self = await call(t, 'DELETE', `/api/admin/users/${superadmin.id}`, { as: superadmin })
    expect(self.status).toBe(422)
    expect(self.body.message).toBe('Anda tidak dapat menghapus akun Anda sendiri.')
    expect(await storedUser(t, superadmin.id)).toBeDefined()
    const other = await aSuperadmin(t)
    expect((await call(t, 'DELETE', `/api/admin/users/${other.id}`, { as: superadmin })).status).toBe(200)
  })

  it('409 with the reason when another record still refers to the account (FK restrict)', async () => {
    const admin = await anAdmin(t)
    await t.db.execute(
      sql.raw('create table user_delete_probe (user_id integer references users(id) on delete restrict)'),
    )
    await t.db.execute(sql`insert into user_delete_probe (user_id) values (${admin.id})`)
    const res = await call(t, 'DELETE', `/api/admin/users/${admin.id}`, { as: superadmin })
    expect(res.status).toBe(409)
    expect(res.body).toEqual({
      success: false,
      message:
        'Akun ini tidak dapat dihapus karena masih dipakai oleh data lain. Nonaktifkan akun ini sebagai gantinya.',
      data: null,
    })
    expect(await storedUser(t, admin.id)).toBeDefined()
    expect(await tokenCount(t, admin.id)).toBe(1)
    expect((await auditsOf(t, 'user', admin.id)).map((a) => a.action)).not.toContain('delete')
  })

  it('404 for an unknown id', async () => {
    const res = await call(t, 'DELETE', '/api/admin/users/999999', { as: superadmin })
    expect(res.status).toBe(404)
  })
})
