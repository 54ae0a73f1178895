import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd, aSuperadmin, logIn } from '../support/builders/accounts.js'

/** E-mail off: staff's password link is answered on screen. */
const t = useTestApp({ PUBLIC_URL: 'https://bkk.smk.test' })

/** Sets a password through a link sent earlier: `{ email, token }` from the link's address. */
const useLink = (link: URL, password: string) =>
  call(t, 'POST', '/api/reset-password', {
    body: {
      email: link.searchParams.get('email'),
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
    expect((await useLink(link, 'Teh-Manis-Pagi-88')).status).toBe(422)
    expect((await logIn(t, `baru.${hr.email}`, 'Teh-Manis-Pagi-88')).status).toBe(401)
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
