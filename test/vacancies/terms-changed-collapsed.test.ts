import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import type { Account } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { aCandidate, anOperatorOffer } from '../support/builders/selection.js'

const t = useTestApp()

/**
 * "Operator Produksi", full time in Bekasi at Rp4.500.000–5.000.000, and Dimas waiting for the document review.
 * Each save of new terms added an `application.terms_changed` notice: HR editing in a loop filled his bell with
 * them, each naming only its own step. Now, while his last one is unread, a save rewrites it with what he is owed
 * since he last read: per field, what it read then → what it reads now; a field put back drops out, and a notice
 * left with nothing is removed. Once read, the next change is a new notice.
 */
async function offerWithApplicant() {
  const made = await anOperatorOffer(t)
  const dimas = await aCandidate(t, made.vacancy.id, { status: 'pending', fullName: 'Dimas Pratama' })
  const save = async (over: Record<string, unknown>) => {
    const res = await call(t, 'PUT', `/api/hrd/job-vacancies/${made.vacancy.id}`, {
      as: made.hrd,
      body: made.body(over),
    })
    expect(res.status).toBe(200)
  }
  return { ...made, dimas, save }
}

/** The learner's notices as the bell lists them (newest first), and the unread count. */
async function bellOf(learner: Account) {
  const res = await call(t, 'GET', '/api/notifications', { as: learner })
  expect(res.status).toBe(200)
  return {
    unread: res.body.meta.unreadCount as number,
    terms: (
      res.body.data as { id: number; kind: string; title: string; body: string; isRead: boolean }[]
    ).filter((n) => n.kind === 'application.terms_changed'),
  }
}

const sentence = (company: string, changes: string, title = 'Operator Produksi') =>
  `Lowongan "${title}" di ${company} yang Anda lamar telah diubah: ${changes}. Periksa kembali lowongannya; ` +
  'bila tidak lagi sesuai, Anda dapat membatalkan lamaran di Lamaran saya.'

describe('the terms changed notice while the learner has not read it', () => {
  it('two saves leave one unread notice, oldest → newest; once read, the next save is a new notice', async () => {
    const { company, dimas, save } = await offerWithApplicant()
    await save({ min_salary: 3_000_000, max_salary: 4_000_000, job_type: 'contract' })
    // The job type goes back; the salary drops again; the place moves.
    await save({ min_salary: 2_000_000, max_salary: 3_000_000, city: 'Karawang' })

    const first = await bellOf(dimas.learner)
    expect(first.unread).toBe(1)
    expect(first.terms).toEqual([
      expect.objectContaining({
        isRead: false,
        title: 'Ketentuan lowongan "Operator Produksi" berubah',
        body: sentence(
          company.name,
          'gaji Rp4.500.000–Rp5.000.000 → Rp2.000.000–Rp3.000.000; lokasi Bekasi, Jawa Barat → Karawang, Jawa Barat',
        ),
      }),
    ])

    const read = await call(t, 'PATCH', `/api/notifications/${first.terms[0].id}/read`, { as: dimas.learner })
    expect(read.status).toBe(200)
    await save({
      title: 'Operator Gudang',
      min_salary: 2_000_000,
      max_salary: 3_000_000,
      city: 'Karawang',
    })
    const second = await bellOf(dimas.learner)
    expect(second.unread).toBe(1)
    expect(second.terms.map((n) => [n.isRead, n.title, n.body])).toEqual([
      [
        false,
        'Ketentuan lowongan "Operator Gudang" berubah',
        sentence(company.name, 'judul "Operator Produksi" → "Operator Gudang"', 'Operator Gudang'),
      ],
      [true, first.terms[0].title, first.terms[0].body],
    ])
  })

  it('the unread notice comes first again with the latest save, carrying the new title', async () => {
    const { company, dimas, save } = await offerWithApplicant()
    await save({ job_type: 'contract' })
    const [before] = (await bellOf(dimas.learner)).terms
    await save({ job_type: 'contract', title: 'Operator Mesin' })
    const { terms } = await bellOf(dimas.learner)
    expect(terms).toHaveLength(1)
    expect(terms[0].id).toBe(before.id)
    expect(terms[0]).toMatchObject({
      title: 'Ketentuan lowongan "Operator Mesin" berubah',
      body: sentence(
        company.name,
        'judul "Operator Produksi" → "Operator Mesin"; jenis pekerjaan Penuh waktu → Kontrak',
        'Operator Mesin',
      ),
    })
  })

  it('every change put back before the learner read it: the notice is removed', async () => {
    const { dimas, save, majorId } = await offerWithApplicant()
    const other = await aMajor(t)
    await save({ description: 'Deskripsi baru.', max_salary: 6_000_000, major_ids: [majorId, other.id] })
    expect((await bellOf(dimas.learner)).terms).toHaveLength(1)
    await save({})
    expect(await bellOf(dimas.learner)).toEqual({ unread: 0, terms: [] })
  })

  it('a text changed and changed again stays named once; put back with others still changed, only they remain', async () => {
    const { company, dimas, save } = await offerWithApplicant()
    await save({ description: 'Versi dua.' })
    await save({ description: 'Versi tiga.', province: 'Banten' })
    expect((await bellOf(dimas.learner)).terms.map((n) => n.body)).toEqual([
      sentence(company.name, 'lokasi Bekasi, Jawa Barat → Bekasi, Banten; deskripsi pekerjaan diperbarui'),
    ])
    await save({ province: 'Banten' })
    expect((await bellOf(dimas.learner)).terms.map((n) => n.body)).toEqual([
      sentence(company.name, 'lokasi Bekasi, Jawa Barat → Bekasi, Banten'),
    ])
  })
})
