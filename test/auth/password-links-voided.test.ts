import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd, aStudent, aSuperadmin, logIn } from '../support/builders/accounts.js'

/** E-mail off: staff's password link is answered on screen. */
const t = useTestApp({ PUBLIC_URL: 'https://bkk.smk.test' })

/**
 * Sets a password through a link sent earlier: `{ email, token }` from the link's address, or with the
 * account's `email` now (a link is looked up by the account's current address and the secret).
 */
const useLink = (link: URL, password: string, email = link.searchParams.get('email')) =>
  call(t, 'POST', '/api/reset-password', {
    body: {
      email,
      token: link.searchParams.get('token'),
      password,
      password_confirmation: password,
    },
  })

describe('password links sent earlier stop working', () => {
  it('when a superadmin sets the password by hand', async () => {
    const superadmin = await aSuperadmin(t)
    const admin = await anAdmin(t)
    const hr = await anHrd(t)

    // An admin sends (e-mail off: shows) a reset link for the HR account.
    const sent = await call(t, 'POST', `/api/admin/users/${hr.id}/password-reset`, { as: admin })
    expect(sent.status).toBe(200)
    const link = new URL(sent.body.data.link)

    // Then the superadmin sets the account's password by hand (e.g. the account was compromised,
    // or the link went to the wrong person): the new password is the one that should hold.
    const manual = await call(t, 'POST', `/api/admin/users/${hr.id}/reset-password`, {
      as: superadmin,
      body: { password: 'Kopi-Tubruk-Senja-77' },
    })
    expect(manual.status).toBe(200)

    // Whoever holds the earlier link must not be able to override the superadmin's password.
    const used = await useLink(link, 'Teh-Manis-Pagi-88')
    expect(used.status).toBe(422)
    expect(used.body).toMatchObject({ success: false, data: null })
    expect((await logIn(t, hr.email, 'Teh-Manis-Pagi-88')).status).toBe(401)
    expect((await logIn(t, hr.email, 'Kopi-Tubruk-Senja-77')).status).toBe(200)
  })

  it("when the account's e-mail address changes: a link sent to the old address cannot set the password", async () => {
    const superadmin = await aSuperadmin(t)
    const admin = await anAdmin(t)
    const hr = await anHrd(t)
    const sent = await call(t, 'POST', `/api/admin/users/${hr.id}/password-reset`, { as: admin })
    const link = new URL(sent.body.data.link)
    const moved = await call(t, 'PUT', `/api/admin/users/${hr.id}`, {
      as: superadmin,
      body: { email: `baru.${hr.email}` },
    })
    expect(moved.status).toBe(200)
    // With the old address the link finds no account anyway; with the new one, the secret must not work.
    expect((await useLink(link, 'Teh-Manis-Pagi-88')).status).toBe(422)
    expect((await useLink(link, 'Teh-Manis-Pagi-88', `baru.${hr.email}`)).status).toBe(422)
    expect((await logIn(t, `baru.${hr.email}`, 'Teh-Manis-Pagi-88')).status).toBe(401)
  })

  it("when staff correct a learner's e-mail (the login) on the Siswa screen: the same", async () => {
    const admin = await anAdmin(t)
    const learner = await aStudent(t)
    const sent = await call(t, 'POST', `/api/admin/users/${learner.id}/password-reset`, { as: admin })
    const link = new URL(sent.body.data.link)
    const fixed = await call(t, 'PUT', `/api/admin/students/${learner.studentId}`, {
      as: admin,
      body: { email: `benar.${learner.email}` },
    })
    expect(fixed.status).toBe(200)
    expect((await useLink(link, 'Teh-Manis-Pagi-88', `benar.${learner.email}`)).status).toBe(422)
    expect((await logIn(t, `benar.${learner.email}`, 'Teh-Manis-Pagi-88')).status).toBe(401)

    // Renaming alone (the address unchanged) leaves a link sent since working.
    const again = await call(t, 'POST', `/api/admin/users/${learner.id}/password-reset`, { as: admin })
    const renamed = await call(t, 'PUT', `/api/admin/students/${learner.studentId}`, {
      as: admin,
      body: { full_name: 'Nama Dibetulkan', email: `benar.${learner.email}` },
    })
    expect(renamed.status).toBe(200)
    expect((await useLink(new URL(again.body.data.link), 'Teh-Manis-Pagi-88')).status).toBe(200)
  })

  it('and one sent after either still works', async () => {
    const superadmin = await aSuperadmin(t)
    const admin = await anAdmin(t)
    const hr = await anHrd(t)
    await call(t, 'POST', `/api/admin/users/${hr.id}/reset-password`, {
      as: superadmin,
      body: { password: 'Kopi-Tubruk-Senja-77' },
    })
    const sent = await call(t, 'POST', `/api/admin/users/${hr.id}/password-reset`, { as: admin })
    expect((await useLink(new URL(sent.body.data.link), 'Teh-Manis-Pagi-88')).status).toBe(200)
    expect((await logIn(t, hr.email, 'Teh-Manis-Pagi-88')).status).toBe(200)
  })
})
