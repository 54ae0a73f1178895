/**
 * The template editor (web/src/features/messages/template-edit-page.tsx) saved after a colleague changed the
 * wording (docs/api.md, "Changing a record someone else changed"): the editor sends the `updatedAt` it read in
 * `If-Match` (or `If-None-Match: *` when it read the default, which has none), and a save is refused with 412
 * instead of silently replacing the colleague's wording. Without either header the last save wins, as before.
 */
import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { messageTemplates } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { type Account, anAdmin } from '../support/builders/accounts.js'

const t = useTestApp()
const RECEIVED = '/api/admin/message-templates/application.received'
let admin: Account
let colleague: Account

beforeAll(async () => {
  admin = await anAdmin(t)
  colleague = await anAdmin(t)
})

// Templates are one set per school: every test starts from the defaults.
afterEach(async () => {
  await t.db.delete(messageTemplates)
})

const EDITED_ELSEWHERE = {
  success: false,
  code: 'edited_elsewhere',
  message:
    'Data ini sudah diubah orang lain sejak Anda membukanya, jadi perubahan Anda belum disimpan. Muat ulang untuk melihat data terbaru, lalu ulangi perubahan Anda.',
  data: null,
}

/** What the editor sends with a save of the template as it read it (template-edit-page.tsx). */
const readAt = (d: { updatedAt: string | null }): Record<string, string> =>
  d.updatedAt ? { 'if-match': `"${d.updatedAt}"` } : { 'if-none-match': '*' }

const stored = async () =>
  (await t.db.select().from(messageTemplates).where(eq(messageTemplates.key, 'application.received')))[0]

const open = async (as: Account) => {
  const res = await call(t, 'GET', RECEIVED, { as })
  expect(res.status).toBe(200)
  return res.body.data as { updatedAt: string | null; title: string; body: string }
}

const MINE = { title: 'Pelamar baru: {{lowongan}}', body: '{{nama_pelamar}} melamar {{lowongan}}.' }
const THEIRS = { title: 'Lamaran masuk: {{lowongan}}', body: 'Ada lamaran dari {{nama_pelamar}}.' }

describe('PUT /api/admin/message-templates/:key from an editor opened before a colleague’s save', () => {
  it("412 after a colleague reworded the school's copy: their wording stays", async () => {
    await call(t, 'PUT', RECEIVED, { as: admin, body: MINE })
    const read = await open(admin)
    const theirs = await call(t, 'PUT', RECEIVED, { as: colleague, headers: readAt(read), body: THEIRS })
    expect(theirs.status).toBe(200)
    const saved = await call(t, 'PUT', RECEIVED, {
      as: admin,
      headers: readAt(read),
      body: { ...MINE, body: `${MINE.body} Segera diperiksa.` },
    })
    expect(saved.status).toBe(412)
    expect(saved.body).toEqual(EDITED_ELSEWHERE)
    expect(await stored()).toMatchObject({ ...THEIRS, updatedBy: colleague.id })
  })

  it('412 for an editor that read the default after a colleague saved a wording (If-None-Match: *)', async () => {
    const read = await open(admin)
    expect(read.updatedAt).toBeNull()
    expect(
      (await call(t, 'PUT', RECEIVED, { as: colleague, headers: readAt(read), body: THEIRS })).status,
    ).toBe(200)
    const saved = await call(t, 'PUT', RECEIVED, { as: admin, headers: readAt(read), body: MINE })
    expect(saved.status).toBe(412)
    expect(saved.body).toEqual(EDITED_ELSEWHERE)
    expect(await stored()).toMatchObject({ ...THEIRS, updatedBy: colleague.id })
  })

  it('412 for an editor that read a wording a colleague reset to the default since: the default stays', async () => {
    await call(t, 'PUT', RECEIVED, { as: colleague, body: THEIRS })
    const read = await open(admin)
    expect((await call(t, 'DELETE', RECEIVED, { as: colleague })).status).toBe(200)
    const saved = await call(t, 'PUT', RECEIVED, { as: admin, headers: readAt(read), body: MINE })
    expect(saved.status).toBe(412)
    expect(await stored()).toBeUndefined()
  })

  it('200 with the version as it stands (a wording, or the default): stored', async () => {
    const fresh = await open(admin)
    const first = await call(t, 'PUT', RECEIVED, { as: admin, headers: readAt(fresh), body: THEIRS })
    expect(first.status).toBe(200)
    expect(first.body.data.updatedAt).toEqual(expect.any(String))
    // The editor goes on from what the save answered.
    const second = await call(t, 'PUT', RECEIVED, { as: admin, headers: readAt(first.body.data), body: MINE })
    expect(second.status).toBe(200)
    expect(second.body.data.updatedAt).not.toBe(first.body.data.updatedAt)
    expect(await stored()).toMatchObject({ ...MINE, updatedBy: admin.id })
  })

  it("without If-Match the last save wins (documented): the colleague's wording is replaced", async () => {
    const read = await open(admin)
    await call(t, 'PUT', RECEIVED, { as: colleague, headers: readAt(read), body: THEIRS })
    const saved = await call(t, 'PUT', RECEIVED, { as: admin, body: MINE })
    expect(saved.status).toBe(200)
    expect(await stored()).toMatchObject({ ...MINE, updatedBy: admin.id })
  })
})

describe('DELETE /api/admin/message-templates/:key ("Kembalikan ke teks bawaan") from an editor opened before a colleague’s save', () => {
  it("412: the colleague's wording is not thrown away; with the version as it stands the reset is made", async () => {
    await call(t, 'PUT', RECEIVED, { as: admin, body: MINE })
    const read = await open(admin)
    expect(
      (await call(t, 'PUT', RECEIVED, { as: colleague, headers: readAt(read), body: THEIRS })).status,
    ).toBe(200)
    const reset = await call(t, 'DELETE', RECEIVED, { as: admin, headers: readAt(read) })
    expect(reset.status).toBe(412)
    expect(reset.body).toEqual(EDITED_ELSEWHERE)
    expect(await stored()).toMatchObject(THEIRS)
    const fresh = await open(admin)
    const again = await call(t, 'DELETE', RECEIVED, { as: admin, headers: readAt(fresh) })
    expect(again.status).toBe(200)
    expect(await stored()).toBeUndefined()
  })

  it('412 for an editor that read the default (If-None-Match: *) once a colleague saved a wording', async () => {
    const read = await open(admin)
    expect(
      (await call(t, 'PUT', RECEIVED, { as: colleague, headers: readAt(read), body: THEIRS })).status,
    ).toBe(200)
    const reset = await call(t, 'DELETE', RECEIVED, { as: admin, headers: readAt(read) })
    expect(reset.status).toBe(412)
    expect(await stored()).toMatchObject(THEIRS)
  })
})
