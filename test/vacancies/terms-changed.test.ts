import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { aCandidate, anOperatorOffer } from '../support/builders/selection.js'
import { notificationsOf } from '../support/stored.js'

const t = useTestApp()

/**
 * "Operator Produksi", full time in Bekasi at Rp4.500.000–5.000.000: Dimas waits for the document review, Sari
 * has passed it and is in the selection. HR then rewrites the offer: a contract at Rp1.500.000–2.000.000 in
 * Karawang. Nothing reached either applicant: they went to tests, and might be accepted, for a job they never
 * applied for. Now each applicant still waiting or in the selection is told what changed, old → new
 * (`application.terms_changed`), and may withdraw; an edit that is not of substance (quota, deadline) tells nobody.
 */
const offerInSelection = () => anOperatorOffer(t)

const toldOf = async (userId: number, vacancyId: number) =>
  (await notificationsOf(t, userId)).filter(
    (n) => (n.data as { jobVacancyId?: number }).jobVacancyId === vacancyId,
  )

describe('the terms of a vacancy changed after people applied', () => {
  it('are told to the applicants still waiting or in the selection, naming what changed', async () => {
    const { hrd, company, vacancy, body } = await offerInSelection()
    const dimas = await aCandidate(t, vacancy.id, { status: 'pending', fullName: 'Dimas Pratama' })
    const sari = await aCandidate(t, vacancy.id, { reviewed: true, fullName: 'Sari Wulandari' })
    const withdrawn = await aCandidate(t, vacancy.id, { status: 'withdrawn' })

    const changed = await call(t, 'PUT', `/api/hrd/job-vacancies/${vacancy.id}`, {
      as: hrd,
      body: body({ job_type: 'contract', min_salary: 1_500_000, max_salary: 2_000_000, city: 'Karawang' }),
    })
    expect(changed.status).toBe(200)
    expect(changed.body.data.minSalary).toBe(1_500_000)

    for (const who of [dimas, sari]) {
      expect(await toldOf(who.learner.id as number, vacancy.id)).toEqual([
        expect.objectContaining({
          kind: 'application.terms_changed',
          title: 'Ketentuan lowongan "Operator Produksi" berubah',
          body:
            `Lowongan "Operator Produksi" di ${company.name} yang Anda lamar telah diubah: ` +
            'gaji Rp4.500.000–Rp5.000.000 → Rp1.500.000–Rp2.000.000; jenis pekerjaan Penuh waktu → Kontrak; ' +
            'lokasi Bekasi, Jawa Barat → Karawang, Jawa Barat. Periksa kembali lowongannya; bila tidak lagi sesuai, ' +
            'Anda dapat membatalkan lamaran di Lamaran saya.',
          data: { applicationId: who.application.id, jobVacancyId: vacancy.id, changes: expect.any(Array) },
        }),
      ])
    }
    // Someone who already left the selection is not told.
    expect(await toldOf(withdrawn.learner.id as number, vacancy.id)).toEqual([])
  })

  it('a new title is named old → new, and the notice carries the new one', async () => {
    const { hrd, vacancy, body } = await offerInSelection()
    const dimas = await aCandidate(t, vacancy.id, { status: 'pending' })
    const res = await call(t, 'PUT', `/api/hrd/job-vacancies/${vacancy.id}`, {
      as: hrd,
      body: body({ title: 'Operator Gudang', max_salary: null }),
    })
    expect(res.status).toBe(200)
    const [notice] = await toldOf(dimas.learner.id as number, vacancy.id)
    expect(notice.title).toBe('Ketentuan lowongan "Operator Gudang" berubah')
    expect(notice.body).toContain(
      'judul "Operator Produksi" → "Operator Gudang"; gaji Rp4.500.000–Rp5.000.000 → mulai Rp4.500.000.',
    )
  })

  it('staff changing it for the company tell the applicants the same way', async () => {
    const { company, vacancy, body } = await offerInSelection()
    const dimas = await aCandidate(t, vacancy.id, { status: 'pending' })
    const admin = await anAdmin(t)
    const res = await call(t, 'PUT', `/api/admin/job-vacancies/${vacancy.id}`, {
      as: admin,
      body: { ...body({ job_type: 'internship' }), company_id: company.id },
    })
    expect(res.status).toBe(200)
    expect((await toldOf(dimas.learner.id as number, vacancy.id)).map((n) => n.body)).toEqual([
      expect.stringContaining('jenis pekerjaan Penuh waktu → Magang.'),
    ])
  })

  it('an edit that is not of substance (quota, deadline) tells nobody', async () => {
    const { hrd, vacancy, body } = await offerInSelection()
    const dimas = await aCandidate(t, vacancy.id, { status: 'pending' })
    const res = await call(t, 'PUT', `/api/hrd/job-vacancies/${vacancy.id}`, {
      as: hrd,
      body: body({ quota: 9 }),
    })
    expect(res.status).toBe(200)
    expect(res.body.data.quota).toBe(9)
    expect(await toldOf(dimas.learner.id as number, vacancy.id)).toEqual([])
  })
})
