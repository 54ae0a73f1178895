// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AccountPage } from '../../web/src/features/auth/account-page'
import { SessionProvider } from '../../web/src/features/auth/session'
import { AlumniPage } from '../../web/src/features/master-data/alumni-page'
import { StudentsPage } from '../../web/src/features/master-data/students-page'
import { useTestApp } from '../support/app.js'
import { type Account, anAdmin, anAlumnus, anHrd, aStudent } from '../support/builders/accounts.js'
import { renderScreen, signedInAs, signedInTo } from '../support/screen.js'
import { auditsOf } from '../support/stored.js'

/**
 * Rina's mother asks the school what bursa keeps about her daughter (UU PDP). Rina herself presses "Unduh data saya"
 * on her account page and gets one JSON file of her own data; staff press "Unduh data" on her row in the students'
 * list (a dialog says the download is recorded) and get the same file, written to the trail.
 */
const t = useTestApp()

/** What the client handed the browser to save: the file's name and its text. */
let saved: { name: string; blob: Blob }[] = []
const realCreate = URL.createObjectURL
const realClick = HTMLAnchorElement.prototype.click
beforeEach(() => {
  saved = []
  let last: Blob | null = null
  URL.createObjectURL = (blob: Blob) => {
    last = blob
    return 'blob:unduhan'
  }
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    if (this.download && last) saved.push({ name: this.download, blob: last })
  }
})
afterEach(() => {
  cleanup()
  URL.createObjectURL = realCreate
  HTMLAnchorElement.prototype.click = realClick
})

const openAccount = async (account: Account) => {
  await signedInAs(t, account)
  renderScreen(h(SessionProvider, null, h(AccountPage)), '/akun', '/akun')
  await screen.findByText('Akun saya', {}, { timeout: 5_000 })
}

describe("the learner's account page", () => {
  it('"Unduh data saya" saves a JSON file of her own data', async () => {
    const rina = await aStudent(t, {
      values: { fullName: `Rina Anggraini ${process.pid}`, nisn: '0081234567' },
    })
    await aStudent(t, { values: { fullName: `Tono Lain ${process.pid}` } })
    await openAccount(rina)
    fireEvent.click(await screen.findByRole('button', { name: 'Unduh data saya' }))
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 5_000 })
    expect(saved[0].name).toMatch(/^data-saya-0081234567-\d{4}-\d{2}-\d{2}\.json$/)
    const text = await saved[0].blob.text()
    expect(JSON.parse(text).data.learner.fullName).toBe(`Rina Anggraini ${process.pid}`)
    expect(text).not.toContain('Tono Lain')
  })

  it('is offered to alumni too, and not to HR or staff (they have no learner data of their own)', async () => {
    await openAccount(await anAlumnus(t))
    expect(await screen.findByRole('button', { name: 'Unduh data saya' })).toBeTruthy()
    for (const other of [await anHrd(t), await anAdmin(t)]) {
      cleanup()
      await openAccount(other)
      expect(screen.queryByRole('button', { name: 'Unduh data saya' })).toBeNull()
    }
  })
})

describe("staff's students and alumni lists", () => {
  it('"Unduh data" on a row asks, then saves the learner\'s file and records the download', async () => {
    const staff = await anAdmin(t)
    const tag = `PDP${process.pid}`
    const rina = await aStudent(t, { values: { fullName: `Rina ${tag}`, nisn: '0087654321' } })
    signedInTo(t, staff.token)
    renderScreen(h(StudentsPage), '/admin/siswa', `/admin/siswa?search=${tag}`)
    const row = await waitFor(() => screen.getByRole('row', { name: new RegExp(`Rina ${tag}`) }), {
      timeout: 5_000,
    })
    fireEvent.click(within(row).getByRole('button', { name: `Unduh data Rina ${tag}` }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/Unduhan ini dicatat atas nama Anda/)).toBeTruthy()
    expect(saved).toEqual([])
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unduh' }))
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 5_000 })
    expect(saved[0].name).toMatch(/^data-pribadi-0087654321-\d{4}-\d{2}-\d{2}\.json$/)
    expect(JSON.parse(await saved[0].blob.text()).data.learner.fullName).toBe(`Rina ${tag}`)
    const [row0] = await auditsOf(t, 'student', rina.studentId)
    expect(row0).toMatchObject({ action: 'export_personal_data', actorId: staff.id })
  })

  it('the alumni list offers it on each row', async () => {
    const staff = await anAdmin(t)
    const tag = `PDA${process.pid}`
    await anAlumnus(t, { values: { fullName: `Sinta ${tag}` } })
    signedInTo(t, staff.token)
    renderScreen(h(AlumniPage), '/admin/alumni', `/admin/alumni?search=${tag}`)
    const row = await waitFor(() => screen.getByRole('row', { name: new RegExp(`Sinta ${tag}`) }), {
      timeout: 5_000,
    })
    expect(within(row).getByRole('button', { name: `Unduh data Sinta ${tag}` })).toBeTruthy()
  })
})
