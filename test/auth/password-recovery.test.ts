import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox, passwordLinks, users } from '../../src/db/schema/index.js'
import { EXPIRED } from '../../src/jobs/outbox.js'
import { issuePasswordLink } from '../../src/modules/auth/password-links.js'
import { call, type TestContext, useTestApp } from '../support/app.js'
import {
  type Account,
  anAccount,
  anAdmin,
  anHrd,
  aStudent,
  aSuperadmin,
  logIn,
  PASSWORD,
} from '../support/builders/accounts.js'
import { eventually, type ReceivedMail, useSmtp } from '../support/smtp.js'
import { auditsOf, storedUser, tokenCount } from '../support/stored.js'

const env: Record<string, string> = {
  SMTP_FROM: 'BKK SMK <bkk@smk.test>',
  PUBLIC_URL: 'https://bkk.smk.test',
  PASSWORD_RESET_MAX_PER_HOUR: '4',
}
const smtp = useSmtp(env)
/** E-mail set up (a real SMTP server on loopback). */
const t = useTestApp(env)
/** No SMTP_URL: e-mail is off. */
const off = useTestApp({ PUBLIC_URL: 'https://bkk.smk.test', PASSWORD_RESET_MAX_PER_HOUR: '4' })

const NEW_PASSWORD = 'Kopi-Tubruk-Senja-77'
const SENT_MESSAGE =
  'Jika e-mail tersebut terdaftar pada akun yang aktif, kami telah mengirim tautan untuk mengatur ulang kata sandi. Tautan berlaku 60 menit; periksa juga folder spam.'
const BAD_LINK = {
  success: false,
  message: 'Tautan tidak valid, sudah dipakai, atau sudah kedaluwarsa. Minta tautan baru.',
  data: null,
  errors: { token: ['tidak valid, sudah dipakai, atau sudah kedaluwarsa'] },
}

/** Every test asks from its own address, so the per-address limits of one do not touch another. */
let lastAddress = 0
const anAddress = () => `198.51.100.${++lastAddress}`

const forgot = (ctx: TestContext, email: string, from = anAddress()) =>
  call(ctx, 'POST', '/api/forgot-password', { body: { email }, remoteAddress: from })

const reset = (
  ctx: TestContext,
  body: { email: string; token: string; password?: string; password_confirmation?: string },
  from = anAddress(),
) =>
  call(ctx, 'POST', '/api/reset-password', {
    body: { password: NEW_PASSWORD, password_confirmation: body.password ?? NEW_PASSWORD, ...body },
    remoteAddress: from,
  })

const check = (ctx: TestContext, body: { email: string; token: string }, from = anAddress()) =>
  call(ctx, 'POST', '/api/reset-password/check', { body, remoteAddress: from })

const mailTo = (email: string) => eventually(async () => smtp.received.find((m) => m.to.includes(email)))

/** The link in an e-mail: its address, and the e-mail and token it carries. */
function linkIn(mail: ReceivedMail) {
  const url = mail.text.match(/https:\/\/bkk\.smk\.test\/atur-kata-sandi\?\S+/)?.[0]
  expect(url, mail.text).toBeTruthy()
  const params = new URL(url as string).searchParams
  return { url: url as string, email: params.get('email') ?? '', token: params.get('token') ?? '' }
}

const linksOf = (ctx: TestContext, userId: number) =>
  ctx.db.select().from(passwordLinks).where(eq(passwordLinks.userId, userId)).orderBy(passwordLinks.id)

/** A link issued straight in the database, as the feature that sends it would. */
async function aLink(ctx: TestContext, account: Account, purpose: 'reset' | 'setup' = 'reset') {
  const issued = await ctx.db.transaction((tx) =>
    issuePasswordLink(tx, {
      userId: account.id,
      email: account.email,
      purpose,
      createdBy: null,
      publicUrl: ctx.config.publicUrl,
    }),
  )
  return { email: account.email, token: issued.token, url: issued.url }
}

describe('POST /api/forgot-password', () => {
  it('answers the same 200 for an unknown, an inactive and an active e-mail; only the active account gets the e-mail', async () => {
    const active = await aStudent(t)
    const inactive = await anAccount(t, 'alumni', { isActive: false })
    const unknown = `tidak.ada.${Date.now()}@smk.test`

    const answers = [
      await forgot(t, active.email),
      await forgot(t, inactive.email),
      await forgot(t, unknown),
      await forgot(t, active.email.toUpperCase()),
    ]
    for (const res of answers) {
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ success: true, message: SENT_MESSAGE, data: null })
    }
    expect(new Set(answers.map((a) => a.raw)).size).toBe(1)

    const mail = await mailTo(active.email)
    expect(mail.from).toBe('bkk@smk.test')
    expect(mail.subject).toBe('Atur ulang kata sandi akun BKK Anda')
    const [{ fullName }] = await t.db.select().from(users).where(eq(users.id, active.id))
    expect(mail.text).toContain(`Yth. ${fullName},`)
    expect(mail.text).toContain('dalam 60 menit')
    const link = linkIn(mail)
    expect(link.email).toBe(active.email)
    expect(link.url.startsWith('https://bkk.smk.test/atur-kata-sandi?email=')).toBe(true)

    // The second request (upper case) replaced the first link: one usable link, valid for an hour.
    const links = await linksOf(t, active.id)
    expect(links).toHaveLength(2)
    expect(links[0].usedAt).not.toBeNull()
    expect(links[1]).toMatchObject({ purpose: 'reset', usedAt: null, createdBy: null })
    const minutes = (links[1].expiresAt.getTime() - links[1].createdAt.getTime()) / 60_000
    expect(minutes).toBeCloseTo(60, 1)
    // Only the hash of the secret is stored.
    expect(links.map((l) => l.tokenHash)).not.toContain(link.token)
    expect(await linksOf(t, inactive.id)).toEqual([])
    await new Promise((r) => setTimeout(r, 500))
    expect(smtp.received.filter((m) => m.to.includes(inactive.email) || m.to.includes(unknown))).toEqual([])
  })

  it('422 for something that is not an e-mail address (whoever asks)', async () => {
    const res = await forgot(t, 'bukan-email')
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ email: ['harus berupa alamat e-mail yang valid'] })
  })

  it('the e-mailed link works once: it sets the password, ends every session and clears a pending change', async () => {
    const student = await aStudent(t)
    await t.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, student.id))
    const second = await logIn(t, student.email, PASSWORD)
    expect(await tokenCount(t, student.id)).toBe(2)

    await forgot(t, student.email)
    const link = linkIn(await mailTo(student.email))
    // The secret is in the mailbox only: the sent e-mail's row keeps no body, the link's row a hash.
    const [outbox] = await eventually(async () => {
      const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, student.email))
      return rows[0]?.sentAt ? rows : null
    })
    expect(outbox).toMatchObject({ subject: expect.stringContaining('kata sandi'), text: '' })
    expect(JSON.stringify(await linksOf(t, student.id))).not.toContain(link.token)

    const checked = await check(t, link)
    expect(checked.status).toBe(200)
    expect(checked.body.data).toEqual({
      purpose: 'reset',
      email: student.email,
      expiresAt: expect.any(String),
    })

    const res = await reset(t, link)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      success: true,
      message: 'Kata sandi disimpan. Silakan masuk dengan kata sandi baru.',
      data: { email: student.email, purpose: 'reset' },
    })

    const stored = await storedUser(t, student.id)
    expect(stored.mustChangePassword).toBe(false)
    expect(await tokenCount(t, student.id)).toBe(0)
    expect((await call(t, 'GET', '/api/me', { as: student })).status).toBe(401)
    expect(
      (await call(t, 'GET', '/api/me', { as: { authorization: `Bearer ${second.body.data.token}` } })).status,
    ).toBe(401)
    expect((await logIn(t, student.email, PASSWORD)).status).toBe(401)
    const again = await logIn(t, student.email, NEW_PASSWORD)
    expect(again.status).toBe(200)
    expect(again.body.data.user.mustChangePassword).toBe(false)
    const [audit] = await auditsOf(t, 'user', student.id)
    expect(audit).toMatchObject({ actorId: student.id, action: 'set_password_by_link' })

    // Used up: a second use and a check are refused, and the password stays the new one.
    const reused = await reset(t, { ...link, password: 'Teh-Manis-Hangat-42' })
    expect(reused.status).toBe(422)
    expect(reused.body).toEqual(BAD_LINK)
    expect((await check(t, link)).status).toBe(422)
    expect((await storedUser(t, student.id)).passwordHash).toBe(stored.passwordHash)
    expect((await logIn(t, student.email, NEW_PASSWORD)).status).toBe(200)
  })

  it('an account gets at most 5 e-mails an hour, whichever addresses ask; the answer stays the same', async () => {
    const admin = await anAdmin(t)
    for (let i = 0; i < 7; i++) {
      const res = await forgot(t, admin.email)
      expect(res.body).toEqual({ success: true, message: SENT_MESSAGE, data: null })
    }
    expect(await linksOf(t, admin.id)).toHaveLength(5)
    // Five e-mails queued, each link voiding the one before: an e-mail not yet sent when the next was asked is
    // given up (its link dead), and the newest, the one link that works, is sent.
    const rows = await eventually(async () => {
      const queued = await t.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.userId, admin.id))
        .orderBy(emailOutbox.id)
      return queued.length === 5 && queued.every((r) => r.sentAt || r.lastError === EXPIRED) ? queued : null
    })
    expect(rows.at(-1)?.sentAt).not.toBeNull()
    const received = smtp.received.filter((m) => m.to.includes(admin.email))
    expect(received.length).toBe(rows.filter((r) => r.sentAt).length)
    expect(received.length).toBeLessThanOrEqual(5)
  })

  it('429 with Retry-After once an address asked PASSWORD_RESET_MAX_PER_HOUR times; another address is not held', async () => {
    const from = anAddress()
    for (let i = 0; i < 4; i++) expect((await forgot(t, `orang${i}@smk.test`, from)).status).toBe(200)
    const refused = await forgot(t, 'orang9@smk.test', from)
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ success: false, data: null })
    expect(refused.body.message).toMatch(
      /^Terlalu banyak permintaan atur ulang kata sandi dari alamat ini\. Coba lagi dalam \d+ menit\.$/,
    )
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(3500)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    expect((await forgot(t, 'orang9@smk.test')).status).toBe(200)
  })

  it('without e-mail nothing is issued, and the same answer tells every caller to ask the career center', async () => {
    const student = await aStudent(off)
    const known = await forgot(off, student.email)
    const unknown = await forgot(off, 'siapa.saja@smk.test')
    expect(known.status).toBe(200)
    expect(known.body).toEqual({
      success: true,
      message:
        'Sekolah ini belum mengaktifkan pengiriman e-mail, jadi tautan tidak dapat dikirim. Mintalah tautan atur ulang kata sandi kepada admin BKK sekolah.',
      data: null,
    })
    expect(unknown.raw).toBe(known.raw)
    expect(await linksOf(off, student.id)).toEqual([])
  })
})

describe('POST /api/reset-password', () => {
  it('422 for a wrong token, another e-mail, or an expired link; the password and the sessions stay', async () => {
    const hrd = await anHrd(t)
    const other = await aStudent(t)
    const before = await storedUser(t, hrd.id)
    const link = await aLink(t, hrd)

    for (const attempt of [
      { email: hrd.email, token: `${link.token.slice(0, -2)}xx` },
      { email: hrd.email, token: 'x' },
      { email: other.email, token: link.token },
      { email: 'siapa@smk.test', token: link.token },
    ]) {
      const res = await reset(t, attempt)
      expect(res.status, JSON.stringify(attempt)).toBe(422)
      expect(res.body).toEqual(BAD_LINK)
    }

    // Expired an hour ago (the database's clock decides).
    await t.db
      .update(passwordLinks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(and(eq(passwordLinks.userId, hrd.id)))
    expect((await check(t, link)).body).toEqual(BAD_LINK)
    expect((await reset(t, link)).body).toEqual(BAD_LINK)

    const after = await storedUser(t, hrd.id)
    expect(after.passwordHash).toBe(before.passwordHash)
    expect(await tokenCount(t, hrd.id)).toBe(1)
    expect((await call(t, 'GET', '/api/me', { as: hrd })).status).toBe(200)
    expect((await logIn(t, hrd.email, NEW_PASSWORD)).status).toBe(401)
  })

  it('a newer link replaces the older one', async () => {
    const student = await aStudent(t)
    const first = await aLink(t, student)
    const second = await aLink(t, student)
    expect((await reset(t, first)).body).toEqual(BAD_LINK)
    expect((await reset(t, second)).status).toBe(200)
  })

  it('a weak password or a different confirmation is 422 at its field, and the link still works after', async () => {
    const student = await aStudent(t)
    const link = await aLink(t, student)
    const weak = await reset(t, { ...link, password: 'password123', password_confirmation: 'password123' })
    expect(weak.status).toBe(422)
    expect(weak.body.errors).toEqual({
      password: ['terlalu umum dan mudah ditebak; pilih kata sandi lain'],
    })
    const mine = await reset(t, { ...link, password: student.email, password_confirmation: student.email })
    expect(mine.body.errors).toEqual({ password: ['tidak boleh memuat e-mail atau nama pemilik akun'] })
    const different = await reset(t, { ...link, password_confirmation: 'Kopi-Tubruk-Senja-78' })
    expect(different.status).toBe(422)
    expect(different.body.errors).toEqual({ password_confirmation: ['tidak sama dengan kata sandi baru'] })
    const english = await call(t, 'POST', '/api/reset-password', {
      body: { ...link, password: 'short', password_confirmation: 'short' },
      headers: { 'accept-language': 'en' },
      remoteAddress: anAddress(),
    })
    expect(english.body.errors).toEqual({ password: ['must be 8 to 200 characters long'] })
    expect((await check(t, link)).status).toBe(200)
    expect((await reset(t, link)).status).toBe(200)
    expect((await logIn(t, student.email, NEW_PASSWORD)).status).toBe(200)
  })

  it("takes a new account's setup link the same way, and says it is one", async () => {
    const hrd = await anHrd(t)
    const link = await aLink(t, hrd, 'setup')
    expect(link.url).toBe(
      `https://bkk.smk.test/atur-kata-sandi?${new URLSearchParams({ email: hrd.email, token: link.token })}`,
    )
    expect((await check(t, link)).body.data).toMatchObject({ purpose: 'setup', email: hrd.email })
    const res = await reset(t, link)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ email: hrd.email, purpose: 'setup' })
    expect((await logIn(t, hrd.email, NEW_PASSWORD)).status).toBe(200)
  })

  it('429 once an address tried PASSWORD_RESET_MAX_PER_HOUR wrong links, even with the right one; another address is not held', async () => {
    const student = await aStudent(t)
    const link = await aLink(t, student)
    const from = anAddress()
    for (let i = 0; i < 4; i++)
      expect((await reset(t, { email: student.email, token: `salah${i}` }, from)).status).toBe(422)
    const refused = await reset(t, link, from)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect((await check(t, link, from)).status).toBe(429)
    expect((await logIn(t, student.email, NEW_PASSWORD)).status).toBe(401)
    expect((await reset(t, link)).status).toBe(200)
  })

  it('a weak password does not count as a wrong link', async () => {
    const student = await aStudent(t)
    const link = await aLink(t, student)
    const from = anAddress()
    for (let i = 0; i < 6; i++)
      expect((await reset(t, { ...link, password: 'pendek' }, from)).status).toBe(422)
    expect((await reset(t, link, from)).status).toBe(200)
  })
})

describe('POST /api/admin/users/:id/password-reset', () => {
  const send = (ctx: TestContext, as: Account, id: number) =>
    call(ctx, 'POST', `/api/admin/users/${id}/password-reset`, { as })

  it('with e-mail set up: the admin sends a learner the link by e-mail; the answer holds no link', async () => {
    const admin = await anAdmin(t)
    const student = await aStudent(t)
    const res = await send(t, admin, student.id)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      success: true,
      message: `Tautan atur ulang kata sandi dikirim ke ${student.email}.`,
      data: { emailed: true, email: student.email, link: null, expiresAt: expect.any(String), minutes: 60 },
    })
    const [row] = await linksOf(t, student.id)
    expect(row).toMatchObject({ purpose: 'reset', createdBy: admin.id, usedAt: null })
    const [audit] = await auditsOf(t, 'user', student.id)
    expect(audit).toMatchObject({ actorId: admin.id, action: 'send_password_link' })

    const link = linkIn(await mailTo(student.email))
    expect((await reset(t, link)).status).toBe(200)
    expect((await logIn(t, student.email, NEW_PASSWORD)).status).toBe(200)
  })

  it('without e-mail: the answer holds the link to hand over in person, and it works', async () => {
    const superadmin = await aSuperadmin(off)
    const hrd = await anHrd(off)
    const res = await send(off, superadmin, hrd.id)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(
      'E-mail belum dikonfigurasi, jadi tautan tidak dikirim: serahkan tautan ini langsung kepada pemilik akun.',
    )
    expect(res.body.data).toMatchObject({ emailed: false, email: hrd.email, minutes: 60 })
    const url = new URL(res.body.data.link)
    expect(`${url.origin}${url.pathname}`).toBe('https://bkk.smk.test/atur-kata-sandi')
    const link = { email: url.searchParams.get('email') ?? '', token: url.searchParams.get('token') ?? '' }
    expect(link.email).toBe(hrd.email)
    // The admin-sent link does not force a change afterwards.
    expect((await reset(off, link)).status).toBe(200)
    const login = await logIn(off, hrd.email, NEW_PASSWORD)
    expect(login.status).toBe(200)
    expect(login.body.data.user.mustChangePassword).toBe(false)
  })

  it("an admin may not send one for an administrator's account (403), a superadmin may", async () => {
    const admin = await anAdmin(off)
    const superadmin = await aSuperadmin(off)
    const otherAdmin = await anAdmin(off)
    const refused = await send(off, admin, otherAdmin.id)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(
      'Hanya superadmin yang dapat mengirim tautan atur ulang kata sandi untuk akun admin.',
    )
    expect((await send(off, admin, superadmin.id)).status).toBe(403)
    expect(await linksOf(off, otherAdmin.id)).toEqual([])
    expect((await send(off, superadmin, otherAdmin.id)).status).toBe(200)
    expect((await send(off, admin, (await anHrd(off)).id)).status).toBe(200)
  })

  it('422 for an inactive account, 404 for an unknown one; nothing issued', async () => {
    const admin = await anAdmin(off)
    const inactive = await anAccount(off, 'siswa', { isActive: false })
    const res = await send(off, admin, inactive.id)
    expect(res.status).toBe(422)
    expect(res.body.message).toBe(
      'Akun ini nonaktif. Aktifkan akunnya dulu sebelum mengirim tautan atur ulang kata sandi.',
    )
    expect(await linksOf(off, inactive.id)).toEqual([])
    expect((await send(off, admin, 2_147_483_000)).status).toBe(404)
  })
})
