import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd, aSuperadmin } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { dayFromToday } from '../support/builders/vacancies.js'

/**
 * Names, titles and places are one line (`Line` in src/http/schemas.ts): they are written into e-mails and
 * notices, where a line break starts a paragraph the sender wrote. A 422 names each field; a tab is a blank.
 */
const t = useTestApp()
const oneLine = ['harus berupa satu baris teks, tanpa baris baru atau karakter kendali']

describe('one-line fields', () => {
  it('a vacancy’s title, position and city; nothing stored', async () => {
    const hrd = await anHrd(t)
    const major = await aMajor(t)
    const body = {
      title: 'Operator\nPENTING: kirim data diri ke http://contoh.test',
      position: 'Operator\r',
      description: 'Menjalankan mesin.\nShift pagi dan malam.',
      qualifications: 'Lulusan SMK',
      category: 'manufaktur',
      job_type: 'contract',
      city: 'Bekasi\u0085',
      quota: 2,
      deadline: await dayFromToday(t, 30),
      target: 'all',
      major_ids: [major.id],
    }
    const res = await call(t, 'POST', '/api/hrd/job-vacancies', { as: hrd, body })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ title: oneLine, position: oneLine, city: oneLine })
    const list = await call(t, 'GET', '/api/hrd/job-vacancies', { as: hrd })
    expect(list.body.meta.total).toBe(0)
    // A description keeps its lines.
    const ok = await call(t, 'POST', '/api/hrd/job-vacancies', {
      as: hrd,
      body: { ...body, title: 'Operator\tProduksi', position: 'Operator', city: 'Bekasi' },
    })
    expect(ok.status).toBe(201)
    expect(ok.body.data.description).toBe('Menjalankan mesin.\nShift pagi dan malam.')
  })

  it('a company’s name and an account’s name', async () => {
    const admin = await anAdmin(t)
    const superadmin = await aSuperadmin(t)
    const company = await call(t, 'POST', '/api/admin/companies', {
      as: admin,
      body: { name: 'PT Maju\nJaya', industry: 'Logistik\n' },
    })
    expect(company.status).toBe(422)
    expect(company.body.errors).toEqual({ name: oneLine, industry: oneLine })
    const user = await call(t, 'POST', '/api/admin/users', {
      as: superadmin,
      body: {
        email: 'staf.baru@sekolah.test',
        full_name: 'Staf\nBaru',
        role: 'admin',
        password: 'Kopi-Tubruk-Senja-77',
      },
    })
    expect(user.status).toBe(422)
    expect(user.body.errors).toEqual({ full_name: oneLine })
  })
})
