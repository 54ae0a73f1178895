import { and, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { auditLog, companies, messageTemplates, notifications } from '../../src/db/schema/index.js'
import { MESSAGE_KEYS, MESSAGES } from '../../src/modules/messages/catalogue.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd, aSuperadmin } from '../support/builders/accounts.js'
import { anApplicant } from '../support/builders/applications.js'
import { aMajor } from '../support/builders/org.js'
import { aCandidate, anHrdWithVacancy, publishResults } from '../support/builders/selection.js'
import { aVacancy } from '../support/builders/vacancies.js'
import { expectRoles } from '../support/roles.js'

const t = useTestApp()
const URL = '/api/admin/message-templates'
const RECEIVED = `${URL}/application.received`

// Templates are one set per school: every test starts from the defaults.
afterEach(async () => {
  await t.db.delete(messageTemplates)
})

const storedTemplate = async (key: string) =>
  (await t.db.select().from(messageTemplates).where(eq(messageTemplates.key, key)))[0]
/** The audit rows of template changes made by one account. */
const auditsOf = (action: string, actorId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'message_template'),
        eq(auditLog.action, action),
        eq(auditLog.actorId, actorId),
      ),
    )
    .orderBy(auditLog.id)
const noticesOf = (userId: number) =>
  t.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id)

describe('who may manage message templates', () => {
  it('admin and superadmin only, on every route', async () => {
    const body = { title: 'Judul', body: 'Isi' }
    await expectRoles(t, 'GET', URL, ['admin'])
    await expectRoles(t, 'GET', RECEIVED, ['admin'])
    await expectRoles(t, 'POST', `${RECEIVED}/preview`, ['admin'], body)
    await expectRoles(t, 'PUT', RECEIVED, ['admin'], body)
    await expectRoles(t, 'DELETE', RECEIVED, ['admin'])
  })
})

describe('GET /api/admin/message-templates', () => {
  it('lists every message of the catalogue in key order, all at their defaults', async () => {
    const admin = await anAdmin(t)
    const res = await call(t, 'GET', URL, { as: admin, query: { per_page: 100 } })
    expect(res.status).toBe(200)
    expect(res.body.data.map((r: { key: string }) => r.key)).toEqual([...MESSAGE_KEYS].sort())
    expect(res.body.meta).toEqual({
      page: 1,
      perPage: 100,
      total: MESSAGE_KEYS.length,
      totalPages: 1,
    })
    expect(res.body.data.find((r: { key: string }) => r.key === 'application.received')).toEqual({
      key: 'application.received',
      label: 'Lamaran baru masuk (untuk HRD atau petugas BKK)',
      channel: 'notice',
      title: 'Lamaran baru: {{lowongan}}',
      customised: false,
      updatedAt: null,
      updatedBy: null,
    })
  })

  it('shows who reworded a message and when; filters by customised and search; pages', async () => {
    const admin = await anAdmin(t, { fullName: 'Bu Ratna' })
    await call(t, 'PUT', RECEIVED, {
      as: admin,
      body: { title: 'Pelamar baru untuk {{lowongan}}', body: '{{nama_pelamar}} melamar.' },
    })
    const [row] = await t.db.select().from(messageTemplates)
    const mine = await call(t, 'GET', URL, { as: admin, query: { customised: true } })
    expect(mine.status).toBe(200)
    expect(mine.body.data).toEqual([
      {
        key: 'application.received',
        label: 'Lamaran baru masuk (untuk HRD atau petugas BKK)',
        channel: 'notice',
        title: 'Pelamar baru untuk {{lowongan}}',
        customised: true,
        updatedAt: row.updatedAt.toISOString(),
        updatedBy: { id: admin.id, fullName: 'Bu Ratna' },
      },
    ])
    const rest = await call(t, 'GET', URL, { as: admin, query: { customised: false, per_page: 100 } })
    expect(rest.body.meta.total).toBe(MESSAGE_KEYS.length - 1)
    const found = await call(t, 'GET', URL, { as: admin, query: { search: 'CADANGAN' } })
    expect(found.body.data.map((r: { key: string }) => r.key)).toEqual([
      'place.freed',
      'selection.waitlisted',
    ])
    const page2 = await call(t, 'GET', URL, { as: admin, query: { per_page: 2, page: 2 } })
    expect(page2.body.data.map((r: { key: string }) => r.key)).toEqual([...MESSAGE_KEYS].sort().slice(2, 4))
    expect(page2.body.meta).toMatchObject({ page: 2, perPage: 2, total: MESSAGE_KEYS.length })
  })
})

describe('GET /api/admin/message-templates/:key', () => {
  it('the text in force, the default, and every placeholder with what it holds and an example', async () => {
    const admin = await anAdmin(t)
    const res = await call(t, 'GET', RECEIVED, { as: admin })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      key: 'application.received',
      label: 'Lamaran baru masuk (untuk HRD atau petugas BKK)',
      channel: 'notice',
      title: 'Lamaran baru: {{lowongan}}',
      body: '{{nama_pelamar}} melamar {{lowongan}} di {{perusahaan}}. Lamaran menunggu seleksi berkas.',
      defaultTitle: 'Lamaran baru: {{lowongan}}',
      defaultBody:
        '{{nama_pelamar}} melamar {{lowongan}} di {{perusahaan}}. Lamaran menunggu seleksi berkas.',
      customised: false,
      updatedAt: null,
      updatedBy: null,
      placeholders: [
        {
          name: 'nama',
          description: 'Nama akun HRD (atau petugas BKK) penerima',
          example: 'Dewi Lestari',
          required: false,
        },
        { name: 'nama_pelamar', description: 'Nama pelamar', example: 'Rina Marlina', required: false },
        {
          name: 'lowongan',
          description: 'Judul lowongan',
          example: 'Teknisi Listrik Pabrik',
          required: false,
        },
        {
          name: 'perusahaan',
          description: 'Nama perusahaan',
          example: 'PT Sinar Jaya Abadi',
          required: false,
        },
      ],
    })
  })

  it('404 for a key the service does not send', async () => {
    const admin = await anAdmin(t)
    for (const key of ['no.such.message', '__proto__', 'constructor']) {
      const res = await call(t, 'GET', `${URL}/${key}`, { as: admin })
      expect(res.status, key).toBe(404)
      expect(res.body).toEqual({ success: false, message: 'Template pesan tidak ditemukan.', data: null })
    }
  })
})

describe('PUT /api/admin/message-templates/:key', () => {
  it("saves the school's wording, trimmed with Unix line ends, and audits it with what it replaced", async () => {
    const admin = await aSuperadmin(t, { fullName: 'Pak Darto' })
    const res = await call(t, 'PUT', RECEIVED, {
      as: admin,
      body: {
        title: '  Ada pelamar baru: {{ lowongan }} ',
        body: 'Halo {{nama}},\r\n{{nama_pelamar}} melamar {{lowongan}}.\r\n',
      },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Template pesan berhasil disimpan.')
    expect(res.body.data).toMatchObject({
      key: 'application.received',
      title: 'Ada pelamar baru: {{ lowongan }}',
      body: 'Halo {{nama}},\n{{nama_pelamar}} melamar {{lowongan}}.',
      defaultTitle: 'Lamaran baru: {{lowongan}}',
      customised: true,
      updatedAt: expect.stringMatching(/Z$/),
      updatedBy: { id: admin.id, fullName: 'Pak Darto' },
    })
    expect(await storedTemplate('application.received')).toMatchObject({
      title: 'Ada pelamar baru: {{ lowongan }}',
      body: 'Halo {{nama}},\n{{nama_pelamar}} melamar {{lowongan}}.',
      updatedBy: admin.id,
    })
    const again = await call(t, 'PUT', RECEIVED, {
      as: admin,
      body: { title: 'Pelamar: {{lowongan}}', body: '{{nama_pelamar}}' },
    })
    expect(again.status).toBe(200)
    const audits = await auditsOf('update', admin.id)
    expect(audits.map((a) => [a.actorId, JSON.parse(a.data ?? '{}')])).toEqual([
      [
        admin.id,
        {
          key: 'application.received',
          title: 'Ada pelamar baru: {{ lowongan }}',
          body: 'Halo {{nama}},\n{{nama_pelamar}} melamar {{lowongan}}.',
          customised: true,
          previous: null,
        },
      ],
      [
        admin.id,
        {
          key: 'application.received',
          title: 'Pelamar: {{lowongan}}',
          body: '{{nama_pelamar}}',
          customised: true,
          previous: {
            title: 'Ada pelamar baru: {{ lowongan }}',
            body: 'Halo {{nama}},\n{{nama_pelamar}} melamar {{lowongan}}.',
          },
        },
      ],
    ])
    const detail = await call(t, 'GET', RECEIVED, { as: admin })
    expect(detail.body.data).toMatchObject({ title: 'Pelamar: {{lowongan}}', body: '{{nama_pelamar}}' })
  })

  it('422 for an unknown placeholder, naming the field, the placeholder and those allowed; nothing stored', async () => {
    const admin = await anAdmin(t)
    const res = await call(t, 'PUT', RECEIVED, {
      as: admin,
      body: { title: 'Lamaran dari {{nama_siswa}}', body: 'Untuk {{ Lowongan }} dan {{lowongan}}.' },
    })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({
      success: false,
      message: 'Template pesan tidak dapat dipakai.',
      data: null,
      errors: {
        title: [
          'placeholder tidak dikenal: {{nama_siswa}}. Yang dapat dipakai: {{nama}}, {{nama_pelamar}}, {{lowongan}}, {{perusahaan}}',
        ],
        body: [
          'placeholder tidak dikenal: {{Lowongan}}. Yang dapat dipakai: {{nama}}, {{nama_pelamar}}, {{lowongan}}, {{perusahaan}}',
        ],
      },
    })
    expect(await storedTemplate('application.received')).toBeUndefined()
    expect(await auditsOf('update', admin.id)).toEqual([])

    const english = await call(t, 'PUT', RECEIVED, {
      as: admin,
      headers: { 'accept-language': 'en' },
      body: { title: 'Lamaran', body: '{{alamat}}' },
    })
    expect(english.status).toBe(422)
    expect(english.body.errors).toEqual({
      body: [
        'unknown placeholder: {{alamat}}. Allowed: {{nama}}, {{nama_pelamar}}, {{lowongan}}, {{perusahaan}}',
      ],
    })
  })

  it('422 for a text that leaves out what the message is for: the reason of a refusal or a cancellation, a link to set a password', async () => {
    const admin = await anAdmin(t)
    for (const [key, missing] of [
      ['vacancy.rejected', '{{alasan}}'],
      ['test.cancelled', '{{alasan}}'],
      ['registration.rejected', '{{alasan}}'],
      ['password.reset', '{{tautan}}'],
    ]) {
      const res = await call(t, 'PUT', `${URL}/${key}`, {
        as: admin,
        body: { title: 'Pemberitahuan', body: 'Silakan hubungi BKK sekolah.' },
      })
      expect(res.status, key).toBe(422)
      expect(res.body.errors, key).toEqual({ body: [`harus memuat ${missing}`] })
      expect(await storedTemplate(key), key).toBeUndefined()
    }
  })

  it('422 for a {{ or }} without its pair, a title on two lines, blank text; one message per problem', async () => {
    const admin = await anAdmin(t)
    const res = await call(t, 'PUT', RECEIVED, {
      as: admin,
      body: { title: 'Lamaran baru\nuntuk {{lowongan', body: 'Pelamar: nama_pelamar}} sudah masuk.' },
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      title: [
        'tanda {{ atau }} tanpa pasangan di "…ran baru untuk {{lowongan". Tulis placeholder sebagai {{nama}}',
        'harus satu baris (judul juga subjek e-mail)',
      ],
      body: [
        'tanda {{ atau }} tanpa pasangan di "…r: nama_pelamar}} sudah masuk.". Tulis placeholder sebagai {{nama}}',
      ],
    })
    const nested = await call(t, 'PUT', RECEIVED, {
      as: admin,
      body: { title: '{{ {{lowongan}} }}', body: '{{}}' },
    })
    expect(nested.status).toBe(422)
    expect(Object.keys(nested.body.errors)).toEqual(['title', 'body'])
    expect(nested.body.errors.title[0]).toMatch(/^tanda \{\{ atau \}\} tanpa pasangan/)
    expect(nested.body.errors.body[0]).toMatch(/^placeholder tidak dikenal: \{\{\}\}/)

    const blank = await call(t, 'PUT', RECEIVED, { as: admin, body: { title: '   ', body: '\n\t' } })
    expect(blank.status).toBe(422)
    expect(blank.body.errors).toEqual({ title: ['wajib diisi'], body: ['wajib diisi'] })
    expect(await storedTemplate('application.received')).toBeUndefined()
  })

  it('422 for a missing field or text over the limits (title 200, body 5,000 characters)', async () => {
    const admin = await anAdmin(t)
    const missing = await call(t, 'PUT', RECEIVED, { as: admin, body: { title: 'Judul' } })
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({ body: ['wajib diisi'] })
    const long = await call(t, 'PUT', RECEIVED, {
      as: admin,
      body: { title: 'x'.repeat(201), body: 'y'.repeat(5001) },
    })
    expect(long.status).toBe(422)
    expect(long.body.errors).toEqual({ title: ['maksimal 200 karakter'], body: ['maksimal 5000 karakter'] })
    const atLimit = await call(t, 'PUT', RECEIVED, {
      as: admin,
      body: { title: 'x'.repeat(200), body: 'y'.repeat(5000) },
    })
    expect(atLimit.status).toBe(200)
  })

  it('404 for an unknown key; nothing stored', async () => {
    const admin = await anAdmin(t)
    const res = await call(t, 'PUT', `${URL}/no.such.message`, {
      as: admin,
      body: { title: 'Judul', body: 'Isi' },
    })
    expect(res.status).toBe(404)
    expect(await t.db.select().from(messageTemplates)).toEqual([])
  })

  it('the default text saved again is a reset: the message follows the default', async () => {
    const admin = await anAdmin(t)
    const m = MESSAGES['application.received']
    await call(t, 'PUT', RECEIVED, { as: admin, body: { title: 'Lain: {{lowongan}}', body: 'Lain.' } })
    const res = await call(t, 'PUT', RECEIVED, { as: admin, body: { title: m.title, body: m.body } })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ customised: false, updatedAt: null, updatedBy: null })
    expect(await storedTemplate('application.received')).toBeUndefined()
  })
})

describe('POST /api/admin/message-templates/:key/preview', () => {
  it('fills the text given with an example for every placeholder; stores nothing', async () => {
    const admin = await anAdmin(t)
    const res = await call(t, 'POST', `${RECEIVED}/preview`, {
      as: admin,
      body: { title: 'Untuk {{nama}}: {{ lowongan }}', body: '{{nama_pelamar}} melamar {{lowongan}}.' },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      title: 'Untuk Dewi Lestari: Teknisi Listrik Pabrik',
      body: 'Rina Marlina melamar Teknisi Listrik Pabrik.',
      values: {
        nama: 'Dewi Lestari',
        nama_pelamar: 'Rina Marlina',
        lowongan: 'Teknisi Listrik Pabrik',
        perusahaan: 'PT Sinar Jaya Abadi',
      },
    })
    expect(await t.db.select().from(messageTemplates)).toEqual([])
  })

  it('uses the saved text for what is not given', async () => {
    const admin = await anAdmin(t)
    await call(t, 'PUT', RECEIVED, {
      as: admin,
      body: { title: 'Pelamar untuk {{lowongan}}', body: 'Dari {{nama_pelamar}}.' },
    })
    const saved = await call(t, 'POST', `${RECEIVED}/preview`, { as: admin, body: {} })
    expect(saved.body.data).toMatchObject({
      title: 'Pelamar untuk Teknisi Listrik Pabrik',
      body: 'Dari Rina Marlina.',
    })
    const bare = await call(t, 'POST', `${RECEIVED}/preview`, { as: admin })
    expect(bare.status).toBe(200)
    expect(bare.body.data).toEqual(saved.body.data)
    const half = await call(t, 'POST', `${RECEIVED}/preview`, { as: admin, body: { body: 'Baru.' } })
    expect(half.body.data).toMatchObject({ title: 'Pelamar untuk Teknisi Listrik Pabrik', body: 'Baru.' })
  })

  it('422 as a save would be, with the same field messages', async () => {
    const admin = await anAdmin(t)
    const res = await call(t, 'POST', `${RECEIVED}/preview`, {
      as: admin,
      body: { body: 'Untuk {{tanggal}}' },
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      body: [
        'placeholder tidak dikenal: {{tanggal}}. Yang dapat dipakai: {{nama}}, {{nama_pelamar}}, {{lowongan}}, {{perusahaan}}',
      ],
    })
  })

  it("every message's default passes the save check and previews with a real example for each placeholder", async () => {
    const admin = await anAdmin(t)
    for (const key of MESSAGE_KEYS) {
      const res = await call(t, 'POST', `${URL}/${key}/preview`, { as: admin, body: {} })
      expect(res.status, key).toBe(200)
      expect(Object.keys(res.body.data.values), key).toEqual(Object.keys(MESSAGES[key].placeholders))
      for (const [name, value] of Object.entries(res.body.data.values as Record<string, string>))
        expect(value, `${key} {{${name}}}`).not.toMatch(/^\[|^$/)
      expect(`${res.body.data.title}${res.body.data.body}`, key).not.toMatch(/\{\{|\}\}/)
    }
  })
})

describe('DELETE /api/admin/message-templates/:key', () => {
  it('puts the default back and audits it; a second reset changes nothing', async () => {
    const admin = await anAdmin(t)
    await call(t, 'PUT', RECEIVED, { as: admin, body: { title: 'Lain: {{lowongan}}', body: 'Lain.' } })
    const res = await call(t, 'DELETE', RECEIVED, { as: admin })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Template pesan dikembalikan ke teks bawaan.')
    expect(res.body.data).toMatchObject({
      title: 'Lamaran baru: {{lowongan}}',
      body: '{{nama_pelamar}} melamar {{lowongan}} di {{perusahaan}}. Lamaran menunggu seleksi berkas.',
      customised: false,
      updatedAt: null,
      updatedBy: null,
    })
    expect(await storedTemplate('application.received')).toBeUndefined()
    const again = await call(t, 'DELETE', RECEIVED, { as: admin })
    expect(again.status).toBe(200)
    const audits = await auditsOf('reset', admin.id)
    expect(audits.map((a) => [a.actorId, JSON.parse(a.data ?? '{}')])).toEqual([
      [admin.id, { key: 'application.received', previous: { title: 'Lain: {{lowongan}}', body: 'Lain.' } }],
    ])
    expect((await call(t, 'DELETE', `${URL}/no.such.message`, { as: admin })).status).toBe(404)
  })
})

describe('the next real message uses the school’s wording', () => {
  it("HR's new-application notice: each HR account gets the edited text with its own name", async () => {
    const admin = await anAdmin(t)
    const saved = await call(t, 'PUT', RECEIVED, {
      as: admin,
      body: {
        title: 'Pelamar baru untuk {{lowongan}}',
        body: 'Halo {{nama}}, {{nama_pelamar}} baru saja melamar {{lowongan}}. Segera periksa berkasnya.',
      },
    })
    expect(saved.status).toBe(200)
    const major = await aMajor(t)
    const hrd = await anHrd(t, { values: { fullName: 'Dewi' } })
    const colleague = await anHrd(t, { companyId: hrd.companyId, values: { fullName: 'Eko' } })
    const [company] = await t.db
      .select()
      .from(companies)
      .where(eq(companies.id, hrd.companyId as number))
    const vacancy = await aVacancy(t, {
      companyId: hrd.companyId,
      majorIds: [major.id],
      values: { title: 'Juru Las' },
    })
    // A name that reads like a placeholder stays as it is (the template is filled once, not the values).
    const learner = await anApplicant(t, { majorId: major.id, values: { fullName: 'Rudi {{lowongan}}' } })
    const applied = await call(t, 'POST', `/api/job-vacancies/${vacancy.id}/apply`, { as: learner, body: {} })
    expect(applied.status).toBe(201)
    for (const [hr, name] of [
      [hrd, 'Dewi'],
      [colleague, 'Eko'],
    ] as const) {
      const res = await call(t, 'GET', '/api/notifications', { as: hr })
      expect(res.body.data).toEqual([
        expect.objectContaining({
          kind: 'application.received',
          title: 'Pelamar baru untuk Juru Las',
          body: `Halo ${name}, Rudi {{lowongan}} baru saja melamar Juru Las. Segera periksa berkasnya.`,
          data: { applicationId: applied.body.data.id, jobVacancyId: vacancy.id },
        }),
      ])
    }

    // Reset: the next application reads the default again.
    await call(t, 'DELETE', RECEIVED, { as: admin })
    const other = await anApplicant(t, { majorId: major.id, values: { fullName: 'Sari' } })
    expect(
      (await call(t, 'POST', `/api/job-vacancies/${vacancy.id}/apply`, { as: other, body: {} })).status,
    ).toBe(201)
    const latest = (await noticesOf(hrd.id)).at(-1)
    expect(latest).toMatchObject({
      title: 'Lamaran baru: Juru Las',
      body: `Sari melamar Juru Las di ${company.name}. Lamaran menunggu seleksi berkas.`,
    })
  })

  it('a wording of more than 100 parts still fills: applying answers 201 and HR reads it whole', async () => {
    const admin = await anAdmin(t)
    // 50 placeholders and the text between them: 101 parts (PostgreSQL's concat takes at most 100 arguments;
    // the notice is filled in SQL, and applying answered 500 to every learner until the wording changed).
    const body = `${'{{nama_pelamar}}, '.repeat(50)}melamar {{lowongan}}.`
    expect(
      (await call(t, 'PUT', RECEIVED, { as: admin, body: { title: 'Lamaran: {{lowongan}}', body } })).status,
    ).toBe(200)
    const major = await aMajor(t)
    const hrd = await anHrd(t)
    const vacancy = await aVacancy(t, {
      companyId: hrd.companyId,
      majorIds: [major.id],
      values: { title: 'Juru Las' },
    })
    const learner = await anApplicant(t, { majorId: major.id, values: { fullName: 'Sari' } })
    const applied = await call(t, 'POST', `/api/job-vacancies/${vacancy.id}/apply`, { as: learner, body: {} })
    expect(applied.status).toBe(201)
    expect(await noticesOf(hrd.id)).toEqual([
      expect.objectContaining({
        title: 'Lamaran: Juru Las',
        body: `${'Sari, '.repeat(50)}melamar Juru Las.`,
      }),
    ])
  })

  it('the review outcome: a bulk review tells every applicant in the edited wording, with the HR notes', async () => {
    const admin = await anAdmin(t)
    await call(t, 'PUT', `${URL}/application.review_failed`, {
      as: admin,
      body: {
        title: 'Hasil seleksi berkas: {{lowongan}}',
        body: 'Yth. {{nama}}, lamaran Anda di {{perusahaan}} belum lolos. {{catatan_hrd}}',
      },
    })
    const { hrd, vacancy } = await anHrdWithVacancy(t, {
      companyName: 'PT Maju Jaya',
      vacancyTitle: 'Kasir',
    })
    const a = await aCandidate(t, vacancy.id, { status: 'pending', fullName: 'Ani' })
    const b = await aCandidate(t, vacancy.id, { status: 'pending', fullName: 'Budi' })
    const res = await call(t, 'POST', '/api/hrd/applicant-reviews/bulk-review', {
      as: hrd,
      body: {
        application_ids: [a.application.id, b.application.id],
        decision: 'tidak_lolos',
        notes: 'Kuota penuh.',
      },
    })
    expect(res.body.data).toMatchObject({ succeeded: 2 })
    for (const [p, name] of [
      [a, 'Ani'],
      [b, 'Budi'],
    ] as const) {
      expect(await noticesOf(p.learner.id as number)).toEqual([
        expect.objectContaining({
          kind: 'application.reviewed',
          title: 'Hasil seleksi berkas: Kasir',
          body: `Yth. ${name}, lamaran Anda di PT Maju Jaya belum lolos. Catatan HRD: Kuota penuh.`,
        }),
      ])
    }
    // The other outcome keeps its default, and without notes leaves no trailing blank.
    const c = await aCandidate(t, vacancy.id, { status: 'pending' })
    await call(t, 'PATCH', `/api/hrd/applicant-reviews/${c.application.id}/review`, {
      as: hrd,
      body: { decision: 'lolos' },
    })
    expect((await noticesOf(c.learner.id as number))[0]).toMatchObject({
      title: 'Lamaran Anda lolos seleksi berkas',
      body: 'Selamat! Lamaran Anda untuk lowongan "Kasir" di PT Maju Jaya lolos seleksi berkas. Tunggu informasi jadwal tes berikutnya.',
    })
  })

  it('a saved text that no longer fits its message (a placeholder dropped by a release) is not sent: the default is', async () => {
    // Written straight to the table: the route would refuse it.
    await t.db.insert(messageTemplates).values({
      key: 'application.review_passed',
      title: 'Lolos: {{lowongan}}',
      body: 'Tes pada {{tanggal_tes}}.',
    })
    const { hrd, vacancy } = await anHrdWithVacancy(t, { companyName: 'PT Lama', vacancyTitle: 'Drafter' })
    const c = await aCandidate(t, vacancy.id, { status: 'pending' })
    await call(t, 'PATCH', `/api/hrd/applicant-reviews/${c.application.id}/review`, {
      as: hrd,
      body: { decision: 'lolos' },
    })
    expect((await noticesOf(c.learner.id as number))[0]).toMatchObject({
      title: 'Lamaran Anda lolos seleksi berkas',
      body: 'Selamat! Lamaran Anda untuk lowongan "Drafter" di PT Lama lolos seleksi berkas. Tunggu informasi jadwal tes berikutnya.',
    })
    // The screen shows why: its preview of the saved text is refused at the field.
    const admin = await anAdmin(t)
    const preview = await call(t, 'POST', `${URL}/application.review_passed/preview`, { as: admin, body: {} })
    expect(preview.status).toBe(422)
    expect(preview.body.errors.body[0]).toMatch(/^placeholder tidak dikenal: \{\{tanggal_tes\}\}/)
  })

  it('published results: each decision in its own (edited or default) wording', async () => {
    const admin = await anAdmin(t)
    await call(t, 'PUT', `${URL}/selection.accepted`, {
      as: admin,
      body: { title: 'Selamat, {{nama}}!', body: 'Anda diterima sebagai {{lowongan}} di {{perusahaan}}.' },
    })
    const { hrd, vacancy } = await anHrdWithVacancy(t, {
      companyName: 'PT Karya',
      vacancyTitle: 'Operator',
    })
    const people = []
    for (const [decision, fullName] of [
      ['diterima', 'Citra'],
      ['cadangan', 'Dodi'],
    ] as const) {
      const p = await aCandidate(t, vacancy.id, { reviewed: true, fullName })
      await call(t, 'POST', `/api/hrd/selection-results/${p.application.id}`, {
        as: hrd,
        body: { final_score: 80, decision },
      })
      people.push(p)
    }
    expect((await publishResults(t, hrd, vacancy.id)).status).toBe(200)
    expect((await noticesOf(people[0].learner.id as number))[0]).toMatchObject({
      kind: 'selection.published',
      title: 'Selamat, Citra!',
      body: 'Anda diterima sebagai Operator di PT Karya.',
    })
    expect((await noticesOf(people[1].learner.id as number))[0]).toMatchObject({
      title: 'Anda masuk daftar cadangan',
      body: 'Anda masuk daftar cadangan pada lowongan "Operator" di PT Karya. Perusahaan dapat menghubungi Anda bila ada tempat; pantau statusnya di Lamaran saya.',
    })
  })
})
