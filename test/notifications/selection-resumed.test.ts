import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'

const t = useTestApp()

/** The learner's bell: each notice's kind and whether it is read, oldest first, and the unread count. */
async function bellOf(learner: Account) {
  const res = await call(t, 'GET', '/api/notifications', { as: learner })
  expect(res.status).toBe(200)
  const rows = res.body.data as { id: number; kind: string; title: string; body: string; isRead: boolean }[]
  return { unread: res.body.meta.unreadCount as number, notices: [...rows].reverse() }
}

/**
 * The school switches off "Operator Produksi"'s company while Dimas waits for the document review and Sari is in
 * the selection: both are told the selection is on hold (`application.on_hold`). Switched on again, their
 * application simply stopped saying so: nobody told them it goes on. Now each is told
 * (`application.resumed`); an on-hold notice still unread is marked read, since it no longer holds.
 */
describe('a company switched on again after holding its selection', () => {
  it('tells its waiting applicants the selection goes on; an unread on-hold notice is marked read', async () => {
    const { company, vacancy } = await anHrdWithVacancy(t, { vacancyTitle: 'Operator Produksi' })
    const dimas = await aCandidate(t, vacancy.id, { status: 'pending', fullName: 'Dimas Pratama' })
    const sari = await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Sari Wulandari' })
    const decided = await aCandidate(t, vacancy.id, { status: 'rejected' })
    const admin = await anAdmin(t)
    const toggle = (is_active: boolean) =>
      call(t, 'PATCH', `/api/admin/companies/${company.id}/toggle-active`, { as: admin, body: { is_active } })

    expect((await toggle(false)).status).toBe(200)
    // Dimas opens the on-hold notice; Sari does not.
    const [held] = (await bellOf(dimas.learner)).notices
    expect(held.kind).toBe('application.on_hold')
    expect((await call(t, 'PATCH', `/api/notifications/${held.id}/read`, { as: dimas.learner })).status).toBe(
      200,
    )

    expect((await toggle(true)).status).toBe(200)
    const resumed = {
      kind: 'application.resumed',
      isRead: false,
      title: 'Seleksi "Operator Produksi" dilanjutkan',
      body:
        `${company.name} kembali aktif sebagai mitra BKK sekolah, sehingga seleksi lamaran Anda untuk lowongan ` +
        '"Operator Produksi" dilanjutkan. Pantau perkembangannya di Lamaran saya.',
    }
    for (const who of [dimas, sari]) {
      const bell = await bellOf(who.learner)
      expect(bell.unread).toBe(1)
      expect(bell.notices).toEqual([
        expect.objectContaining({ kind: 'application.on_hold', isRead: true }),
        expect.objectContaining({
          ...resumed,
          data: { applicationId: who.application.id, jobVacancyId: vacancy.id },
        }),
      ])
      const mine = await call(t, 'GET', `/api/my-applications/${who.application.id}`, { as: who.learner })
      expect(mine.body.data.onHold).toBe(false)
    }
    // A decided application was never on hold: nothing to tell.
    expect((await bellOf(decided.learner)).notices).toEqual([])

    // Switched on again while on: nothing more.
    expect((await toggle(true)).status).toBe(200)
    expect((await bellOf(sari.learner)).notices).toHaveLength(2)
  })

  it('switched on through the company form, the applicants are told the same way', async () => {
    const { company, vacancy } = await anHrdWithVacancy(t)
    const dimas = await aCandidate(t, vacancy.id, { status: 'pending' })
    const admin = await anAdmin(t)
    const put = (is_active: boolean) =>
      call(t, 'PUT', `/api/admin/companies/${company.id}`, {
        as: admin,
        body: { name: company.name, is_active },
      })
    expect((await put(false)).status).toBe(200)
    expect((await put(true)).status).toBe(200)
    expect((await bellOf(dimas.learner)).notices.map((n) => [n.kind, n.isRead])).toEqual([
      ['application.on_hold', true],
      ['application.resumed', false],
    ])
  })
})
