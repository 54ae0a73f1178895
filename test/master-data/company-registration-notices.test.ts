import { desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { companyRegistrations } from '../../src/db/schema/index.js'
import { call, type TestContext, useTestApp } from '../support/app.js'
import {
  type Account,
  anAdmin,
  anHrd,
  aStudent,
  aSuperadmin,
  deactivateAccount,
} from '../support/builders/accounts.js'
import { aRegistrationForm } from '../support/builders/org.js'
import { eventually, type ReceivedMail, useSmtp } from '../support/smtp.js'
import { notificationsOf } from '../support/stored.js'

/**
 * A company registration that enters the staff queue (`GET /api/admin/company-registrations`, status
 * `pending`) is told at once to every active admin and superadmin in-app (`registration.pending`): when the
 * contact confirms the e-mail, or when the form is sent while e-mail is off (no confirmation, straight to the
 * queue). Before, nobody was told: staff learnt of a registration only by opening the queue.
 */
const env: Record<string, string> = { PUBLIC_URL: 'https://bkk.sekolah.test' }
const smtp = useSmtp(env)
const t = useTestApp(env)

let admin: Account
let superadmin: Account
let retired: Account
let hr: Account
let learner: Account
beforeAll(async () => {
  admin = await anAdmin(t, { fullName: 'Bu Sari' })
  superadmin = await aSuperadmin(t)
  retired = await anAdmin(t)
  await deactivateAccount(t, retired.id)
  hr = await anHrd(t)
  learner = await aStudent(t)
})

let lastIp = 0
const register = (ctx: TestContext, body: unknown) =>
  call(ctx, 'POST', '/api/company-registrations', { body, remoteAddress: `198.51.100.${++lastIp}` })

const latestOf = async (ctx: TestContext, contactEmail: string) =>
  (
    await ctx.db
      .select()
      .from(companyRegistrations)
      .where(eq(companyRegistrations.contactEmail, contactEmail.toLowerCase()))
      .orderBy(desc(companyRegistrations.id))
  )[0]

const tokenIn = (text: string) => /konfirmasi\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1]

/** The confirmation links the contact got, oldest first, once there are `n`. */
const linksTo = (to: string, n: number) =>
  eventually(async () => {
    const mails = smtp.received.filter(
      (m: ReceivedMail) => m.to.includes(to.toLowerCase()) && /Konfirmasi/.test(m.subject),
    )
    return mails.length >= n ? mails.map((m) => tokenIn(m.text)!) : null
  })

const confirm = (token: string) => call(t, 'POST', '/api/company-registrations/confirm', { body: { token } })

/** The notices of `userId` about registration `id`. */
const toldOf = async (ctx: TestContext, userId: number, id: number) =>
  (await notificationsOf(ctx, userId)).filter((n) => n.data.registrationId === id)

describe('a registration entering the staff queue', () => {
  it('the contact confirms the e-mail: every active admin and superadmin is told once, naming the company', async () => {
    const form = aRegistrationForm({ name: 'PT Sinar Abadi Logam', contact_name: 'Rina Hartati' })
    expect((await register(t, form)).status).toBe(201)
    const sent = await latestOf(t, form.contact_email)
    // Waiting for the contact's confirmation, it is not in the queue: nobody is told yet.
    for (const who of [admin, superadmin]) expect(await toldOf(t, who.id, sent.id)).toEqual([])

    const [token] = await linksTo(form.contact_email, 1)
    expect((await confirm(token)).status).toBe(200)

    const [notice, ...more] = await toldOf(t, admin.id, sent.id)
    expect(more).toEqual([])
    expect(notice).toMatchObject({
      kind: 'registration.pending',
      title: 'Pendaftaran perusahaan baru: PT Sinar Abadi Logam',
      body:
        'PT Sinar Abadi Logam mendaftar sebagai perusahaan mitra (narahubung: Rina Hartati). ' +
        'Pendaftaran menunggu pemeriksaan petugas BKK.',
      data: { registrationId: sent.id },
      readAt: null,
    })
    expect((await toldOf(t, superadmin.id, sent.id)).map((n) => n.kind)).toEqual(['registration.pending'])
    // Not a switched-off staff account, not HR, not a learner.
    for (const who of [retired, hr, learner]) expect(await toldOf(t, who.id, sent.id)).toEqual([])

    // What the notice is about is in the staff queue.
    const queue = await call(t, 'GET', '/api/admin/company-registrations', {
      as: admin,
      query: { status: 'pending', search: form.contact_email },
    })
    expect(queue.body.data.map((r: { id: number }) => r.id)).toEqual([sent.id])

    // The link clicked again: already confirmed, nothing new in the queue, nobody told again.
    expect((await confirm(token)).body.data.alreadyConfirmed).toBe(true)
    expect(await toldOf(t, admin.id, sent.id)).toHaveLength(1)
    expect(await toldOf(t, superadmin.id, sent.id)).toHaveLength(1)
  })

  it('the same contact again while a request of theirs waits: not told again; once none waits, told', async () => {
    const form = aRegistrationForm()
    await register(t, form)
    const first = await latestOf(t, form.contact_email)
    await confirm((await linksTo(form.contact_email, 1))[0])
    expect(await toldOf(t, admin.id, first.id)).toHaveLength(1)

    // The form sent again (a double click, or impatience) and confirmed: a second row of the same contact,
    // which approving the first closes as a duplicate. Staff were already pointed at this contact.
    await register(t, form)
    const again = await latestOf(t, form.contact_email)
    await confirm((await linksTo(form.contact_email, 2))[1])
    expect(again.id).not.toBe(first.id)
    expect((await latestOf(t, form.contact_email)).status).toBe('pending')
    expect(await toldOf(t, admin.id, again.id)).toEqual([])
    expect(await toldOf(t, superadmin.id, again.id)).toEqual([])

    // Staff reject both; the contact registers once more: that request is new to the queue, and told.
    for (const id of [first.id, again.id]) {
      const res = await call(t, 'POST', `/api/admin/company-registrations/${id}/reject`, {
        as: admin,
        body: { reason: 'Alamat perusahaan tidak dapat kami verifikasi.' },
      })
      expect(res.status).toBe(200)
    }
    await register(t, form)
    const third = await latestOf(t, form.contact_email)
    await confirm((await linksTo(form.contact_email, 3))[2])
    expect((await toldOf(t, admin.id, third.id)).map((n) => n.kind)).toEqual(['registration.pending'])
  })

  it('the wording is the school’s when it edited the message template', async () => {
    const saved = await call(t, 'PUT', '/api/admin/message-templates/registration.pending', {
      as: admin,
      headers: { 'if-none-match': '*' },
      body: { title: 'Calon mitra: {{perusahaan}}', body: 'Halo {{nama}}, {{narahubung}} menunggu.' },
    })
    expect(saved.status).toBe(200)
    const form = aRegistrationForm({ name: 'PT Kata Sekolah', contact_name: 'Budi Santoso' })
    await register(t, form)
    const sent = await latestOf(t, form.contact_email)
    await confirm((await linksTo(form.contact_email, 1))[0])
    const [notice] = await toldOf(t, admin.id, sent.id)
    expect(notice).toMatchObject({
      title: 'Calon mitra: PT Kata Sekolah',
      body: 'Halo Bu Sari, Budi Santoso menunggu.',
    })
  })
})

describe('with e-mail off (no SMTP_URL)', () => {
  const off = useTestApp({ PUBLIC_URL: 'https://bkk.sekolah.test' })

  it('the form goes straight to the queue: staff are told at once, HR and learners are not', async () => {
    const staff = await anAdmin(off)
    const boss = await aSuperadmin(off)
    const gone = await anAdmin(off)
    await deactivateAccount(off, gone.id)
    const someHr = await anHrd(off)
    const form = aRegistrationForm({ name: 'PT Tanpa Surel' })
    const res = await register(off, form)
    expect(res.body.data.status).toBe('pending')
    const sent = await latestOf(off, form.contact_email)

    for (const who of [staff, boss]) {
      const told = await toldOf(off, who.id, sent.id)
      expect(told.map((n) => [n.kind, n.title, n.data])).toEqual([
        ['registration.pending', 'Pendaftaran perusahaan baru: PT Tanpa Surel', { registrationId: sent.id }],
      ])
    }
    for (const who of [gone, someHr]) expect(await toldOf(off, who.id, sent.id)).toEqual([])

    // The same form again while the first waits: a second row, no second notice.
    await register(off, form)
    const again = await latestOf(off, form.contact_email)
    expect(again.id).not.toBe(sent.id)
    expect(await toldOf(off, staff.id, again.id)).toEqual([])
  })
})
