// @vitest-environment happy-dom
import { Notifications, notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { Fragment, createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { messageTemplates, placements, selectionResults } from '../../src/db/schema/index.js'
import { MessageTemplateEditPage } from '../../web/src/features/messages/template-edit-page'
import { FollowUpDialog } from '../../web/src/features/placements/follow-up-dialog'
import { OutsidePlacementForm, type PlacementRow } from '../../web/src/features/placements/outside-form'
import { type ResultRow, ScoreModal } from '../../web/src/features/selection/score-modal'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd } from '../support/builders/accounts.js'
import {
  aCandidate,
  anHrdWithVacancy,
  aPlacement,
  publishResults,
  recordOutsidePlacement,
} from '../support/builders/selection.js'
import { answerUploads, renderScreen, signedInTo } from '../support/screen.js'

/**
 * Forms saved after someone else changed their record. HR's "Data penempatan" (the follow-up dialog) sent the
 * status it was filled with, putting back the "resigned" a follow-up had recorded meanwhile; the score dialog
 * turned a published waiting-list result back into a draft; the template editor replaced a colleague's wording. Now the save is refused with the reason, nothing is stored, and the form is
 * filled again with the record as it is now; saved again, the change lands on top of the other one.
 */
const t = useTestApp()
afterEach(() => {
  cleanup()
  // A toast of one test is not shown by the next.
  notifications.clean()
})

const REFUSED = /sudah diubah orang lain sejak Anda membukanya/
/** Said in a form filled again after its save was refused, with the user's changes kept. */
const REBASED = /Belum disimpan.*Formulir kini memuat data terbaru, dengan perubahan Anda tetap di dalamnya/

/** The screen with the app's toasts, as main.tsx mounts them. */
const withToasts = (screenEl: ReturnType<typeof h>) => h(Fragment, null, h(Notifications), screenEl)

describe("HR's follow-up dialog opened before staff recorded that the person quit", () => {
  it("notes saved from the stale form are refused; the form shows 'Mengundurkan diri' with the notes kept; saved again, both stand", async () => {
    const admin = await anAdmin(t)
    const { company, hrd, vacancy } = await anHrdWithVacancy(t)
    const { placement } = await aPlacement(t, {
      companyId: company.id,
      vacancyId: vacancy.id,
      values: { acceptedAt: '2025-01-15', startDate: '2025-02-01', status: 'active' },
    })
    const list = await call(t, 'GET', '/api/hrd/job-placements', { as: hrd })
    const row = (list.body.data as PlacementRow[]).find((p) => p.id === placement.id) as PlacementRow
    const stored = async () =>
      (await t.db.select().from(placements).where(eq(placements.id, placement.id)))[0]

    signedInTo(t, hrd.token)
    renderScreen(
      withToasts(h(FollowUpDialog, { who: 'hrd', row, onClose() {}, onSaved() {} })),
      '/hrd/penempatan',
      '/hrd/penempatan',
    )
    const form = () => within(screen.getByRole('form', { name: 'Data penempatan' }))
    const status = () => form().getByLabelText(/^Status/) as HTMLInputElement
    const notes = () => form().getByLabelText(/^Catatan/) as HTMLTextAreaElement
    await waitFor(() => expect(status().value).toBe('Aktif bekerja'), { timeout: 5_000 })

    // Staff record the 3-month follow-up meanwhile: the alumnus quit.
    const quit = await call(t, 'POST', `/api/admin/job-placements/${placement.id}/check-ins`, {
      as: admin,
      body: { month_mark: 3, status: 'resigned', notes: 'Pindah kota.' },
    })
    expect(quit.status).toBe(200)

    fireEvent.change(notes(), { target: { value: 'Mulai Senin.' } })
    fireEvent.click(form().getByRole('button', { name: 'Simpan data penempatan' }))
    await waitFor(() => expect(form().getByRole('alert').textContent).toMatch(REBASED), { timeout: 5_000 })
    expect(await stored()).toMatchObject({ status: 'resigned', notes: null })
    // Filled again from the placement as it is now, with the notes written here kept.
    expect(status().value).toBe('Mengundurkan diri')
    expect(notes().value).toBe('Mulai Senin.')

    fireEvent.click(form().getByRole('button', { name: 'Simpan data penempatan' }))
    await waitFor(async () => expect((await stored()).notes).toBe('Mulai Senin.'), { timeout: 5_000 })
    // The status was not touched, so it was not sent: the follow-up's news stands.
    expect(await stored()).toMatchObject({ status: 'resigned', startDate: '2025-02-01', statusSetAt: null })
  })
})

describe("staff's outside placement form opened before a colleague set the start date", () => {
  it("the new position is refused; the form shows the colleague's start date with the position kept; saved again, both stand", async () => {
    const admin = await anAdmin(t)
    const colleague = await anAdmin(t)
    const { alumnus, placement } = await recordOutsidePlacement(t, admin, { accepted_date: '2025-01-15' })
    const row = placement as PlacementRow
    const stored = async () => (await t.db.select().from(placements).where(eq(placements.id, row.id)))[0]

    signedInTo(t, admin.token)
    renderScreen(
      withToasts(h(OutsidePlacementForm, { who: 'admin', editing: row, onClose() {}, onSaved() {} })),
      '/admin/penempatan',
      '/admin/penempatan',
    )
    const position = () => screen.getByLabelText(/^Posisi/) as HTMLInputElement
    const start = () => screen.getByLabelText(/^Mulai bekerja/) as HTMLInputElement
    await waitFor(() => expect(position().value).toBe('Teknisi servis'))

    const set = await call(t, 'PUT', `/api/admin/job-placements/${row.id}`, {
      as: colleague,
      body: {
        alumni_id: alumnus.studentId,
        company_name: 'Toko Elektronik Maju Jaya',
        position: 'Teknisi servis',
        accepted_date: '2025-01-15',
        start_date: '2025-02-03',
      },
    })
    expect(set.status).toBe(200)

    fireEvent.change(position(), { target: { value: 'Teknisi servis AC' } })
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(REBASED), { timeout: 5_000 })
    expect(await stored()).toMatchObject({ position: 'Teknisi servis', startDate: '2025-02-03' })
    expect(position().value).toBe('Teknisi servis AC')
    expect(start().value).not.toBe('')

    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }))
    await waitFor(async () => expect((await stored()).position).toBe('Teknisi servis AC'), { timeout: 5_000 })
    expect(await stored()).toMatchObject({
      startDate: '2025-02-03',
      companyName: 'Toko Elektronik Maju Jaya',
    })
  })
})

describe('the template editor opened before a colleague reworded the message', () => {
  it("a save is refused; the form shows the colleague's wording, the text written is offered back; saved again, it lands", async () => {
    const admin = await anAdmin(t)
    const colleague = await anAdmin(t)
    const theirs = { title: 'Lamaran masuk: {{lowongan}}', body: 'Ada lamaran dari {{nama_pelamar}}.' }
    const mine = 'Pelamar {{nama_pelamar}} menunggu seleksi berkas {{lowongan}}.'
    const stored = async () =>
      (await t.db.select().from(messageTemplates).where(eq(messageTemplates.key, 'application.received')))[0]

    signedInTo(t, admin.token)
    renderScreen(
      withToasts(h(MessageTemplateEditPage)),
      '/admin/template-pesan/:key',
      '/admin/template-pesan/application.received',
    )
    const title = () => screen.getByLabelText(/^Judul/) as HTMLInputElement
    const body = () => screen.getByLabelText(/^Isi pesan/) as HTMLTextAreaElement
    await waitFor(() => expect(title().value).toBe('Lamaran baru: {{lowongan}}'), { timeout: 5_000 })

    const saved = await call(t, 'PUT', '/api/admin/message-templates/application.received', {
      as: colleague,
      body: theirs,
    })
    expect(saved.status).toBe(200)

    fireEvent.change(body(), { target: { value: mine } })
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }))
    await waitFor(() => expect(screen.getByText(REFUSED)).toBeTruthy(), { timeout: 5_000 })
    expect(await stored()).toMatchObject({ ...theirs, updatedBy: colleague.id })
    // Filled again with the wording as it is now; the text written here is offered back.
    await waitFor(() => expect(title().value).toBe(theirs.title), { timeout: 5_000 })
    expect(body().value).toBe(theirs.body)
    expect(screen.getByText('Teks Anda belum disimpan')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Pakai teks saya' }))
    await waitFor(() => expect(body().value).toBe(mine))
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }))
    await waitFor(async () => expect((await stored())?.body).toBe(mine), { timeout: 5_000 })
    expect(await stored()).toMatchObject({ title: 'Lamaran baru: {{lowongan}}', updatedBy: admin.id })
  })
})

describe('the score dialog opened before a colleague published the result', () => {
  it('entering the MCU score is refused: the waiting list the applicant was told of stands; the dialog shows it with the score kept, and saves on top of it', async () => {
    const { hrd, company, vacancy } = await anHrdWithVacancy(t)
    const colleague = await anHrd(t, { companyId: company.id })
    const appId = (await aCandidate(t, vacancy.id, { reviewed: true })).application.id
    const rowNow = async () => {
      const list = await call(t, 'GET', '/api/hrd/selection-results', {
        as: colleague,
        query: { job_vacancy_id: vacancy.id },
      })
      return (list.body.data as ResultRow[]).find((r) => r.applicationId === appId) as ResultRow
    }
    const stored = async () =>
      (await t.db.select().from(selectionResults).where(eq(selectionResults.applicationId, appId)))[0]
    const row = await rowNow()
    expect(row.updatedAt).toBeNull()
    const sent = answerUploads(t)
    let reread = 0

    signedInTo(t, colleague.token)
    const open = (r: ResultRow) =>
      renderScreen(
        withToasts(
          h(ScoreModal, {
            row: r,
            onClose() {},
            onSaved() {},
            onStale() {
              reread += 1
            },
          }),
        ),
        '/hrd/hasil-seleksi',
        '/hrd/hasil-seleksi',
      )
    open(row)
    const mcu = () => screen.getByLabelText(/^MCU/) as HTMLInputElement

    // HR scores, decides "cadangan" and publishes meanwhile.
    await call(t, 'POST', `/api/hrd/selection-results/${appId}`, {
      as: hrd,
      body: { final_score: 85, decision: 'cadangan' },
    })
    expect((await publishResults(t, hrd, vacancy.id)).status).toBe(200)

    fireEvent.change(mcu(), { target: { value: '90' } })
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(REBASED), { timeout: 5_000 })
    expect(sent.at(-1)).toMatchObject({ 'if-none-match': '*' })
    expect(reread).toBe(1)
    expect(await stored()).toMatchObject({
      decision: 'cadangan',
      finalScore: 85,
      mcuScore: null,
      isPublished: true,
    })
    // The dialog shows the published result, with the MCU score typed here kept.
    expect((screen.getByLabelText(/^Nilai akhir/) as HTMLInputElement).value).toBe('85')
    expect(screen.getAllByLabelText(/^Keputusan/).map((e) => (e as HTMLInputElement).value)).toContain(
      'Cadangan',
    )
    expect(mcu().value).toBe('90')

    // Saved again: on top of the published result, with its version (a change makes it a draft again).
    const now = await rowNow()
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }))
    await waitFor(async () => expect((await stored()).mcuScore).toBe(90), { timeout: 5_000 })
    expect(sent.at(-1)).toMatchObject({ 'if-match': `"${now.updatedAt}"` })
    expect(await stored()).toMatchObject({ decision: 'cadangan', finalScore: 85, isPublished: false })
  })
})
