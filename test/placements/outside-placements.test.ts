import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { placementCheckins, placements } from '../../src/db/schema/index.js'
import { dateText } from '../../src/db/school-day.js'
import { addMonths } from '../../src/modules/placements/service.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anAlumnus, anHrd, aStudent } from '../support/builders/accounts.js'
import { aCompany } from '../support/builders/org.js'
import { anHrdWithVacancy, aPlacement, schoolToday } from '../support/builders/selection.js'
import { expectRoles } from '../support/roles.js'
import { auditsOf } from '../support/stored.js'

const t = useTestApp()

const ADMIN = '/api/admin/job-placements'
const HRD = '/api/hrd/job-placements'
const stored = async (id: number) => (await t.db.select().from(placements).where(eq(placements.id, id)))[0]
const ofLearner = (studentId: number) =>
  t.db.select().from(placements).where(eq(placements.studentId, studentId))
const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((p) => p.id)

/** The school's calendar day `days` from today, `YYYY-MM-DD`. */
const dayFromToday = (days: number) =>
  new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10)

describe('who may use the placement routes', () => {
  it('admin routes admit admin and superadmin; HR routes admit HR', async () => {
    await expectRoles(t, 'GET', ADMIN, ['admin'])
    await expectRoles(t, 'GET', `${ADMIN}/learners?search=a`, ['admin'])
    await expectRoles(t, 'POST', ADMIN, ['admin'], {})
    await expectRoles(t, 'GET', `${ADMIN}/2000000000`, ['admin'])
    await expectRoles(t, 'PUT', `${ADMIN}/2000000000`, ['admin'], {})
    await expectRoles(t, 'DELETE', `${ADMIN}/2000000000`, ['admin'])
    await expectRoles(t, 'POST', `${ADMIN}/2000000000/check-ins`, ['admin'], {})
    await expectRoles(t, 'POST', HRD, ['hrd'], {})
    await expectRoles(t, 'PUT', `${HRD}/2000000000`, ['hrd'], {})
    await expectRoles(t, 'DELETE', `${HRD}/2000000000`, ['hrd'])
    await expectRoles(t, 'GET', `${HRD}/learners?search=abc`, ['hrd'])
  })
})

describe('POST /api/admin/job-placements', () => {
  it('201: records an alumnus hired by a company that is not a partner; listed as outside bursa', async () => {
    const admin = await anAdmin(t)
    const alumna = await anAlumnus(t, { values: { fullName: 'Sari Wulandari', graduationYear: 2024 } })
    const res = await call(t, 'POST', ADMIN, {
      as: admin,
      body: {
        alumni_id: alumna.studentId,
        company_name: '  CV   Maju Jaya ',
        position: ' Teknisi Jaringan ',
        accepted_date: '2025-02-03',
        start_date: '2025-02-10',
        notes: 'Dikabarkan lewat telepon',
      },
    })
    expect(res.status).toBe(201)
    expect(res.body.message).toBe('Penempatan di luar bursa berhasil dicatat.')
    expect(res.body.data).toMatchObject({
      source: 'outside',
      applicationId: null,
      applicant: {
        studentId: alumna.studentId,
        fullName: 'Sari Wulandari',
        role: 'alumni',
        graduationYear: 2024,
      },
      company: { id: null, name: 'CV Maju Jaya' },
      vacancy: null,
      position: 'Teknisi Jaringan',
      acceptedAt: '2025-02-03',
      startDate: '2025-02-10',
      status: 'active',
      notes: 'Dikabarkan lewat telepon',
      checkins: [],
      nextCheckinDue: { monthMark: 3, dueDate: '2025-05-10' },
      recordedBy: { id: admin.id, fullName: expect.any(String) },
      contact: { phone: '081200000000', email: alumna.email },
    })
    const row = await stored(res.body.data.id)
    expect(row).toMatchObject({
      source: 'outside',
      applicationId: null,
      jobVacancyId: null,
      companyId: null,
      companyName: 'CV Maju Jaya',
      studentId: alumna.studentId,
      recordedBy: admin.id,
      deletedAt: null,
    })
    const [audit] = await auditsOf(t, 'placement', row.id)
    expect(audit).toMatchObject({ actorId: admin.id, action: 'create' })

    const list = await call(t, 'GET', ADMIN, { as: admin, query: { search: 'maju jaya' } })
    expect(list.status).toBe(200)
    expect(ids(list)).toEqual([row.id])
    expect(list.body.data[0]).toMatchObject({ source: 'outside', company: { name: 'CV Maju Jaya' } })
    const outside = await call(t, 'GET', ADMIN, { as: admin, query: { source: 'outside', search: 'Sari' } })
    expect(ids(outside)).toEqual([row.id])
    const bursa = await call(t, 'GET', ADMIN, { as: admin, query: { source: 'bursa', search: 'Sari' } })
    expect(ids(bursa)).toEqual([])
  })

  it('a grade-12 student at a partner company: HR of that company sees it, outside bursa, and follows it up', async () => {
    const admin = await anAdmin(t)
    const { hrd, company } = await anHrdWithVacancy(t, { companyName: 'PT Sinar Teknik' })
    const student = await aStudent(t)
    const res = await call(t, 'POST', ADMIN, {
      as: admin,
      body: {
        student_id: student.studentId,
        company_id: company.id,
        position: 'Operator',
        accepted_date: '2025-01-10',
      },
    })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({
      company: { id: company.id, name: 'PT Sinar Teknik' },
      applicant: { role: 'siswa' },
      startDate: null,
    })
    const id = res.body.data.id

    const list = await call(t, 'GET', HRD, { as: hrd })
    expect(ids(list)).toEqual([id])
    expect(list.body.data[0]).toMatchObject({
      source: 'outside',
      vacancy: null,
      nextCheckinDue: { monthMark: 3, dueDate: '2025-04-10' },
    })
    const checkin = await call(t, 'POST', `${HRD}/${id}/check-ins`, {
      as: hrd,
      body: { month_mark: 3, status: 'contract_extended', notes: 'Diperpanjang' },
    })
    expect(checkin.status).toBe(200)
    expect(checkin.body.data).toMatchObject({
      status: 'contract_extended',
      checkins: [{ monthMark: 3, status: 'contract_extended', notes: 'Diperpanjang' }],
      nextCheckinDue: { monthMark: 6, dueDate: '2025-07-10' },
    })
    const patched = await call(t, 'PATCH', `${HRD}/${id}`, { as: hrd, body: { status: 'permanent' } })
    expect(patched.status).toBe(200)
    expect((await stored(id)).status).toBe('permanent')
  })

  it('422 naming every problem of the body at once; nothing stored', async () => {
    const admin = await anAdmin(t)
    const student = await aStudent(t)
    const alumna = await anAlumnus(t)
    const both = await call(t, 'POST', ADMIN, {
      as: admin,
      body: {
        student_id: student.studentId,
        alumni_id: alumna.studentId,
        company_id: 1,
        company_name: 'CV Lain',
        position: '   ',
        accepted_date: '2025-03-01',
        start_date: '2025-02-01',
      },
    })
    expect(both.status).toBe(422)
    expect(both.body.message).toBe('Data yang dikirim tidak valid.')
    expect(Object.keys(both.body.errors).sort()).toEqual([
      'alumni_id',
      'company_id',
      'company_name',
      'position',
      'start_date',
      'student_id',
    ])
    expect(both.body.errors.start_date).toEqual(['tidak boleh sebelum tanggal diterima (1 Maret 2025)'])

    const none = await call(t, 'POST', ADMIN, {
      as: admin,
      body: { position: 'Operator', accepted_date: '2025-03-01' },
    })
    expect(none.status).toBe(422)
    expect(none.body.errors).toEqual({
      student_id: ['wajib diisi (siswa atau alumni)'],
      company_id: ['wajib diisi: pilih perusahaan mitra, atau tulis nama perusahaan lain'],
    })
    const schema = await call(t, 'POST', ADMIN, {
      as: admin,
      body: {
        alumni_id: alumna.studentId,
        company_name: 'CV X',
        position: 'Operator',
        accepted_date: '2025-02-30',
      },
    })
    expect(schema.status).toBe(422)
    expect(Object.keys(schema.body.errors)).toEqual(['accepted_date'])
    expect(await ofLearner(student.studentId)).toEqual([])
    expect(await ofLearner(alumna.studentId)).toEqual([])
  })

  it('422 when the id is of the other kind, unknown, the company unknown, a partner named in text, or the date ahead', async () => {
    const admin = await anAdmin(t)
    const student = await aStudent(t)
    const alumna = await anAlumnus(t, { values: { graduationYear: 2023 } })
    await aCompany(t, { name: 'PT Mitra Sejati' })
    const post = (body: Record<string, unknown>) =>
      call(t, 'POST', ADMIN, {
        as: admin,
        body: { position: 'Operator', accepted_date: '2025-03-01', ...body },
      })

    const alumnaAsStudent = await post({ student_id: alumna.studentId, company_name: 'CV Satu' })
    expect(alumnaAsStudent.status).toBe(422)
    expect(alumnaAsStudent.body.errors).toEqual({
      student_id: ['adalah alumni (lulus 2023), bukan siswa kelas XII'],
    })
    const studentAsAlumna = await post({ alumni_id: student.studentId, company_name: 'CV Satu' })
    expect(studentAsAlumna.body.errors).toEqual({
      alumni_id: ['adalah siswa kelas XII, belum alumni'],
    })
    const unknown = await post({ alumni_id: 2_000_000_000, company_id: 2_000_000_000 })
    expect(unknown.status).toBe(422)
    expect(unknown.body.errors).toEqual({
      alumni_id: ['alumni tidak ditemukan'],
      company_id: ['perusahaan tidak ditemukan'],
    })
    const partner = await post({ student_id: student.studentId, company_name: ' pt mitra sejati ' })
    expect(partner.body.errors).toEqual({
      company_name: ['PT Mitra Sejati adalah perusahaan mitra: pilih sebagai perusahaan mitra'],
    })
    const ahead = await post({
      student_id: student.studentId,
      company_name: 'CV Dua',
      accepted_date: dayFromToday(2),
    })
    expect(ahead.status).toBe(422)
    expect(ahead.body.errors.accepted_date).toEqual([
      `tidak boleh setelah hari ini (${dateText(schoolToday())})`,
    ])
    const english = await call(t, 'POST', ADMIN, {
      as: admin,
      headers: { 'accept-language': 'en' },
      body: {
        student_id: alumna.studentId,
        company_name: 'CV Satu',
        position: 'Operator',
        accepted_date: '2025-03-01',
      },
    })
    expect(english.body.errors).toEqual({
      student_id: ['is an alumnus (graduated 2023), not a grade-12 student'],
    })
    expect(await ofLearner(student.studentId)).toEqual([])
    expect(await ofLearner(alumna.studentId)).toEqual([])
  })

  it('409 for the same person, company and acceptance date again (also against a bursa placement)', async () => {
    const admin = await anAdmin(t)
    const alumna = await anAlumnus(t)
    const body = {
      alumni_id: alumna.studentId,
      company_name: 'Bengkel Sejahtera',
      position: 'Mekanik',
      accepted_date: '2025-04-01',
    }
    expect((await call(t, 'POST', ADMIN, { as: admin, body })).status).toBe(201)
    const again = await call(t, 'POST', ADMIN, {
      as: admin,
      body: { ...body, company_name: 'BENGKEL sejahtera', position: 'Kepala Mekanik' },
    })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(
      'Penempatan ini sudah tercatat (orang, perusahaan dan tanggal diterima yang sama).',
    )
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const bursa = await aPlacement(t, {
      companyId: hrd.companyId,
      vacancyId: vacancy.id,
      values: { acceptedAt: '2025-01-15' },
    })
    const twice = await call(t, 'POST', ADMIN, {
      as: admin,
      body: {
        student_id: bursa.learner.studentId,
        company_id: hrd.companyId,
        position: 'Operator',
        accepted_date: '2025-01-15',
      },
    })
    expect(twice.status).toBe(409)
    expect(await ofLearner(alumna.studentId)).toHaveLength(1)
  })
})

describe('PUT and DELETE /api/admin/job-placements/:id', () => {
  async function recorded() {
    const admin = await anAdmin(t)
    const alumna = await anAlumnus(t)
    const res = await call(t, 'POST', ADMIN, {
      as: admin,
      body: {
        alumni_id: alumna.studentId,
        company_name: 'CV Awal',
        position: 'Staf',
        accepted_date: '2025-01-02',
        notes: 'Catatan',
      },
    })
    return { admin, alumna, id: res.body.data.id as number }
  }

  it('PUT replaces every field (absent optional ones are cleared); status and follow-ups stay', async () => {
    const { admin, id } = await recorded()
    const { company } = await anHrdWithVacancy(t, { companyName: 'PT Pengganti' })
    await t.db
      .insert(placementCheckins)
      .values({ placementId: id, monthMark: 3, status: 'permanent', recordedBy: admin.id })
    await t.db.update(placements).set({ status: 'permanent' }).where(eq(placements.id, id))
    const other = await aStudent(t)
    const res = await call(t, 'PUT', `${ADMIN}/${id}`, {
      as: admin,
      body: {
        student_id: other.studentId,
        company_id: company.id,
        position: 'Operator CNC',
        accepted_date: '2025-01-05',
        start_date: '2025-01-06',
      },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Data penempatan berhasil diperbarui.')
    expect(res.body.data).toMatchObject({
      applicant: { studentId: other.studentId, role: 'siswa' },
      company: { id: company.id, name: 'PT Pengganti' },
      position: 'Operator CNC',
      acceptedAt: '2025-01-05',
      startDate: '2025-01-06',
      notes: null,
      status: 'permanent',
      checkins: [{ monthMark: 3, status: 'permanent' }],
    })
    expect(await stored(id)).toMatchObject({
      companyId: company.id,
      companyName: null,
      studentId: other.studentId,
    })
    expect((await auditsOf(t, 'placement', id))[0]).toMatchObject({ action: 'update', actorId: admin.id })
  })

  it('PUT: 422 for a bad body, 404 for an unknown id; nothing changes', async () => {
    const { admin, alumna, id } = await recorded()
    const bad = await call(t, 'PUT', `${ADMIN}/${id}`, {
      as: admin,
      body: { alumni_id: alumna.studentId, position: 'Staf', accepted_date: '2025-01-02' },
    })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors)).toEqual(['company_id'])
    const unknown = await call(t, 'PUT', `${ADMIN}/2000000000`, {
      as: admin,
      body: {
        alumni_id: alumna.studentId,
        company_name: 'CV X',
        position: 'Staf',
        accepted_date: '2025-01-02',
      },
    })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ success: false, message: 'Data penempatan tidak ditemukan.', data: null })
    expect(await stored(id)).toMatchObject({ companyName: 'CV Awal', notes: 'Catatan' })
  })

  it('a placement through bursa is not changed or deleted here (422)', async () => {
    const admin = await anAdmin(t)
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { placement, learner } = await aPlacement(t, { companyId: hrd.companyId, vacancyId: vacancy.id })
    const put = await call(t, 'PUT', `${ADMIN}/${placement.id}`, {
      as: admin,
      body: {
        student_id: learner.studentId,
        company_name: 'CV X',
        position: 'Staf',
        accepted_date: '2025-01-02',
      },
    })
    expect(put.status).toBe(422)
    expect(put.body.message).toBe(
      'Penempatan melalui bursa berasal dari lamaran yang diterima dan tidak dapat diubah atau dihapus di sini.',
    )
    expect((await call(t, 'DELETE', `${ADMIN}/${placement.id}`, { as: admin })).status).toBe(422)
    expect(await stored(placement.id)).toMatchObject({
      source: 'bursa',
      deletedAt: null,
      position: 'Operator',
    })
    const detail = await call(t, 'GET', `${ADMIN}/${placement.id}`, { as: admin })
    expect(detail.body.data).toMatchObject({
      source: 'bursa',
      applicationId: placement.applicationId,
      vacancy: { id: vacancy.id },
      recordedBy: null,
      contact: { phone: '081200000000' },
    })
  })

  it('DELETE is soft: the row stays, every list and detail leaves it out; a second DELETE is 404', async () => {
    const { admin, alumna, id } = await recorded()
    const res = await call(t, 'DELETE', `${ADMIN}/${id}`, { as: admin })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, message: 'Data penempatan berhasil dihapus.', data: null })
    expect((await stored(id)).deletedAt).toBeInstanceOf(Date)
    expect((await auditsOf(t, 'placement', id))[0]).toMatchObject({ action: 'delete' })
    expect((await call(t, 'GET', `${ADMIN}/${id}`, { as: admin })).status).toBe(404)
    const list = await call(t, 'GET', ADMIN, { as: admin, query: { search: alumna.student.nis } })
    expect(ids(list)).toEqual([])
    expect((await call(t, 'DELETE', `${ADMIN}/${id}`, { as: admin })).status).toBe(404)
    const checkin = await call(t, 'POST', `${ADMIN}/${id}/check-ins`, {
      as: admin,
      body: { month_mark: 3, status: 'active' },
    })
    expect(checkin.status).toBe(404)
    // The same hire may be recorded again once the wrong record is deleted.
    const again = await call(t, 'POST', ADMIN, {
      as: admin,
      body: {
        alumni_id: alumna.studentId,
        company_name: 'CV Awal',
        position: 'Staf',
        accepted_date: '2025-01-02',
      },
    })
    expect(again.status).toBe(201)
  })
})

describe('POST /api/admin/job-placements/:id/check-ins', () => {
  it('staff follow up an outside placement at a company without HR; a mark before its time is 422', async () => {
    const admin = await anAdmin(t)
    const alumna = await anAlumnus(t)
    const old = await call(t, 'POST', ADMIN, {
      as: admin,
      body: {
        alumni_id: alumna.studentId,
        company_name: 'Toko Berkah',
        position: 'Kasir',
        accepted_date: '2025-01-31',
      },
    })
    const res = await call(t, 'POST', `${ADMIN}/${old.body.data.id}/check-ins`, {
      as: admin,
      body: { month_mark: 3, status: 'active', notes: ' Masih bekerja ' },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Pemantauan penempatan berhasil dicatat.')
    expect(res.body.data).toMatchObject({
      checkins: [{ monthMark: 3, status: 'active', notes: 'Masih bekerja' }],
      nextCheckinDue: { monthMark: 6, dueDate: '2025-07-31' },
    })
    const [row] = await t.db
      .select()
      .from(placementCheckins)
      .where(eq(placementCheckins.placementId, old.body.data.id))
    expect(row.recordedBy).toBe(admin.id)

    const fresh = await call(t, 'POST', ADMIN, {
      as: admin,
      body: {
        alumni_id: alumna.studentId,
        company_name: 'Toko Baru',
        position: 'Kasir',
        accepted_date: schoolToday(),
      },
    })
    const early = await call(t, 'POST', `${ADMIN}/${fresh.body.data.id}/check-ins`, {
      as: admin,
      body: { month_mark: 3, status: 'active' },
    })
    expect(early.status).toBe(422)
    expect(early.body.errors.month_mark).toEqual([
      `pemantauan 3 bulan baru dapat dicatat mulai ${dateText(addMonths(schoolToday(), 3))}`,
    ])
  })
})

describe('HR: /api/hrd/job-placements for its own company', () => {
  it('POST records a hire of its company (a company in the body is ignored); PUT and DELETE change it', async () => {
    const hrd = await anHrd(t)
    const elsewhere = await aCompany(t)
    const alumna = await anAlumnus(t)
    const res = await call(t, 'POST', HRD, {
      as: hrd,
      body: {
        alumni_id: alumna.studentId,
        company_id: elsewhere.id,
        company_name: 'Nama lain',
        position: 'Drafter',
        accepted_date: '2025-05-02',
      },
    })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({
      source: 'outside',
      company: { id: hrd.companyId },
      recordedBy: { id: hrd.id },
    })
    const id = res.body.data.id
    expect(await stored(id)).toMatchObject({
      companyId: hrd.companyId,
      companyName: null,
      recordedBy: hrd.id,
    })
    expect(ids(await call(t, 'GET', HRD, { as: hrd, query: { source: 'outside' } }))).toEqual([id])
    expect(ids(await call(t, 'GET', HRD, { as: hrd, query: { source: 'bursa' } }))).toEqual([])

    const put = await call(t, 'PUT', `${HRD}/${id}`, {
      as: hrd,
      body: {
        alumni_id: alumna.studentId,
        position: 'Drafter Senior',
        accepted_date: '2025-05-02',
        start_date: '2025-05-05',
      },
    })
    expect(put.status).toBe(200)
    // HR does not read the contact of someone it did not receive an application from.
    expect(put.body.data.contact).toEqual({ phone: null, email: null })
    expect(put.body.data).toMatchObject({
      position: 'Drafter Senior',
      startDate: '2025-05-05',
      company: { id: hrd.companyId },
    })

    const del = await call(t, 'DELETE', `${HRD}/${id}`, { as: hrd })
    expect(del.status).toBe(200)
    expect(ids(await call(t, 'GET', HRD, { as: hrd }))).toEqual([])
    expect((await call(t, 'GET', `${HRD}/${id}`, { as: hrd })).status).toBe(404)
  })

  it("404 for another company's outside placement; 422 for its own bursa placement; nothing changes", async () => {
    const admin = await anAdmin(t)
    const { hrd, vacancy, company } = await anHrdWithVacancy(t)
    const stranger = await anHrd(t)
    const alumna = await anAlumnus(t)
    const made = await call(t, 'POST', ADMIN, {
      as: admin,
      body: {
        alumni_id: alumna.studentId,
        company_id: company.id,
        position: 'Staf',
        accepted_date: '2025-01-02',
      },
    })
    const id = made.body.data.id
    const body = { alumni_id: alumna.studentId, position: 'Lain', accepted_date: '2025-01-02' }
    expect((await call(t, 'PUT', `${HRD}/${id}`, { as: stranger, body })).status).toBe(404)
    expect((await call(t, 'DELETE', `${HRD}/${id}`, { as: stranger })).status).toBe(404)
    expect(await stored(id)).toMatchObject({ position: 'Staf', deletedAt: null })

    const bursa = await aPlacement(t, { companyId: hrd.companyId, vacancyId: vacancy.id })
    const del = await call(t, 'DELETE', `${HRD}/${bursa.placement.id}`, { as: hrd })
    expect(del.status).toBe(422)
    expect((await stored(bursa.placement.id)).deletedAt).toBeNull()
  })

  it('GET /learners finds students and alumni by name or NIS, saying which field names them', async () => {
    const hrd = await anHrd(t)
    const admin = await anAdmin(t)
    const student = await aStudent(t, { values: { fullName: 'Rudi Zulkarnain', nis: 'ZK-0001' } })
    const alumna = await anAlumnus(t, {
      values: { fullName: 'Rina Zulkarnain', nis: 'ZK-0002', graduationYear: 2024 },
    })
    const res = await call(t, 'GET', `${HRD}/learners`, { as: hrd, query: { search: 'zulkarnain' } })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([
      {
        value: alumna.studentId,
        label: 'ZK-0002 - Rina Zulkarnain',
        kind: 'alumni',
        graduationYear: 2024,
        majorName: expect.any(String),
      },
      {
        value: student.studentId,
        label: 'ZK-0001 - Rudi Zulkarnain',
        kind: 'siswa',
        graduationYear: null,
        majorName: expect.any(String),
      },
    ])
    const short = await call(t, 'GET', `${HRD}/learners`, { as: hrd, query: { search: 'zk' } })
    expect(short.status).toBe(422)
    expect(Object.keys(short.body.errors)).toEqual(['search'])
    const staff = await call(t, 'GET', `${ADMIN}/learners`, { as: admin, query: { search: 'ZK-0001' } })
    expect(staff.body.data.map((o: { value: number }) => o.value)).toEqual([student.studentId])
  })
})

describe('the tracer study is pre-filled from the newest placement, outside bursa too', () => {
  it('an outside placement pre-fills the alumna’s form; once deleted, it no longer does', async () => {
    const admin = await anAdmin(t)
    const alumna = await anAlumnus(t, { values: { graduationYear: 2024 } })
    const made = await call(t, 'POST', ADMIN, {
      as: admin,
      body: {
        alumni_id: alumna.studentId,
        company_name: 'Koperasi Sejahtera',
        position: 'Admin Gudang',
        accepted_date: '2024-09-20',
        start_date: '2024-10-01',
      },
    })
    const tracer = await call(t, 'GET', '/api/alumni/tracer-study', { as: alumna })
    expect(tracer.status).toBe(200)
    expect(tracer.body.data.prefill).toEqual({
      careerStatus: 'bekerja',
      institutionName: 'Koperasi Sejahtera',
      jobTitle: 'Admin Gudang',
      sector: null,
      city: null,
      province: null,
      startingSalary: null,
      waitingPeriodMonths: 3,
      jobFit: null,
      startDate: '2024-10-01',
      placementId: made.body.data.id,
    })
    await call(t, 'DELETE', `${ADMIN}/${made.body.data.id}`, { as: admin })
    const after = await call(t, 'GET', '/api/alumni/tracer-study', { as: alumna })
    expect(after.body.data.prefill).toBeNull()
  })

  it('the newest placement wins, whichever its source', async () => {
    const admin = await anAdmin(t)
    const { hrd, vacancy } = await anHrdWithVacancy(t, { companyName: 'PT Lama Sekali' })
    const bursa = await aPlacement(t, {
      companyId: hrd.companyId,
      vacancyId: vacancy.id,
      values: { acceptedAt: '2024-08-01' },
      student: { role: 'alumni', values: { graduationYear: 2024 } },
    })
    const alumna = bursa.learner
    const before = await call(t, 'GET', '/api/alumni/tracer-study', { as: alumna })
    expect(before.body.data.prefill).toMatchObject({
      institutionName: 'PT Lama Sekali',
      placementId: bursa.placement.id,
    })
    const newer = await call(t, 'POST', ADMIN, {
      as: admin,
      body: {
        alumni_id: bursa.learner.studentId,
        company_name: 'Startup Baru',
        position: 'Programmer',
        accepted_date: '2025-02-01',
      },
    })
    const after = await call(t, 'GET', '/api/alumni/tracer-study', { as: alumna })
    expect(after.body.data.prefill).toMatchObject({
      institutionName: 'Startup Baru',
      jobTitle: 'Programmer',
      placementId: newer.body.data.id,
    })
  })
})
