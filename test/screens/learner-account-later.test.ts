// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { students, users } from '../../src/db/schema/index.js'
import { StudentsPage } from '../../web/src/features/master-data/students-page'
import { useTestApp } from '../support/app.js'
import { anAdmin, aStudent, logIn } from '../support/builders/accounts.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * A student's record made without a sign-in account (the roster import, or "Buat akun" left off) could never get
 * one from the screens: the "Ubah" dialog hid the account's fields, and user management refuses a student
 * account without its record. The form also promised a password "dibuat otomatis" when left empty, which the
 * service refuses. Now the dialog of a record without an account offers it, with the first password it needs.
 */
const t = useTestApp()
afterEach(cleanup)

describe('the students screen, a record without a sign-in account', () => {
  it("its 'Ubah' dialog makes the account with the password given; a record with one does not offer it", async () => {
    const staff = await anAdmin(t)
    const record = await aStudent(t, {
      account: false,
      values: { fullName: `Rina Tanpa Akun ${process.pid}` },
    })
    const withAccount = await aStudent(t, { values: { fullName: `Rudi Punya Akun ${process.pid}` } })
    const email = `rina.${process.pid}@siswa.test`
    signedInTo(t, staff.token)
    renderScreen(h(StudentsPage), '/admin/siswa', `/admin/siswa?search=${process.pid}`)

    const rowOf = (name: RegExp) => waitFor(() => screen.getByRole('row', { name }), { timeout: 5_000 })
    fireEvent.click(within(await rowOf(/Rudi Punya Akun/)).getByRole('button', { name: /^Ubah / }))
    let dialog = await screen.findByRole('dialog')
    expect(within(dialog).queryByRole('switch', { name: 'Buat akun untuk masuk' })).toBeNull()
    expect(within(dialog).queryByLabelText(/^Kata sandi/)).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Batal' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    fireEvent.click(within(await rowOf(/Rina Tanpa Akun/)).getByRole('button', { name: /^Ubah / }))
    dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: email } })
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Buat akun untuk masuk' }))
    fireEvent.change(within(dialog).getByLabelText(/^Kata sandi awal akun \(wajib untuk membuat akun\)/), {
      target: { value: 'kopi-tubruk-77' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5_000 })

    const [stored] = await t.db.select().from(students).where(eq(students.id, record.studentId))
    expect(stored.userId).not.toBeNull()
    const [account] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, stored.userId as number))
    expect(account).toMatchObject({ email, role: 'siswa', isActive: true })
    expect((await logIn(t, email, 'kopi-tubruk-77')).status).toBe(200)
    // The other record's account is as it was.
    const [other] = await t.db.select().from(students).where(eq(students.id, withAccount.studentId))
    expect(other.userId).toBe(withAccount.id)
  })
})
