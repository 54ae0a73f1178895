import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { jobVacancies, jobVacancyMajors } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd, deactivateAccount } from '../support/builders/accounts.js'
import { anApplicant, anApplication } from '../support/builders/applications.js'
import { aCompany, aMajor, deactivateCompany } from '../support/builders/org.js'
import { aVacancy, dayFromToday, electricianBody, electricianStored } from '../support/builders/vacancies.js'
import { eventually, useSmtp } from '../support/smtp.js'
import { auditsOf, notificationsOf } from '../support/stored.js'

const env: Record<string, string> = {
  SMTP_FROM: 'BKK SMK <bkk@smk.test>',
  PUBLIC_URL: 'https://bkk.smk.test',
}
const smtp = useSmtp(env)
const t = useTestApp(env)

const admin = '/api/admin/job-vacancies'
const hrdBase = '/api/hrd/job-vacancies'

let inMonth: string
beforeAll(async () => {
  inMonth = await dayFromToday(t, 30)
})

const asStored = electricianStored

const body = (majorIds: number[], over: Record<string, unknown> = {}) =>
  electricianBody(majorIds, inMonth, over)

async function stored(id: number) {
  const [row] = await t.db.select().from(jobVacancies).where(eq(jobVacancies.id, id))
  return row
}
async function listed(id: number) {
  const rows = await t.db.select().from(jobVacancyMajors).where(eq(jobVacancyMajors.jobVacancyId, id))
  return rows.map((r) => r.listed)
}

/** A company whose HR's vacancies need approval, its HR (two accounts, one inactive), a major, a learner. */
async function flaggedCompany() {
  const company = await aCompany(t, { name: 'PT Perlu Persetujuan', vacanciesNeedApproval: true })
  const hr = await anHrd(t, { companyId: company.id, values: { fullName: 'Dewi HRD' } })
  const hr2 = await anHrd(t, { companyId: company.id })
  const gone = await anHrd(t, { companyId: company.id })
  await deactivateAccount(t, gone.id)
  const major = await aMajor(t)
  const learner = await anApplicant(t, { majorId: major.id })
  return { company, hr, hr2, gone, major, learner }
}

/** What a learner of the major sees of a vacancy: in the list (and its count), the detail, the options, apply. */
async function learnerSees(learner: Awaited<ReturnType<typeof anApplicant>>, id: number, companyId: number) {
  const list = await call(t, 'GET', '/api/job-vacancies', { as: learner, query: { per_page: 100 } })
  const filtered = await call(t, 'GET', '/api/job-vacancies', {
    as: learner,
    query: { company_id: companyId },
  })
  const options = await call(t, 'GET', '/api/job-vacancies/options', { as: learner })
  const detail = await call(t, 'GET', `/api/job-vacancies/${id}`, { as: learner })
  return {
    inList: list.body.data.some((v: { id: number }) => v.id === id),
    total: list.body.meta.total as number,
    filteredTotal: filtered.body.meta.total as number,
    inOptions: options.body.data.companies.some((c: { value: number }) => c.value === companyId),
    detail: detail.status,
  }
}

describe('a vacancy posted by HR of a company whose vacancies need approval', () => {
  it('waits as pending: HR sees it so, learners never see it (list, count, filter, options, detail, apply)', async () => {
    const { company, hr, major, learner } = await flaggedCompany()
    const before = await learnerSees(learner, 0, company.id)
    const res = await call(t, 'POST', hrdBase, { as: hr, body: body([major.id]) })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({
      approvalStatus: 'pending',
      approvalReason: null,
      approvedAt: null,
      isActive: true,
      isOpen: false,
    })
    const id = res.body.data.id
    expect(await stored(id)).toMatchObject({ approvalStatus: 'pending', postedBy: hr.id, approvedBy: null })
    expect(await listed(id)).toEqual([false])

    expect(await learnerSees(learner, id, company.id)).toEqual({
      inList: false,
      total: before.total,
      filteredTotal: 0,
      inOptions: false,
      detail: 404,
    })
    const apply = await call(t, 'POST', `/api/job-vacancies/${id}/apply`, { as: learner, body: {} })
    expect(apply.status).toBe(404)
    expect(apply.body.message).toBe('Lowongan tidak ditemukan.')

    const hrList = await call(t, 'GET', hrdBase, { as: hr, query: { approval: 'pending' } })
    expect(hrList.body.data.map((v: { id: number }) => v.id)).toEqual([id])
  })

  it('approve: listed for learners at once; every active HR of the company is told in-app and by e-mail', async () => {
    const { company, hr, hr2, gone, major, learner } = await flaggedCompany()
    const staff = await anAdmin(t)
    const id = (
      await call(t, 'POST', hrdBase, { as: hr, body: body([major.id], { title: 'Teknisi Disetujui' }) })
    ).body.data.id

    const queue = await call(t, 'GET', admin, {
      as: staff,
      query: { approval: 'pending', company_id: company.id },
    })
    expect(queue.body.data.map((v: { id: number }) => v.id)).toEqual([id])
    expect(queue.body.meta.pendingApproval).toBeGreaterThanOrEqual(1)

    const res = await call(t, 'POST', `${admin}/${id}/approve`, { as: staff })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      message: 'Lowongan disetujui.',
      data: { id, approvalStatus: 'approved', approvedBy: { id: staff.id }, approvedAt: expect.any(String) },
    })
    expect(await stored(id)).toMatchObject({ approvalStatus: 'approved', approvedBy: staff.id })
    expect(await listed(id)).toEqual([true])
    expect(await learnerSees(learner, id, company.id)).toMatchObject({
      inList: true,
      filteredTotal: 1,
      inOptions: true,
      detail: 200,
    })
    const apply = await call(t, 'POST', `/api/job-vacancies/${id}/apply`, { as: learner, body: {} })
    expect(apply.status).toBe(201)

    for (const person of [hr, hr2]) {
      const notices = (await notificationsOf(t, person.id)).filter((n) => n.kind === 'vacancy.approved')
      expect(notices).toEqual([
        expect.objectContaining({
          title: 'Lowongan "Teknisi Disetujui" disetujui',
          data: { jobVacancyId: id, approvalStatus: 'approved' },
        }),
      ])
    }
    expect((await notificationsOf(t, gone.id)).filter((n) => n.kind === 'vacancy.approved')).toEqual([])
    const mails = await eventually(async () => {
      const got = smtp.received.filter((m) => m.subject === 'Lowongan "Teknisi Disetujui" disetujui')
      return got.length === 2 ? got : null
    })
    expect(mails.map((m) => m.to[0]).sort()).toEqual([hr.email, hr2.email].sort())
    const toDewi = mails.find((m) => m.to[0] === hr.email)
    expect(toDewi?.text).toContain('Yth. Dewi HRD,')
    expect(toDewi?.text).toContain('PT Perlu Persetujuan')
    expect(toDewi?.text).toContain('https://bkk.smk.test/hrd/lowongan')
    expect((await auditsOf(t, 'job_vacancy', id))[0]).toMatchObject({ action: 'approve', actorId: staff.id })
  })

  it('reject: 422 without a reason; with one, HR is told why (notice and e-mail) and it stays hidden', async () => {
    const { company, hr, major, learner } = await flaggedCompany()
    const staff = await anAdmin(t)
    const id = (
      await call(t, 'POST', hrdBase, { as: hr, body: body([major.id], { title: 'Teknisi Ditolak' }) })
    ).body.data.id

    for (const payload of [{}, { reason: '' }, { reason: '   ' }]) {
      const res = await call(t, 'POST', `${admin}/${id}/reject`, { as: staff, body: payload })
      expect(res.status, JSON.stringify(payload)).toBe(422)
      expect(res.body.errors).toHaveProperty('reason')
    }
    expect(await stored(id)).toMatchObject({ approvalStatus: 'pending', approvalReason: null })

    const res = await call(t, 'POST', `${admin}/${id}/reject`, {
      as: staff,
      body: { reason: ' Gaji belum dicantumkan. ' },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      message: 'Lowongan ditolak.',
      data: {
        approvalStatus: 'rejected',
        approvalReason: 'Gaji belum dicantumkan.',
        approvedBy: { id: staff.id },
      },
    })
    expect(await stored(id)).toMatchObject({
      approvalStatus: 'rejected',
      approvalReason: 'Gaji belum dicantumkan.',
      approvedBy: staff.id,
    })
    expect(await listed(id)).toEqual([false])
    expect(await learnerSees(learner, id, company.id)).toMatchObject({ inList: false, detail: 404 })

    const [notice] = (await notificationsOf(t, hr.id)).filter((n) => n.kind === 'vacancy.rejected')
    expect(notice).toMatchObject({ title: 'Lowongan "Teknisi Ditolak" belum disetujui' })
    expect(notice.body).toContain('Gaji belum dicantumkan.')
    const mail = await eventually(async () =>
      smtp.received.find((m) => m.to[0] === hr.email && m.subject.includes('Teknisi Ditolak')),
    )
    expect(mail.text).toContain('Gaji belum dicantumkan.')
    expect(mail.text).toContain(`https://bkk.smk.test/hrd/lowongan/${id}/ubah`)

    // HR reads the status and the reason in its own list.
    const mine = await call(t, 'GET', `${hrdBase}/${id}`, { as: hr })
    expect(mine.body.data).toMatchObject({
      approvalStatus: 'rejected',
      approvalReason: 'Gaji belum dicantumkan.',
    })
  })

  it('422 to decide a vacancy that is not pending; 404 for an unknown or deleted one', async () => {
    const staff = await anAdmin(t)
    const approved = await aVacancy(t)
    const res = await call(t, 'POST', `${admin}/${approved.id}/approve`, { as: staff })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('Lowongan ini tidak sedang menunggu persetujuan (status: Disetujui).')
    const rejected = await aVacancy(t, { values: { approvalStatus: 'rejected', approvalReason: 'x' } })
    const again = await call(t, 'POST', `${admin}/${rejected.id}/reject`, {
      as: staff,
      body: { reason: 'y' },
    })
    expect(again.status).toBe(422)
    expect(await stored(rejected.id)).toMatchObject({ approvalReason: 'x' })
    const gone = await aVacancy(t, { values: { approvalStatus: 'pending', deletedAt: new Date() } })
    expect((await call(t, 'POST', `${admin}/${gone.id}/approve`, { as: staff })).status).toBe(404)
    expect((await call(t, 'POST', `${admin}/2000000000/approve`, { as: staff })).status).toBe(404)
  })

  it('a vacancy of a company the school deactivated is not approved (422, still pending, HR not told); it may be rejected', async () => {
    const staff = await anAdmin(t)
    const { company, hr, major } = await flaggedCompany()
    const waiting = await aVacancy(t, {
      companyId: company.id,
      majorIds: [major.id],
      values: { approvalStatus: 'pending' },
    })
    const other = await aVacancy(t, {
      companyId: company.id,
      majorIds: [major.id],
      values: { approvalStatus: 'pending' },
    })
    await deactivateCompany(t, company.id)

    const res = await call(t, 'POST', `${admin}/${waiting.id}/approve`, { as: staff })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe(
      'PT Perlu Persetujuan sedang nonaktif: aktifkan perusahaannya dulu untuk menyetujui lowongan ini.',
    )
    expect(await stored(waiting.id)).toMatchObject({ approvalStatus: 'pending', approvedBy: null })
    expect(await notificationsOf(t, hr.id)).toEqual([])
    expect(await auditsOf(t, 'job_vacancy', waiting.id)).toEqual([])

    const rejected = await call(t, 'POST', `${admin}/${other.id}/reject`, {
      as: staff,
      body: { reason: 'Mitra nonaktif' },
    })
    expect(rejected.status).toBe(200)
    expect(await stored(other.id)).toMatchObject({
      approvalStatus: 'rejected',
      approvalReason: 'Mitra nonaktif',
    })
  })
})

describe('editing by HR of a company whose vacancies need approval', () => {
  it('a rejected vacancy goes back to pending (reason cleared) when HR saves it', async () => {
    const { hr, major } = await flaggedCompany()
    const v = await aVacancy(t, {
      companyId: hr.companyId,
      majorIds: [major.id],
      values: { approvalStatus: 'rejected', approvalReason: 'Gaji belum ada', postedBy: hr.id },
    })
    const res = await call(t, 'PUT', `${hrdBase}/${v.id}`, {
      as: hr,
      body: body([major.id], { min_salary: 4_000_000 }),
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ approvalStatus: 'pending', approvalReason: null })
    expect(await stored(v.id)).toMatchObject({
      approvalStatus: 'pending',
      approvalReason: null,
      approvedBy: null,
    })
  })

  it('an approved vacancy stays approved (and listed) for quota, deadline or the switch; a change of substance sends it back', async () => {
    const { hr, major, learner } = await flaggedCompany()
    const staff = await anAdmin(t)
    const v = await aVacancy(t, {
      companyId: hr.companyId,
      majorIds: [major.id],
      values: { ...asStored, approvalStatus: 'approved', approvedBy: staff.id },
    })
    const later = await dayFromToday(t, 45)
    const small = await call(t, 'PUT', `${hrdBase}/${v.id}`, {
      as: hr,
      body: body([major.id], { quota: 9, deadline: later }),
    })
    expect(small.status).toBe(200)
    expect(small.body.data).toMatchObject({ quota: 9, deadline: later, approvalStatus: 'approved' })
    expect(await stored(v.id)).toMatchObject({ approvalStatus: 'approved', approvedBy: staff.id })
    expect(await listed(v.id)).toEqual([true])

    // The learner applied meanwhile; then HR rewrites the qualifications.
    await anApplication(t, { vacancyId: v.id, studentId: learner.studentId })
    const big = await call(t, 'PUT', `${hrdBase}/${v.id}`, {
      as: hr,
      body: body([major.id], { quota: 9, deadline: later, qualifications: 'Lulusan SMK, bersertifikat K3.' }),
    })
    expect(big.body.data).toMatchObject({ approvalStatus: 'pending' })
    expect(await listed(v.id)).toEqual([false])
    // Another learner of the major does not see it; the one who applied keeps its page, told why it is closed.
    const other = await anApplicant(t, { majorId: major.id })
    expect((await call(t, 'GET', `/api/job-vacancies/${v.id}`, { as: other })).status).toBe(404)
    const mine = await call(t, 'GET', `/api/job-vacancies/${v.id}`, { as: learner })
    expect(mine.status).toBe(200)
    expect(mine.body.data).toMatchObject({ canApply: false })
    expect(mine.body.data.reasons).toContain('Lowongan belum disetujui BKK sekolah.')
    // Adding a major is substance too (it changes who may apply).
    const m2 = await aMajor(t)
    const v2 = await aVacancy(t, { companyId: hr.companyId, majorIds: [major.id], values: asStored })
    const majors = await call(t, 'PUT', `${hrdBase}/${v2.id}`, { as: hr, body: body([major.id, m2.id]) })
    expect(majors.body.data.approvalStatus).toBe('pending')
  })

  it('HR of a company without the flag: new vacancies are approved, nobody decided', async () => {
    const company = await aCompany(t)
    const hr = await anHrd(t, { companyId: company.id })
    const major = await aMajor(t)
    const res = await call(t, 'POST', hrdBase, { as: hr, body: body([major.id]) })
    expect(res.body.data).toMatchObject({ approvalStatus: 'approved', approvedAt: null, isOpen: true })
    expect(await listed(res.body.data.id)).toEqual([true])
  })

  it('staff posting for a flagged company: approved at once, HR gets no approval notice', async () => {
    const { company, hr, major, learner } = await flaggedCompany()
    const staff = await anAdmin(t)
    const res = await call(t, 'POST', admin, {
      as: staff,
      body: { ...body([major.id]), company_id: company.id },
    })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ approvalStatus: 'approved', approvedBy: { id: staff.id } })
    expect(await learnerSees(learner, res.body.data.id, company.id)).toMatchObject({
      inList: true,
      detail: 200,
    })
    expect((await notificationsOf(t, hr.id)).filter((n) => n.kind.startsWith('vacancy.'))).toEqual([])
  })
})
