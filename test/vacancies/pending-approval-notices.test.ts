import { beforeAll, describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, anHrd, aSuperadmin, deactivateAccount } from '../support/builders/accounts.js'
import { anApplicant } from '../support/builders/applications.js'
import { aCompany, aMajor } from '../support/builders/org.js'
import { aVacancy, dayFromToday, electricianBody, electricianStored } from '../support/builders/vacancies.js'
import { notificationsOf } from '../support/stored.js'

/**
 * A vacancy that starts waiting for the career center's approval (`approval_status` becomes `pending`: posted by
 * HR of a company whose vacancies need approval, or saved again by HR after a rejection or with a change of
 * substance) is told at once to every active admin and superadmin in-app (`vacancy.pending`), naming the vacancy
 * and the company. Before, nobody was told: the vacancy waited until staff happened to open their list.
 */
const t = useTestApp()

const hrdBase = '/api/hrd/job-vacancies'
const staffBase = '/api/admin/job-vacancies'

let inMonth: string
let admin: Account
let superadmin: Account
let retired: Account
beforeAll(async () => {
  inMonth = await dayFromToday(t, 30)
  admin = await anAdmin(t, { fullName: 'Bu Sari' })
  superadmin = await aSuperadmin(t)
  retired = await anAdmin(t)
  await deactivateAccount(t, retired.id)
})

const body = (majorIds: number[], over: Record<string, unknown> = {}) =>
  electricianBody(majorIds, inMonth, over)

const asStored = electricianStored

/** A company whose vacancies need approval, its HR, a major and a learner of it. */
async function flaggedCompany(name = 'PT Perlu Persetujuan') {
  const company = await aCompany(t, { name, vacanciesNeedApproval: true })
  const hr = await anHrd(t, { companyId: company.id })
  const major = await aMajor(t)
  const learner = await anApplicant(t, { majorId: major.id })
  return { company, hr, major, learner }
}

/** The notices of `userId` about vacancy `id`. */
const toldOf = async (userId: number, id: number) =>
  (await notificationsOf(t, userId)).filter((n) => n.data.jobVacancyId === id)
const kindsOf = async (userId: number, id: number) => (await toldOf(userId, id)).map((n) => n.kind)

describe('a vacancy that starts waiting for approval', () => {
  it('posted by HR of a flagged company: every active admin and superadmin is told once, naming vacancy and company', async () => {
    const { company, hr, major, learner } = await flaggedCompany('PT Sinar Jaya Abadi')
    const res = await call(t, 'POST', hrdBase, {
      as: hr,
      body: body([major.id], { title: 'Teknisi Listrik Pabrik' }),
    })
    expect(res.status).toBe(201)
    expect(res.body.data.approvalStatus).toBe('pending')
    const id = res.body.data.id as number

    const [notice, ...more] = await toldOf(admin.id, id)
    expect(more).toEqual([])
    expect(notice).toMatchObject({
      kind: 'vacancy.pending',
      title: 'Lowongan menunggu persetujuan: Teknisi Listrik Pabrik',
      body:
        'Lowongan "Teknisi Listrik Pabrik" dari PT Sinar Jaya Abadi menunggu persetujuan BKK sebelum tampil ' +
        'kepada siswa dan alumni.',
      data: { jobVacancyId: id, companyId: company.id },
      readAt: null,
    })
    expect(await kindsOf(superadmin.id, id)).toEqual(['vacancy.pending'])
    // Not a switched-off staff account, not the company's HR, not a learner.
    for (const who of [retired, hr, learner]) expect(await toldOf(who.id, id)).toEqual([])

    // What it is about is in the staff's approval queue.
    const queue = await call(t, 'GET', staffBase, {
      as: admin,
      query: { approval: 'pending', company_id: company.id },
    })
    expect(queue.body.data.map((v: { id: number }) => v.id)).toEqual([id])
  })

  it('saved again while pending: not told again; rejected then corrected by HR: told again', async () => {
    const { hr, major } = await flaggedCompany()
    const id = (await call(t, 'POST', hrdBase, { as: hr, body: body([major.id]) })).body.data.id as number
    expect(await kindsOf(admin.id, id)).toEqual(['vacancy.pending'])

    const edit = await call(t, 'PUT', `${hrdBase}/${id}`, {
      as: hr,
      body: body([major.id], { qualifications: 'Lulusan SMK TITL, bersertifikat K3.' }),
    })
    expect(edit.body.data.approvalStatus).toBe('pending')
    // Staff's own edit of a waiting vacancy leaves its approval, and tells nobody.
    const byStaff = await call(t, 'PUT', `${staffBase}/${id}`, {
      as: admin,
      body: { ...body([major.id], { quota: 5 }), company_id: hr.companyId },
    })
    expect(byStaff.status).toBe(200)
    expect(await kindsOf(admin.id, id)).toEqual(['vacancy.pending'])

    const rejected = await call(t, 'POST', `${staffBase}/${id}/reject`, {
      as: admin,
      body: { reason: 'Gaji belum dicantumkan.' },
    })
    expect(rejected.status).toBe(200)
    const corrected = await call(t, 'PUT', `${hrdBase}/${id}`, {
      as: hr,
      body: body([major.id], { min_salary: 4_000_000 }),
    })
    expect(corrected.body.data.approvalStatus).toBe('pending')
    expect(await kindsOf(admin.id, id)).toEqual(['vacancy.pending', 'vacancy.pending'])
    expect(await kindsOf(superadmin.id, id)).toEqual(['vacancy.pending', 'vacancy.pending'])
  })

  it('an approved vacancy: a new quota keeps it approved (nobody told); a change of substance sends it back (told)', async () => {
    const { hr, major } = await flaggedCompany()
    const v = await aVacancy(t, {
      companyId: hr.companyId,
      majorIds: [major.id],
      values: { ...asStored, approvalStatus: 'approved', approvedBy: admin.id },
    })
    const small = await call(t, 'PUT', `${hrdBase}/${v.id}`, { as: hr, body: body([major.id], { quota: 9 }) })
    expect(small.body.data.approvalStatus).toBe('approved')
    expect(await toldOf(admin.id, v.id)).toEqual([])

    const big = await call(t, 'PUT', `${hrdBase}/${v.id}`, {
      as: hr,
      body: body([major.id], { quota: 9, title: 'Teknisi Listrik Senior' }),
    })
    expect(big.body.data.approvalStatus).toBe('pending')
    const told = await toldOf(admin.id, v.id)
    expect(told.map((n) => [n.kind, n.title, n.data])).toEqual([
      [
        'vacancy.pending',
        'Lowongan menunggu persetujuan: Teknisi Listrik Senior',
        { jobVacancyId: v.id, companyId: hr.companyId },
      ],
    ])
  })

  it('nothing waits, nobody is told: HR of a company without the flag, staff posting for a flagged one', async () => {
    const company = await aCompany(t)
    const hr = await anHrd(t, { companyId: company.id })
    const major = await aMajor(t)
    const free = await call(t, 'POST', hrdBase, { as: hr, body: body([major.id]) })
    expect(free.body.data.approvalStatus).toBe('approved')
    expect(await toldOf(admin.id, free.body.data.id)).toEqual([])

    const flagged = await flaggedCompany()
    const staffs = await call(t, 'POST', staffBase, {
      as: admin,
      body: { ...body([flagged.major.id]), company_id: flagged.company.id },
    })
    expect(staffs.body.data.approvalStatus).toBe('approved')
    expect(await toldOf(admin.id, staffs.body.data.id)).toEqual([])
    expect(await toldOf(superadmin.id, staffs.body.data.id)).toEqual([])
  })
})
