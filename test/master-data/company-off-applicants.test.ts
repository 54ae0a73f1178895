import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { notificationsOf } from '../support/stored.js'

const t = useTestApp()

/**
 * The school ends its partnership with a company while "Operator Produksi" is in selection: Dimas waits for the
 * document review, Sari passed it (no test scheduled yet). From then on nobody can move their applications:
 * the company's HR is refused (403 "Perusahaan Anda sedang nonaktif"), staff acting for it too (422 "perusahaan
 * sedang nonaktif"). Those with a test ahead are told (its cancellation names the reason); Dimas and Sari were
 * told nothing, and their application still read "Menunggu seleksi berkas" / "Dalam proses seleksi", for as long
 * as the company stayed off. Now each is told that the selection is on hold (`application.on_hold`), and the
 * application says so (`onHold`) until the company is switched on again.
 */
describe('a company switched off while its selection runs', () => {
  it('tells the applicants it left waiting, and their applications say the selection is on hold', async () => {
    const { hrd, company, vacancy } = await anHrdWithVacancy(t, { vacancyTitle: 'Operator Produksi' })
    const dimas = await aCandidate(t, vacancy.id, { status: 'pending', fullName: 'Dimas Pratama' })
    const sari = await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Sari Wulandari' })
    const decided = await aCandidate(t, vacancy.id, { status: 'rejected' })
    const admin = await anAdmin(t)
    const toggle = (is_active: boolean) =>
      call(t, 'PATCH', `/api/admin/companies/${company.id}/toggle-active`, { as: admin, body: { is_active } })
    expect((await toggle(false)).status).toBe(200)
    // Nobody can go on with them.
    expect(
      (
        await call(t, 'PATCH', `/api/hrd/applicant-reviews/${dimas.application.id}/review`, {
          as: hrd,
          body: { decision: 'lolos' },
        })
      ).status,
    ).toBe(403)

    for (const who of [dimas, sari]) {
      expect(await notificationsOf(t, who.learner.id as number)).toEqual([
        expect.objectContaining({
          kind: 'application.on_hold',
          title: 'Seleksi "Operator Produksi" dihentikan sementara',
          body: `Lamaran Anda untuk lowongan "Operator Produksi" di ${company.name} belum dapat diproses karena ${company.name} sedang nonaktif sebagai mitra BKK sekolah. Lamaran Anda tetap tersimpan; bila perusahaan diaktifkan kembali, seleksi dilanjutkan. Anda juga dapat melamar lowongan lain yang sesuai.`,
          data: { applicationId: who.application.id, jobVacancyId: vacancy.id },
        }),
      ])
      const list = await call(t, 'GET', '/api/my-applications', { as: who.learner })
      expect(list.body.data).toEqual([expect.objectContaining({ id: who.application.id, onHold: true })])
      const detail = await call(t, 'GET', `/api/my-applications/${who.application.id}`, { as: who.learner })
      expect(detail.body.data.onHold).toBe(true)
    }
    // A decided application is not on hold, and its applicant is not told.
    expect(await notificationsOf(t, decided.learner.id as number)).toEqual([])
    const done = await call(t, 'GET', `/api/my-applications/${decided.application.id}`, {
      as: decided.learner,
    })
    expect(done.body.data.onHold).toBe(false)

    // Switched off again: nothing more. Switched on: the selection goes on, no longer on hold.
    expect((await toggle(false)).status).toBe(200)
    expect(await notificationsOf(t, dimas.learner.id as number)).toHaveLength(1)
    expect((await toggle(true)).status).toBe(200)
    const again = await call(t, 'GET', `/api/my-applications/${dimas.application.id}`, { as: dimas.learner })
    expect(again.body.data.onHold).toBe(false)
  })

  it('switched off through the company form, the applicants are told the same way', async () => {
    const { company, vacancy } = await anHrdWithVacancy(t)
    const dimas = await aCandidate(t, vacancy.id, { status: 'pending' })
    const admin = await anAdmin(t)
    const detail = await call(t, 'GET', `/api/admin/companies/${company.id}`, { as: admin })
    const c = detail.body.data
    const put = await call(t, 'PUT', `/api/admin/companies/${company.id}`, {
      as: admin,
      body: { name: c.name, is_active: false },
    })
    expect(put.status).toBe(200)
    expect((await notificationsOf(t, dimas.learner.id as number)).map((n) => n.kind)).toEqual([
      'application.on_hold',
    ])
  })
})
