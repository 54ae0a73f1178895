import { beforeAll, describe, expect, it } from 'vitest'
import { importRuns } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin, aStudent } from '../support/builders/accounts.js'
import { anApplication } from '../support/builders/applications.js'
import { anHrdWithVacancy } from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'

/**
 * What every paged list promises (docs/api.md, "Lists"), where three lists fell short: a page past the last
 * one still tells the total, `search` narrows the list, and a date range turned the wrong way round is a 422
 * naming its end rather than an empty list.
 */
const ATTENDANCE_HISTORY = '/api/admin/attendances/history'

const t = useTestApp()
let admin: Account

beforeAll(async () => {
  admin = await anAdmin(t)
})

describe('GET /api/admin/imports: paging', () => {
  it('a page past the last one is empty but still tells the total', async () => {
    const totals = { rows: 1, create: 1, update: 0, unchanged: 0, error: 0 }
    for (let i = 0; i < 3; i++)
      await t.db
        .insert(importRuns)
        .values({ kind: 'students', createdBy: admin.id, fileName: `r${i}.csv`, totals, report: {} })

    const first = await call(t, 'GET', '/api/admin/imports', { as: admin, query: { per_page: 2 } })
    expect(first.status).toBe(200)
    expect(first.body.meta).toMatchObject({ total: 3, totalPages: 2 })

    const past = await call(t, 'GET', '/api/admin/imports', { as: admin, query: { page: 5, per_page: 2 } })
    expect(past.status).toBe(200)
    expect(past.body.data).toEqual([])
    // It said there was nothing at all (total 0): the pager collapsed and the history looked empty.
    expect(past.body.meta).toMatchObject({ page: 5, total: 3, totalPages: 2 })
  })
})

describe('GET /api/my-applications: search', () => {
  it('search narrows the list (api.md: lists take `search`), it is not silently ignored', async () => {
    const me = await aStudent(t)
    const wanted = await aVacancy(t, { values: { title: 'Operator Forklift Gudang' } })
    const other = await aVacancy(t, { values: { title: 'Staf Administrasi Kantor' } })
    await anApplication(t, { studentId: me.studentId, vacancyId: wanted.id })
    await anApplication(t, { studentId: me.studentId, vacancyId: other.id })

    const found = async (search?: string) => {
      const res = await call(t, 'GET', '/api/my-applications', { as: me, query: search ? { search } : {} })
      expect(res.status).toBe(200)
      expect(res.body.meta.total).toBe(res.body.data.length)
      return res.body.data.map((a: { vacancy: { id: number } }) => a.vacancy.id).sort()
    }
    // In the title (any case), and the company's name; nothing matched is an empty list; none: all of them.
    expect(await found('forklift')).toEqual([wanted.id])
    expect(await found(' FORKLIFT ')).toEqual([wanted.id])
    const company = (await call(t, 'GET', `/api/job-vacancies/${other.id}`, { as: me })).body.data.company
      .name
    expect(await found(company)).toContain(other.id)
    expect(await found('tidak ada yang cocok')).toEqual([])
    expect(await found()).toEqual([wanted.id, other.id].sort())
  })
})

describe('date ranges turned the wrong way round', () => {
  // As placements, reports and the vacancy lists answer (the schedule and attendance lists answered an
  // empty page, as if nothing had happened).
  it('GET /api/hrd/test-schedules: date_to before date_from is a 422 naming date_to', async () => {
    const { hrd } = await anHrdWithVacancy(t)
    const res = await call(t, 'GET', '/api/hrd/test-schedules', {
      as: hrd,
      query: { date_from: '2030-01-10', date_to: '2030-01-01' },
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ date_to: ['tidak boleh sebelum tanggal awal'] })
  })

  it('GET /api/admin/attendances/history: date_to before date_from is a 422 naming date_to', async () => {
    const res = await call(t, 'GET', ATTENDANCE_HISTORY, {
      as: admin,
      query: { date_from: '2030-01-10', date_to: '2030-01-01' },
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ date_to: ['tidak boleh sebelum tanggal awal'] })
  })
})
