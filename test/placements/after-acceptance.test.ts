import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { placements } from '../../src/db/schema/index.js'
import { dateText } from '../../src/db/school-day.js'
import { addMonths } from '../../src/modules/placements/service.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { aCompany } from '../support/builders/org.js'
import {
  aCandidate,
  anHrdWithVacancy,
  aPlacement,
  aResult,
  schoolToday,
} from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'

const t = useTestApp()
const LIST = '/api/hrd/job-placements'

describe('a placement after its acceptance', () => {
  it('moving the start date later does not leave a follow-up recorded before its time', async () => {
    // Accepted four months ago, no start date known: the 3-month follow-up is due and HR records it.
    const today = schoolToday()
    const acceptedAt = addMonths(today, -4)
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { placement } = await aPlacement(t, {
      companyId: hrd.companyId,
      vacancyId: vacancy.id,
      values: { acceptedAt },
    })
    const checkin = await call(t, 'POST', `${LIST}/${placement.id}/check-ins`, {
      as: hrd,
      body: { month_mark: 3, status: 'active', notes: 'Masih training' },
    })
    expect(checkin.status).toBe(200)

    // HR then learns the person actually started only last month and corrects the start date.
    const startDate = addMonths(today, -1)
    const moved = await call(t, 'PATCH', `${LIST}/${placement.id}`, {
      as: hrd,
      body: { status: 'active', start_date: startDate },
    })
    // The 3-month mark would lie two months ahead: a follow-up the check-in route would refuse to record yet.
    // Before the fix: 200, and the placement showed it as done, recorded a month into the job.
    expect(moved.status).toBe(422)
    expect(moved.body.errors).toEqual({
      start_date: [
        `pemantauan 3 bulan sudah dicatat; dengan tanggal mulai ini baru jatuh pada ${dateText(addMonths(startDate, 3))}`,
      ],
    })
    const [after] = await t.db.select().from(placements).where(eq(placements.id, placement.id))
    expect(after.startDate).toBeNull()
  })

  it('a missed 6-month follow-up recorded after the 12-month one does not set the placement back to its older status', async () => {
    const today = schoolToday()
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { placement } = await aPlacement(t, {
      companyId: hrd.companyId,
      vacancyId: vacancy.id,
      values: { acceptedAt: addMonths(today, -13) },
    })
    const url = `${LIST}/${placement.id}/check-ins`
    const twelve = await call(t, 'POST', url, { as: hrd, body: { month_mark: 12, status: 'permanent' } })
    expect(twelve.body.data.status).toBe('permanent')
    // The 6-month call was missed at the time; HR fills it in afterwards (the route allows any mark reached).
    const six = await call(t, 'POST', url, {
      as: hrd,
      body: { month_mark: 6, status: 'contract_extended', notes: 'Kontrak diperpanjang 6 bulan' },
    })
    expect(six.status).toBe(200)
    // The newest news is the 12-month one: a permanent employee. The placement now reads "Kontrak
    // diperpanjang", and HR's list filtered on status=permanent loses the person.
    expect(six.body.data.status).toBe('permanent')
    const permanent = await call(t, 'GET', LIST, { as: hrd, query: { status: 'permanent' } })
    expect(permanent.body.data.map((p: { id: number }) => p.id)).toContain(placement.id)
  })

  it('a missed 3-month follow-up recorded after HR set the placement resigned does not bring it back to active', async () => {
    const today = schoolToday()
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { placement } = await aPlacement(t, {
      companyId: hrd.companyId,
      vacancyId: vacancy.id,
      values: { acceptedAt: addMonths(today, -5) },
    })
    // The employee left last week; HR records it.
    const resigned = await call(t, 'PATCH', `${LIST}/${placement.id}`, {
      as: hrd,
      body: { status: 'resigned', notes: 'Mengundurkan diri' },
    })
    expect(resigned.body.data.status).toBe('resigned')
    // Then HR fills in the 3-month call that was missed two months ago: the employee was still there then.
    const three = await call(t, 'POST', `${LIST}/${placement.id}/check-ins`, {
      as: hrd,
      body: { month_mark: 3, status: 'active', notes: 'Masih bekerja waktu itu' },
    })
    expect(three.status).toBe(200)
    // Before: the placement read `active` again, came back in the follow-ups due and the active counts.
    expect(three.body.data.status).toBe('resigned')
    expect(three.body.data.checkins).toEqual([expect.objectContaining({ monthMark: 3, status: 'active' })])
    expect(three.body.data.nextCheckinDue).toBeNull()
    const [stored] = await t.db.select().from(placements).where(eq(placements.id, placement.id))
    expect(stored).toMatchObject({ status: 'resigned', statusSetAt: today })
  })

  it('a follow-up whose mark comes after HR set the status takes the placement’s status', async () => {
    const today = schoolToday()
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { placement } = await aPlacement(t, {
      companyId: hrd.companyId,
      vacancyId: vacancy.id,
      values: { acceptedAt: addMonths(today, -7), statusSetAt: addMonths(today, -2) },
    })
    // HR had set it `contract_extended` five months into the job; the 6-month call, a month later, says permanent.
    await t.db.update(placements).set({ status: 'contract_extended' }).where(eq(placements.id, placement.id))
    const six = await call(t, 'POST', `${LIST}/${placement.id}/check-ins`, {
      as: hrd,
      body: { month_mark: 6, status: 'permanent' },
    })
    expect(six.body.data.status).toBe('permanent')
  })

  it('staff following a company without HR can record a bursa placement’s start date', async () => {
    const staff = await anAdmin(t)
    const company = await aCompany(t, { name: 'CV Tanpa HRD' })
    const vacancy = await aVacancy(t, { companyId: company.id, values: { quota: 2 } })
    const { application } = await aCandidate(t, vacancy.id, { reviewed: true })
    await aResult(t, application.id, { decision: 'diterima', finalScore: 85 })
    const published = await call(t, 'POST', '/api/hrd/selection-results/publish', {
      as: staff,
      query: { company_id: company.id },
      body: { job_vacancy_id: vacancy.id },
    })
    expect(published.status).toBe(200)
    const [placement] = await t.db
      .select()
      .from(placements)
      .where(eq(placements.applicationId, application.id))
    expect(placement).toBeDefined()

    // The hire starts next month, and the follow-ups are counted from that start. HR would PATCH it; the
    // company has no HR, and staff (who ran the selection and follow the placements) have no way to.
    const startDate = addMonths(schoolToday(), 1)
    const body = { status: 'active', start_date: startDate, notes: 'Mulai bulan depan' }
    const res = await call(t, 'PATCH', `${LIST}/${placement.id}`, {
      as: staff,
      query: { company_id: company.id },
      body,
    })
    // Before the fix: 403 (HR only), and no other route took it.
    expect(res.status).toBe(200)
    const [after] = await t.db.select().from(placements).where(eq(placements.id, placement.id))
    expect(after).toMatchObject({ startDate, notes: 'Mulai bulan depan' })
  })
})
