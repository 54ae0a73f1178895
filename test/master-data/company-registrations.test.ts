import { count, desc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  companies,
  companyRegistrations,
  emailOutbox,
  passwordLinks,
  users,
} from '../../src/db/schema/index.js'
import { hashLinkSecret } from '../../src/modules/auth/password-links.js'
import { call, type TestContext, useTestApp } from '../support/app.js'
import { type Account, anAdmin, anHrd, aSuperadmin, logIn, unique } from '../support/builders/accounts.js'
import { aCompany, aRegistrationForm } from '../support/builders/org.js'
import { expectRoles } from '../support/roles.js'
import { eventually, type ReceivedMail, useSmtp } from '../support/smtp.js'
import { auditsOf, storedUser } from '../support/stored.js'

const env: Record<string, string> = { PUBLIC_URL: 'https://bkk.sekolah.test' }
const smtp = useSmtp(env)
const t = useTestApp(env)
let admin: Account

beforeAll(async () => {
  admin = await anAdmin(t)
})

let lastIp = 0
/** A new client address per registration, so that only the rate-limit test meets the limit. */
const nextIp = () => `198.51.100.${++lastIp}`

const aForm = aRegistrationForm

const register = (ctx: TestContext, body: unknown, remoteAddress = nextIp()) =>
  call(ctx, 'POST', '/api/company-registrations', { body, remoteAddress })

const storedRegistration = async (ctx: TestContext, where: { contactEmail: string }) =>
  (
    await ctx.db
      .select()
      .from(companyRegistrations)
      .where(eq(companyRegistrations.contactEmail, where.contactEmail.toLowerCase()))
      .orderBy(desc(companyRegistrations.id))
  )[0]

const mailTo = (to: string, subject?: RegExp) =>
  eventually(async () =>
    smtp.received.find(
      (m: ReceivedMail) =>
        m.to.includes(to.toLowerCase()) && (subject === undefined || subject.test(m.subject)),
    ),
  )

const tokenIn = (text: string) => /konfirmasi\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1]

/** Registers and confirms by the link in the e-mail: the request is in the queue. */
async function aConfirmedRegistration(overrides: Record<string, unknown> = {}) {
  const form = aForm(overrides)
  expect((await register(t, form)).status).toBe(201)
  const mail = await mailTo(form.contact_email, /Konfirmasi/)
  const token = tokenIn(mail.text)!
  expect((await call(t, 'POST', '/api/company-registrations/confirm', { body: { token } })).status).toBe(200)
  const row = await storedRegistration(t, { contactEmail: form.contact_email })
  return { form, row, id: row.id }
}

const queue = (query: Record<string, string | number> = {}) =>
  call(t, 'GET', '/api/admin/company-registrations', { as: admin, query })
const idsOf = (res: { body: { data: { id: number }[] } }) => res.body.data.map((r) => r.id)
const companiesNamed = async (ctx: TestContext, name: string) =>
  (
    await ctx.db.select({ n: count() }).from(companies).where(sql`lower(${companies.name}) = lower(${name})`)
  )[0].n

describe('role matrix', () => {
  it('the form and the confirmation need no token; the queue is for admin and superadmin', async () => {
    const { id } = await aConfirmedRegistration()
    await expectRoles(t, 'GET', '/api/admin/company-registrations', ['admin'])
    await expectRoles(t, 'GET', `/api/admin/company-registrations/${id}`, ['admin'])
    await expectRoles(t, 'POST', `/api/admin/company-registrations/${id}/reject`, ['admin'], {})
    await expectRoles(t, 'POST', '/api/admin/company-registrations/999999/approve', ['admin'])
  })
})

describe('POST /api/company-registrations', () => {
  it('201: stored unconfirmed, a confirmation link e-mailed to the contact, not in the queue yet', async () => {
    const form = aForm({ name: '  PT Sinar Abadi Logam  ', contact_email: 'Rina.Sinar@Perusahaan.test' })
    const res = await register(t, { ...form, status: 'approved', company_id: 1 })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      success: true,
      message:
        'Pendaftaran diterima. Buka tautan yang kami kirim ke rina.sinar@perusahaan.test untuk mengonfirmasi e-mail.',
      data: { status: 'unconfirmed', emailConfirmation: true, contactEmail: 'rina.sinar@perusahaan.test' },
    })

    const row = await storedRegistration(t, { contactEmail: 'rina.sinar@perusahaan.test' })
    expect(row).toMatchObject({
      status: 'unconfirmed',
      name: 'PT Sinar Abadi Logam',
      industry: 'Manufaktur',
      email: form.email,
      city: 'Karawang',
      contactName: 'Rina Hartati',
      contactPhone: '0812-3456-7890',
      confirmedAt: null,
      companyId: null,
      decidedBy: null,
    })
    const hoursValid = (row.confirmExpiresAt!.getTime() - Date.now()) / 3_600_000
    expect(hoursValid).toBeGreaterThan(71)
    expect(hoursValid).toBeLessThanOrEqual(72)

    const mail = await mailTo('rina.sinar@perusahaan.test')
    expect(mail.subject).toBe('Konfirmasi pendaftaran PT Sinar Abadi Logam di BKK')
    expect(mail.text).toContain('Yth. Rina Hartati,')
    expect(mail.text).toContain('dalam 72 jam')
    expect(mail.text).toContain('https://bkk.sekolah.test/daftar-perusahaan/konfirmasi?token=')
    const token = tokenIn(mail.text)!
    expect(row.confirmTokenHash).toBe(hashLinkSecret(token))

    // Staff do not see it until the e-mail is confirmed.
    expect(idsOf(await queue())).not.toContain(row.id)
    expect(idsOf(await queue({ status: 'pending' }))).not.toContain(row.id)
    expect((await call(t, 'GET', `/api/admin/company-registrations/${row.id}`, { as: admin })).status).toBe(
      404,
    )
    const approve = await call(t, 'POST', `/api/admin/company-registrations/${row.id}/approve`, { as: admin })
    expect(approve.status).toBe(404)
    expect(await companiesNamed(t, 'PT Sinar Abadi Logam')).toBe(0)
  })

  it('201 without the optional fields (stored as null)', async () => {
    const { email, phone, website, description, ...required } = aForm()
    const res = await register(t, { ...required, website: null, description: null })
    expect(res.status).toBe(201)
    expect(await storedRegistration(t, { contactEmail: required.contact_email })).toMatchObject({
      email: null,
      phone: null,
      website: null,
      description: null,
    })
  })

  it('422 naming every missing or malformed field; nothing stored', async () => {
    const before = (await t.db.select({ n: count() }).from(companyRegistrations))[0].n
    const empty = await register(t, {})
    expect(empty.status).toBe(422)
    expect(empty.body).toMatchObject({
      success: false,
      data: null,
      message: 'Data yang dikirim tidak valid.',
    })
    expect(empty.body.errors).toEqual({
      name: ['wajib diisi'],
      industry: ['wajib diisi'],
      address: ['wajib diisi'],
      city: ['wajib diisi'],
      province: ['wajib diisi'],
      contact_name: ['wajib diisi'],
      contact_email: ['wajib diisi'],
      contact_phone: ['wajib diisi'],
    })
    const bad = await register(
      t,
      aForm({
        name: 'x'.repeat(201),
        email: 'bukan-email',
        phone: 'telepon',
        website: 'www.tanpa-skema.test',
        contact_email: 'rina@',
        contact_phone: 'nomor saya',
      }),
    )
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({
      name: ['maksimal 200 karakter'],
      email: ['harus berupa alamat e-mail yang valid'],
      phone: [
        'harus nomor telepon (angka, boleh dengan spasi, titik, tanda hubung atau kurung), mis. 021-4603550',
      ],
      website: ['harus alamat web lengkap yang diawali https:// atau http://, mis. https://contoh.co.id'],
      contact_email: ['harus berupa alamat e-mail yang valid'],
      contact_phone: [
        'harus nomor telepon (angka, boleh dengan spasi, titik, tanda hubung atau kurung), mis. 021-4603550',
      ],
    })
    const blank = await register(t, aForm({ name: '   ', contact_name: ' ', city: '\t' }))
    expect(blank.status).toBe(422)
    expect(blank.body.errors).toEqual({
      name: ['wajib diisi'],
      city: ['wajib diisi'],
      contact_name: ['wajib diisi'],
    })
    // Names and places are written into the confirmation e-mail, sent to any address the form gives: on
    // several lines they wrote paragraphs of a stranger's own into the school's e-mail.
    const lines = await register(
      t,
      aForm({
        name: 'PT Maju\n\nPENTING: akun BKK Anda dinonaktifkan. Pulihkan di http://bkk-sekolah.example',
        contact_name: 'Bapak/Ibu\r\nPENTING',
        city: 'Karawang\u2028Barat',
      }),
    )
    expect(lines.status).toBe(422)
    const oneLine = ['harus berupa satu baris teks, tanpa baris baru atau karakter kendali']
    expect(lines.body.errors).toEqual({ name: oneLine, contact_name: oneLine, city: oneLine })
    const english = await call(t, 'POST', '/api/company-registrations', {
      body: aForm({ industry: ' ' }),
      remoteAddress: nextIp(),
      headers: { 'accept-language': 'en' },
    })
    expect(english.body.errors).toEqual({ industry: ['is required'] })
    expect((await t.db.select({ n: count() }).from(companyRegistrations))[0].n).toBe(before)
  })

  it('429 in the envelope once an address sent REGISTRATION_MAX_PER_HOUR; other addresses go on', async () => {
    const ip = '203.0.113.77'
    const limit = t.config.limits.registrationPerHour
    expect(limit).toBe(5)
    // A form refused by validation does not count.
    expect((await register(t, aForm({ contact_email: 'x' }), ip)).status).toBe(422)
    for (let i = 0; i < limit; i++) expect((await register(t, aForm(), ip)).status).toBe(201)
    const form = aForm()
    const refused = await register(t, form, ip)
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ success: false, data: null })
    expect(refused.body.message).toMatch(
      /^Terlalu banyak pendaftaran dari alamat ini\. Coba lagi dalam \d+ menit\.$/,
    )
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000)
    expect(await storedRegistration(t, { contactEmail: form.contact_email })).toBeUndefined()
    // Another address is not held back.
    expect((await register(t, aForm(), '203.0.113.78')).status).toBe(201)
  })

  it('never tells the public that a company or an e-mail is already registered', async () => {
    const existing = await aCompany(t, { name: `PT Sudah Ada ${unique()}` })
    const hrd = await anHrd(t, { companyId: existing.id })
    const res = await register(t, aForm({ name: existing.name, contact_email: hrd.email }))
    expect(res.status).toBe(201)
    expect(res.body.data.status).toBe('unconfirmed')
  })
})

describe('POST /api/company-registrations/confirm', () => {
  it('200: the request joins the queue; a second click says it was already confirmed', async () => {
    const form = aForm()
    await register(t, form)
    const token = tokenIn((await mailTo(form.contact_email)).text)!
    const res = await call(t, 'POST', '/api/company-registrations/confirm', { body: { token } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      success: true,
      message: 'E-mail dikonfirmasi. Pendaftaran diteruskan ke petugas BKK.',
      data: { status: 'pending', companyName: form.name, alreadyConfirmed: false },
    })
    const row = await storedRegistration(t, { contactEmail: form.contact_email })
    expect(row.status).toBe('pending')
    expect(row.confirmedAt).toBeInstanceOf(Date)
    const inQueue = (await queue({ status: 'pending', search: form.contact_email })).body.data
    expect(inQueue).toEqual([
      expect.objectContaining({
        id: row.id,
        status: 'pending',
        name: form.name,
        emailConfirmed: true,
        contact: { name: 'Rina Hartati', email: form.contact_email, phone: '0812-3456-7890' },
        duplicates: { name: false, email: false },
      }),
    ])

    const again = await call(t, 'POST', '/api/company-registrations/confirm', { body: { token } })
    expect(again.status).toBe(200)
    expect(again.body.message).toBe('E-mail ini sudah dikonfirmasi sebelumnya.')
    expect(again.body.data).toEqual({ status: 'pending', companyName: form.name, alreadyConfirmed: true })
    expect((await storedRegistration(t, { contactEmail: form.contact_email })).confirmedAt).toEqual(
      row.confirmedAt,
    )
    const [log] = await auditsOf(t, 'company_registration', row.id)
    expect(log).toMatchObject({ action: 'confirm_email', actorId: null })
  })

  it('422 on token for an unknown link and for an expired one (which stays out of the queue)', async () => {
    const unknown = await call(t, 'POST', '/api/company-registrations/confirm', {
      body: { token: 'tidak-ada-token-seperti-ini' },
    })
    expect(unknown.status).toBe(422)
    expect(unknown.body.errors.token).toEqual([
      'Tautan konfirmasi tidak dikenal. Pastikan tautan disalin lengkap dari e-mail.',
    ])

    const form = aForm()
    await register(t, form)
    const token = tokenIn((await mailTo(form.contact_email)).text)!
    await t.db
      .update(companyRegistrations)
      .set({ confirmExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(companyRegistrations.contactEmail, form.contact_email))
    const expired = await call(t, 'POST', '/api/company-registrations/confirm', { body: { token } })
    expect(expired.status).toBe(422)
    expect(expired.body.message).toBe(
      'Tautan konfirmasi sudah kedaluwarsa (berlaku 72 jam). Silakan daftar kembali.',
    )
    const row = await storedRegistration(t, { contactEmail: form.contact_email })
    expect(row).toMatchObject({ status: 'unconfirmed', confirmedAt: null })
    expect(idsOf(await queue({ search: form.contact_email }))).toEqual([])

    const missing = await call(t, 'POST', '/api/company-registrations/confirm', { body: {} })
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({ token: ['wajib diisi'] })
  })
})

describe('GET /api/admin/company-registrations', () => {
  it('filters by status and search, with the count per status; flags duplicates of name and e-mail', async () => {
    const existing = await aCompany(t, {
      name: `PT Kembar ${unique()}`,
      email: `kantor.${unique()}@kembar.test`,
    })
    const hrd = await anHrd(t)
    const clean = await aConfirmedRegistration()
    const sameName = await aConfirmedRegistration({ name: existing.name.toUpperCase() })
    const sameCompanyEmail = await aConfirmedRegistration({ email: existing.email!.toUpperCase() })
    const sameAccount = await aConfirmedRegistration({ contact_email: hrd.email })

    const flags = async (id: number) =>
      (await call(t, 'GET', `/api/admin/company-registrations/${id}`, { as: admin })).body.data.duplicates
    expect(await flags(clean.id)).toEqual({ name: false, email: false })
    expect(await flags(sameName.id)).toEqual({ name: true, email: false })
    expect(await flags(sameCompanyEmail.id)).toEqual({ name: false, email: true })
    expect(await flags(sameAccount.id)).toEqual({ name: false, email: true })

    const pending = await queue({ status: 'pending', per_page: 100 })
    expect(pending.status).toBe(200)
    const listed = pending.body.data.filter((r: { id: number }) =>
      [clean.id, sameName.id, sameCompanyEmail.id, sameAccount.id].includes(r.id),
    )
    // The queue reads oldest first, as it is worked.
    expect(listed.map((r: { id: number }) => r.id)).toEqual([
      clean.id,
      sameName.id,
      sameCompanyEmail.id,
      sameAccount.id,
    ])
    expect(listed.map((r: { duplicates: unknown }) => r.duplicates)).toEqual([
      { name: false, email: false },
      { name: true, email: false },
      { name: false, email: true },
      { name: false, email: true },
    ])
    expect(pending.body.meta).toMatchObject({ page: 1, perPage: 100 })
    expect(pending.body.meta.counts.pending).toBe(pending.body.meta.total)

    await call(t, 'POST', `/api/admin/company-registrations/${clean.id}/reject`, {
      as: admin,
      body: { reason: 'Data belum lengkap.' },
    })
    expect(idsOf(await queue({ status: 'pending', per_page: 100 }))).not.toContain(clean.id)
    const rejected = await queue({ status: 'rejected', search: clean.form.contact_email })
    expect(idsOf(rejected)).toEqual([clean.id])
    expect(rejected.body.data[0]).toMatchObject({
      status: 'rejected',
      rejectReason: 'Data belum lengkap.',
      decidedBy: { id: admin.id },
    })
    const byName = await queue({ search: sameName.form.name.slice(-12) })
    expect(idsOf(byName)).toEqual([sameName.id])
    const bad = await queue({ status: 'unconfirmed' })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors)).toEqual(['status'])
  })

  it('the detail names the companies and the account a request would duplicate', async () => {
    const existing = await aCompany(t, {
      name: `PT Ganda ${unique()}`,
      email: `ganda.${unique()}@ganda.test`,
    })
    const hrd = await anHrd(t, { companyId: existing.id, values: { fullName: 'Budi Santoso' } })
    const { id } = await aConfirmedRegistration({
      name: existing.name,
      email: existing.email,
      contact_email: hrd.email,
    })
    const res = await call(t, 'GET', `/api/admin/company-registrations/${id}`, { as: admin })
    expect(res.status).toBe(200)
    expect(res.body.data.duplicates).toEqual({ name: true, email: true })
    expect(res.body.data.matches).toEqual({
      companies: [
        {
          id: existing.id,
          name: existing.name,
          email: existing.email,
          isActive: true,
          sameName: true,
          sameEmail: true,
        },
      ],
      account: {
        id: hrd.id,
        email: hrd.email,
        fullName: 'Budi Santoso',
        role: 'hrd',
        company: { id: existing.id, name: existing.name },
      },
    })
    expect((await call(t, 'GET', '/api/admin/company-registrations/999999', { as: admin })).status).toBe(404)
  })
})

describe('POST /api/admin/company-registrations/:id/approve', () => {
  it('creates the active company (vacancies need approval) and its HR account, and e-mails a set-password link', async () => {
    const { form, id } = await aConfirmedRegistration()
    const superadmin = await aSuperadmin(t)
    const res = await call(t, 'POST', `/api/admin/company-registrations/${id}/approve`, { as: superadmin })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(
      'Pendaftaran disetujui. Tautan untuk membuat kata sandi dikirim ke e-mail narahubung.',
    )
    const data = res.body.data
    expect(data).toMatchObject({
      id,
      status: 'approved',
      decidedBy: { id: superadmin.id },
      emailQueued: true,
      setPasswordLink: null,
      duplicates: { name: false, email: false },
      matches: { companies: [], account: null },
    })

    const [company] = await t.db.select().from(companies).where(eq(companies.id, data.company.id))
    expect(company).toMatchObject({
      name: form.name,
      industry: 'Manufaktur',
      email: form.email,
      phone: '021-5550101',
      address: 'Jl. Industri Raya No. 5',
      city: 'Karawang',
      province: 'Jawa Barat',
      website: 'https://perusahaan.test',
      description: 'Produsen suku cadang.',
      isActive: true,
      vacanciesNeedApproval: true,
    })
    const account = await storedUser(t, data.account.id)
    expect(account).toMatchObject({
      email: form.contact_email,
      fullName: 'Rina Hartati',
      role: 'hrd',
      companyId: company.id,
      isActive: true,
    })
    // No password works until the contact sets one.
    expect((await logIn(t, form.contact_email, 'password123')).status).toBe(401)

    const row = await storedRegistration(t, { contactEmail: form.contact_email })
    expect(row).toMatchObject({
      status: 'approved',
      decidedBy: superadmin.id,
      companyId: company.id,
      userId: account!.id,
    })
    expect(row.decidedAt).toBeInstanceOf(Date)

    const mail = await mailTo(form.contact_email, /disetujui/)
    expect(mail.subject).toBe(`Pendaftaran ${form.name} disetujui`)
    expect(mail.text).toContain(`Akun HRD Anda dibuat dengan e-mail ${form.contact_email}`)
    expect(mail.text).toContain('dalam 7 hari')
    const url = new URL(/https:\/\/bkk\.sekolah\.test\/atur-kata-sandi\?\S+/.exec(mail.text)![0])
    expect(url.searchParams.get('email')).toBe(form.contact_email)
    const secret = url.searchParams.get('token')!
    const [link] = await t.db.select().from(passwordLinks).where(eq(passwordLinks.userId, account!.id))
    expect(link).toMatchObject({
      purpose: 'setup',
      tokenHash: hashLinkSecret(secret),
      usedAt: null,
      createdBy: superadmin.id,
    })
    const daysValid = (link.expiresAt.getTime() - Date.now()) / 86_400_000
    expect(daysValid).toBeGreaterThan(6.9)
    expect(daysValid).toBeLessThanOrEqual(7)

    // The contact sets a password through the link (the password-recovery route), then logs in as HR.
    const set = await call(t, 'POST', '/api/reset-password', {
      body: {
        email: form.contact_email,
        token: secret,
        password: 'Karawang-Logam-2026',
        password_confirmation: 'Karawang-Logam-2026',
      },
    })
    expect(set.status).toBe(200)
    expect(set.body.data).toEqual({ email: form.contact_email, purpose: 'setup' })
    const login = await logIn(t, form.contact_email, 'Karawang-Logam-2026')
    expect(login.status).toBe(200)
    expect(login.body.data.user).toMatchObject({ role: 'hrd', companyId: company.id })
    const vacancies = await call(t, 'GET', '/api/hrd/job-vacancies', {
      as: { authorization: `Bearer ${login.body.data.token}` },
    })
    expect(vacancies.status).toBe(200)

    const [approved] = await auditsOf(t, 'company_registration', id)
    expect(approved).toMatchObject({ action: 'approve', actorId: superadmin.id })
    const companyLogs = await auditsOf(t, 'company', company.id, 'oldest')
    expect(companyLogs.map((l) => l.action)).toEqual(['create', 'create_hr_account'])

    // Decided once: approving or rejecting again is refused, nothing more is created.
    const again = await call(t, 'POST', `/api/admin/company-registrations/${id}/approve`, { as: admin })
    expect(again.status).toBe(422)
    expect(again.body.message).toBe('Pendaftaran ini sudah disetujui.')
    const reject = await call(t, 'POST', `/api/admin/company-registrations/${id}/reject`, {
      as: admin,
      body: { reason: 'Salah klik.' },
    })
    expect(reject.status).toBe(422)
    expect(await companiesNamed(t, form.name)).toBe(1)
    // The created company is no duplicate of its own request.
    const listed = await queue({ status: 'approved', search: form.contact_email })
    expect(listed.body.data[0]).toMatchObject({
      id,
      company: { id: company.id, name: form.name },
      account: { id: account!.id, email: form.contact_email },
      duplicates: { name: false, email: false },
    })
  })

  it('a form the contact sent twice: approving one closes the other as a duplicate, with no rejection e-mail', async () => {
    const first = await aConfirmedRegistration()
    // The same form again (a double click), confirmed; and once more, still waiting for its confirmation.
    const again = await register(t, first.form)
    expect(again.status).toBe(201)
    const confirmedAgain = await storedRegistration(t, { contactEmail: first.form.contact_email })
    const unconfirmedRes = await register(t, {
      ...first.form,
      contact_email: first.form.contact_email.toUpperCase(),
    })
    expect(unconfirmedRes.status).toBe(201)
    await t.db
      .update(companyRegistrations)
      .set({ status: 'pending' })
      .where(eq(companyRegistrations.id, confirmedAgain.id))
    const unconfirmed = await storedRegistration(t, { contactEmail: first.form.contact_email })
    expect(unconfirmed.status).toBe('unconfirmed')

    const res = await call(t, 'POST', `/api/admin/company-registrations/${first.id}/approve`, { as: admin })
    expect(res.status).toBe(200)
    const reason = `Permintaan ganda: pendaftaran #${first.id} dari narahubung yang sama sudah disetujui.`
    for (const id of [confirmedAgain.id, unconfirmed.id]) {
      const [row] = await t.db.select().from(companyRegistrations).where(eq(companyRegistrations.id, id))
      expect(row, String(id)).toMatchObject({ status: 'rejected', rejectReason: reason, decidedBy: admin.id })
    }
    // Before the fix the second request stayed pending, flagged as a duplicate of the company just made, and
    // could only be rejected, which e-mailed the new partner that its registration was refused.
    expect(idsOf(await queue({ status: 'pending' }))).not.toContain(confirmedAgain.id)

    // The contact then clicks the link of the request closed before it was confirmed: told it was closed, not
    // (as before) "E-mail ini sudah dikonfirmasi sebelumnya."
    const links = await eventually(async () => {
      const mails = smtp.received.filter(
        (m: ReceivedMail) =>
          m.to.includes(first.form.contact_email.toLowerCase()) && /Konfirmasi/.test(m.subject),
      )
      return mails.length >= 3 ? mails : null
    })
    const late = await call(t, 'POST', '/api/company-registrations/confirm', {
      body: { token: tokenIn(links[links.length - 1].text)! },
    })
    expect(late.status).toBe(409)
    expect(late.body.message).toMatch(/^Pendaftaran ini sudah ditutup tanpa dikonfirmasi/)
    const [closed] = await t.db
      .select()
      .from(companyRegistrations)
      .where(eq(companyRegistrations.id, unconfirmed.id))
    expect(closed).toMatchObject({ status: 'rejected', confirmedAt: null })
  })

  it('409 naming the existing company when the name is taken: no second company, no account', async () => {
    const existing = await aCompany(t, { name: `PT Terdaftar ${unique()}` })
    const { form, id } = await aConfirmedRegistration({ name: `  ${existing.name.toLowerCase()} ` })
    const res = await call(t, 'POST', `/api/admin/company-registrations/${id}/approve`, { as: admin })
    expect(res.status).toBe(409)
    expect(res.body.message).toContain(
      `Perusahaan "${existing.name}" (ID ${existing.id}) sudah terdaftar dengan nama yang sama.`,
    )
    expect(res.body.errors).toEqual({
      name: [`Perusahaan "${existing.name}" (ID ${existing.id}) sudah terdaftar dengan nama yang sama.`],
    })
    expect(await companiesNamed(t, existing.name)).toBe(1)
    const [account] = await t.db.select().from(users).where(eq(users.email, form.contact_email))
    expect(account).toBeUndefined()
    expect((await storedRegistration(t, { contactEmail: form.contact_email })).status).toBe('pending')
  })

  it("409 naming the account that already uses the contact's e-mail: no company created", async () => {
    const other = await aCompany(t, { name: `PT Lama ${unique()}` })
    const hrd = await anHrd(t, { companyId: other.id, values: { fullName: 'Sari Dewi' } })
    const { form, id } = await aConfirmedRegistration({ contact_email: hrd.email.toUpperCase() })
    const res = await call(t, 'POST', `/api/admin/company-registrations/${id}/approve`, {
      as: admin,
      headers: { 'accept-language': 'en' },
    })
    expect(res.status).toBe(409)
    expect(res.body.errors).toEqual({
      contact_email: [
        `The e-mail ${hrd.email} is already used by the HR account Sari Dewi (${other.name}) (ID ${hrd.id}).`,
      ],
    })
    expect(await companiesNamed(t, form.name)).toBe(0)
    const accounts = await t.db.select().from(users).where(sql`lower(${users.email}) = ${hrd.email}`)
    expect(accounts.map((a) => a.id)).toEqual([hrd.id])
  })

  it('409 when the e-mail is a partner company’s e-mail', async () => {
    const existing = await aCompany(t, { email: `hrd.${unique()}@mitra.test` })
    const { form, id } = await aConfirmedRegistration({ email: null, contact_email: existing.email })
    const res = await call(t, 'POST', `/api/admin/company-registrations/${id}/approve`, { as: admin })
    expect(res.status).toBe(409)
    expect(res.body.errors.contact_email).toEqual([
      `E-mail ${existing.email} sudah dipakai perusahaan "${existing.name}" (ID ${existing.id}).`,
    ])
    expect(await companiesNamed(t, form.name)).toBe(0)
  })

  it('all or nothing: when the account cannot be written, the company is not kept either', async () => {
    const { form, id } = await aConfirmedRegistration()
    await t.db.execute(
      sql.raw(`create function refuse_user() returns trigger language plpgsql as $$
        begin raise exception 'refused for the test'; end $$;
        create trigger refuse_user before insert on users for each row
        when (new.email = '${form.contact_email}') execute function refuse_user();`),
    )
    try {
      const res = await call(t, 'POST', `/api/admin/company-registrations/${id}/approve`, { as: admin })
      expect(res.status).toBe(500)
      expect(res.body).toMatchObject({ success: false, data: null })
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_user on users; drop function refuse_user();'))
    }
    expect(await companiesNamed(t, form.name)).toBe(0)
    const row = await storedRegistration(t, { contactEmail: form.contact_email })
    expect(row).toMatchObject({ status: 'pending', companyId: null, decidedBy: null })
    expect(await auditsOf(t, 'company_registration', id)).toEqual([
      expect.objectContaining({ action: 'confirm_email' }),
      expect.objectContaining({ action: 'submit' }),
    ])
    // Once the fault is gone the approval goes through.
    const res = await call(t, 'POST', `/api/admin/company-registrations/${id}/approve`, { as: admin })
    expect(res.status).toBe(200)
    expect(await companiesNamed(t, form.name)).toBe(1)
  })

  it('404 for an unknown id', async () => {
    const res = await call(t, 'POST', '/api/admin/company-registrations/999999/approve', { as: admin })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({
      success: false,
      message: 'Pendaftaran perusahaan tidak ditemukan.',
      data: null,
    })
  })
})

describe('POST /api/admin/company-registrations/:id/reject', () => {
  it('200: stored with the reason, audited, and the reason e-mailed to the contact', async () => {
    const { form, id } = await aConfirmedRegistration()
    const res = await call(t, 'POST', `/api/admin/company-registrations/${id}/reject`, {
      as: admin,
      body: { reason: '  Alamat perusahaan tidak dapat diverifikasi.  ' },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Pendaftaran ditolak. Alasannya dikirim ke e-mail narahubung.')
    expect(res.body.data).toMatchObject({
      id,
      status: 'rejected',
      rejectReason: 'Alamat perusahaan tidak dapat diverifikasi.',
      decidedBy: { id: admin.id },
      company: null,
      account: null,
      emailQueued: true,
    })
    expect(await storedRegistration(t, { contactEmail: form.contact_email })).toMatchObject({
      status: 'rejected',
      rejectReason: 'Alamat perusahaan tidak dapat diverifikasi.',
      decidedBy: admin.id,
      companyId: null,
      userId: null,
    })
    const mail = await mailTo(form.contact_email, /belum dapat disetujui/)
    expect(mail.subject).toBe(`Pendaftaran ${form.name} belum dapat disetujui`)
    expect(mail.text).toContain('Alamat perusahaan tidak dapat diverifikasi.')
    // What to do next refers to the reason above, whatever it is (not only missing data).
    expect(mail.text).toContain(
      'Anda dapat mendaftar kembali setelah memperbaiki hal di atas, atau menghubungi BKK sekolah.',
    )
    const [log] = await auditsOf(t, 'company_registration', id)
    expect(log).toMatchObject({ action: 'reject', actorId: admin.id })
    expect(JSON.parse(log.data!)).toEqual({ reason: 'Alamat perusahaan tidak dapat diverifikasi.' })
    expect(await companiesNamed(t, form.name)).toBe(0)

    const again = await call(t, 'POST', `/api/admin/company-registrations/${id}/reject`, {
      as: admin,
      body: { reason: 'Lagi.' },
    })
    expect(again.status).toBe(422)
    expect(again.body.message).toBe('Pendaftaran ini sudah ditolak.')
  })

  it('422 on reason when it is missing, blank or too long; the request stays pending', async () => {
    const { form, id } = await aConfirmedRegistration()
    const reject = (body: unknown) =>
      call(t, 'POST', `/api/admin/company-registrations/${id}/reject`, { as: admin, body })
    expect((await reject({})).body.errors).toEqual({ reason: ['wajib diisi'] })
    const blank = await reject({ reason: '   ' })
    expect(blank.status).toBe(422)
    expect(blank.body.errors).toEqual({ reason: ['wajib diisi'] })
    expect((await reject({ reason: 'x'.repeat(1001) })).body.errors).toEqual({
      reason: ['maksimal 1000 karakter'],
    })
    expect((await storedRegistration(t, { contactEmail: form.contact_email })).status).toBe('pending')
  })
})

describe('with e-mail off (no SMTP_URL)', () => {
  const off = useTestApp({ PUBLIC_URL: 'https://bkk.sekolah.test' })

  it('the request goes straight to the queue marked "e-mail not verified"; approval hands over the link', async () => {
    const staff = await anAdmin(off)
    const form = aForm()
    const res = await register(off, form)
    expect(res.status).toBe(201)
    expect(res.body.message).toBe(
      'Pendaftaran diterima dan diteruskan ke petugas BKK. Kami akan menghubungi Anda setelah diperiksa.',
    )
    expect(res.body.data).toEqual({
      status: 'pending',
      emailConfirmation: false,
      contactEmail: form.contact_email,
    })
    const row = await storedRegistration(off, { contactEmail: form.contact_email })
    expect(row).toMatchObject({ status: 'pending', confirmTokenHash: null, confirmedAt: null })

    const listed = await call(off, 'GET', '/api/admin/company-registrations', {
      as: staff,
      query: { status: 'pending' },
    })
    expect(listed.body.data).toEqual([expect.objectContaining({ id: row.id, emailConfirmed: false })])
    expect(listed.body.meta.counts).toEqual({ pending: 1, approved: 0, rejected: 0 })

    const approved = await call(off, 'POST', `/api/admin/company-registrations/${row.id}/approve`, {
      as: staff,
    })
    expect(approved.status).toBe(200)
    expect(approved.body.message).toBe(
      'Pendaftaran disetujui. E-mail tidak aktif: berikan tautan pembuatan kata sandi kepada narahubung.',
    )
    expect(approved.body.data.emailQueued).toBe(false)
    const link = new URL(approved.body.data.setPasswordLink.url)
    expect(`${link.origin}${link.pathname}`).toBe('https://bkk.sekolah.test/atur-kata-sandi')
    expect(link.searchParams.get('email')).toBe(form.contact_email)
    const [stored] = await off.db
      .select()
      .from(passwordLinks)
      .where(eq(passwordLinks.userId, approved.body.data.account.id))
    expect(stored).toMatchObject({
      purpose: 'setup',
      tokenHash: hashLinkSecret(link.searchParams.get('token')!),
    })
    expect(approved.body.data.setPasswordLink.expiresAt).toBe(stored.expiresAt.toISOString())
    expect((await off.db.select({ n: count() }).from(emailOutbox))[0].n).toBe(0)

    const rejected = await register(off, aForm())
    expect(rejected.status).toBe(201)
    const other = await storedRegistration(off, { contactEmail: rejected.body.data.contactEmail })
    const r = await call(off, 'POST', `/api/admin/company-registrations/${other.id}/reject`, {
      as: staff,
      body: { reason: 'Bukan perusahaan.' },
    })
    expect(r.body.message).toBe(
      'Pendaftaran ditolak. E-mail tidak aktif: sampaikan alasannya kepada narahubung.',
    )
    expect(r.body.data).toMatchObject({ emailQueued: false, setPasswordLink: null, status: 'rejected' })
  })
})
