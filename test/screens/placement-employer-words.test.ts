// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { OutsidePlacementForm, type PlacementRow } from '../../web/src/features/placements/outside-form'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, aStudent } from '../support/builders/accounts.js'
import { aCompany } from '../support/builders/org.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * Staff change a placement found outside bursa, recorded under "Perusahaan lain", and type the employer's
 * name, which turns out to be a partner company's. The service refuses it, and under "Nama perusahaan" the
 * form says so in the screen's words; it showed "PT … adalah perusahaan mitra: pilih di company_id", a request
 * field's name the screen has no field for (found by the forms audit).
 */
const t = useTestApp()
afterEach(cleanup)

describe('the outside placement form', () => {
  it("says in the screen's words that a partner company is picked under Perusahaan mitra", async () => {
    const admin = await anAdmin(t)
    const partner = await aCompany(t, { name: `PT Mitra Sejati ${Date.now()}` })
    const learner = await aStudent(t)
    const made = await call(t, 'POST', '/api/admin/job-placements', {
      as: admin,
      body: {
        student_id: learner.studentId,
        company_name: 'CV Usaha Lain',
        position: 'Operator',
        accepted_date: '2025-03-01',
      },
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const list = await call(t, 'GET', '/api/admin/job-placements', { as: admin })
    const row = (list.body.data as PlacementRow[]).find((p) => p.id === made.body.data.id) as PlacementRow

    signedInTo(t, admin.token)
    renderScreen(
      h(OutsidePlacementForm, { who: 'admin', editing: row, onClose() {}, onSaved() {} }),
      '/admin/penempatan',
      '/admin/penempatan',
    )
    const name = screen.getByLabelText(/Nama perusahaan/) as HTMLInputElement
    expect(name.value).toBe('CV Usaha Lain')
    fireEvent.change(name, { target: { value: partner.name } })
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }))
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'))
    const message = screen.getByText(/adalah perusahaan mitra/).textContent ?? ''
    expect(message).toContain('perusahaan mitra')
    expect(message).not.toMatch(/company_id|company_name/)
  })
})
