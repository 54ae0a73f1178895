// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { RosterImportPage } from '../../web/src/features/imports/roster-import-page'
import { useTestApp } from '../support/app.js'
import { type Account, anAdmin } from '../support/builders/accounts.js'
import { aMajor } from '../support/builders/org.js'
import { csvText, uploadRoster } from '../support/roster.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * An admin opens "Impor siswa", reads the columns the page says it reads and writes their sheet's header row
 * exactly so. The import must take that header row: every name the page shows as a column (in a code tag) is
 * one the service reads. The page once named the gender column `JK (L/P)`, which the service refused
 * ("kolom wajib tidak ada: JK"): it knows `JK`, `Jenis Kelamin` or `L/P`.
 */
const t = useTestApp()
afterEach(cleanup)
let admin: Account
beforeAll(async () => {
  admin = await anAdmin(t)
  await aMajor(t, { code: 'TKJ', name: 'Teknik Komputer dan Jaringan' })
})

describe('the roster import page', () => {
  it('names columns the import reads', async () => {
    signedInTo(t, admin.token)
    renderScreen(h(RosterImportPage), '/admin/impor', '/admin/impor')
    await waitFor(() => expect(screen.getByText(/Kolom yang dibaca/)).toBeTruthy())
    const named = [...document.querySelectorAll('code')].map((c) => c.textContent ?? '')
    expect(named).toContain('JK')
    // The header row as the page names its columns, and one student.
    const values: Record<string, string> = {
      NISN: '0071234567',
      NIS: '24250001',
      Nama: 'Budi Santoso',
      JK: 'L',
      'Tempat Lahir': 'Bandung',
      'Tanggal Lahir': '15/08/2008',
      Rombel: 'XII TKJ 1',
      Jurusan: 'TKJ',
      Email: '',
      'No HP': '',
    }
    const file = Buffer.from(csvText([named, named.map((c) => values[c] ?? '')]))
    const res = await uploadRoster(t, file, { as: admin, dryRun: true })
    expect(res.body.errors?.file, JSON.stringify(res.body)).toBeUndefined()
    expect(res.status).toBe(200)
    // No column the page names is one the import ignores.
    expect(res.body.data.unknownColumns).toEqual([])
    expect(res.body.data.totals.error, JSON.stringify(res.body.data.rows)).toBe(0)
  })
})
