import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { placements } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy, aResult, publishResults } from '../support/builders/selection.js'
import { notificationsOf } from '../support/stored.js'

/**
 * A hire who declined, quit or moved gives the place back (docs/decisions.md), and the vacancy's waiting list may
 * take it; but when staff recorded it (a 3-month follow-up: "mengundurkan diri"), nobody who could fill the place
 * knew. Now the company's HR is told, when the vacancy has a published waiting list, with a link to it.
 */
const t = useTestApp()

async function hiredWithWaitingList(waiting: number) {
  const { hrd, company, vacancy } = await anHrdWithVacancy(t, {
    values: { quota: 1, title: 'Operator Produksi' },
  })
  const hired = await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Andi Saputra' })
  await aResult(t, hired.application.id, { decision: 'diterima' })
  for (let i = 0; i < waiting; i++) {
    const reserve = await aCandidate(t, vacancy.id, { reviewed: true })
    await aResult(t, reserve.application.id, { decision: 'cadangan' })
  }
  expect((await publishResults(t, hrd, vacancy.id)).status).toBe(200)
  const [placement] = await t.db
    .select()
    .from(placements)
    .where(eq(placements.applicationId, hired.application.id))
  return { hrd, company, vacancy, placement }
}

const freedOf = async (userId: number) =>
  (await notificationsOf(t, userId)).filter((n) => n.kind === 'place.freed')

describe('a hire who gave the place back', () => {
  it('recorded by one HR account: its colleagues are told, with the waiting list to fill it from', async () => {
    const { hrd, company, vacancy, placement } = await hiredWithWaitingList(2)
    const colleague = await anHrd(t, { companyId: company.id })
    const byHr = await call(t, 'PATCH', `/api/hrd/job-placements/${placement.id}`, {
      as: hrd,
      body: { status: 'resigned' },
    })
    expect(byHr.status).toBe(200)
    // The one who recorded it is not told; the colleague is.
    expect(await freedOf(hrd.id)).toEqual([])
    expect(await freedOf(colleague.id)).toEqual([
      expect.objectContaining({
        title: 'Tempat terbuka lagi: Operator Produksi',
        body: 'Andi Saputra tidak lagi bekerja lewat lowongan Operator Produksi (Mengundurkan diri), jadi tempatnya terbuka lagi. 2 pelamar cadangan dapat menggantikannya: ubah keputusannya menjadi "diterima" di Hasil seleksi, lalu umumkan.',
        data: { jobVacancyId: vacancy.id, placeFreed: true },
      }),
    ])
    // Set active again and ended again ("pindah"): told again; a change between ended statuses tells nothing.
    await call(t, 'PATCH', `/api/hrd/job-placements/${placement.id}`, { as: hrd, body: { status: 'moved' } })
    expect(await freedOf(colleague.id)).toHaveLength(1)
  })

  it("recorded by staff's follow-up: the company's HR is told", async () => {
    const { hrd, placement } = await hiredWithWaitingList(1)
    const admin = await anAdmin(t)
    // A follow-up's mark must have come: the hire was accepted four months ago.
    await t.db
      .update(placements)
      .set({ acceptedAt: new Date(Date.now() - 125 * 86_400_000).toISOString().slice(0, 10) })
      .where(eq(placements.id, placement.id))
    const checkin = await call(t, 'POST', `/api/admin/job-placements/${placement.id}/check-ins`, {
      as: admin,
      body: { month_mark: 3, status: 'resigned' },
    })
    expect(checkin.status).toBe(200)
    expect((await freedOf(hrd.id)).map((n) => n.title)).toEqual(['Tempat terbuka lagi: Operator Produksi'])
  })

  it('without a waiting list, nobody is told', async () => {
    const { company, placement, hrd } = await hiredWithWaitingList(0)
    const colleague = await anHrd(t, { companyId: company.id })
    const res = await call(t, 'PATCH', `/api/hrd/job-placements/${placement.id}`, {
      as: hrd,
      body: { status: 'resigned' },
    })
    expect(res.status).toBe(200)
    expect(await freedOf(colleague.id)).toEqual([])
  })
})
