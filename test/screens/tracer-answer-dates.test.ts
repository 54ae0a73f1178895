// @vitest-environment happy-dom

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { tracerStudies } from '../../src/db/schema/index.js'
import { TracerStudyPage } from '../../web/src/features/tracer-study/form-page'
import { useTestApp } from '../support/app.js'
import { anAlumnus } from '../support/builders/accounts.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * The service refuses a start date before the graduation year allows and a waiting period the start date
 * contradicts; the alumna's form shows each message under the field it is about (the 422's `errors` keys are
 * the form's field names), not only as the general "Data yang dikirim tidak valid.".
 */
const t = useTestApp()
afterEach(cleanup)

/** An answer saved before the dates were checked against each other (a 2024 graduate, the builder's). */
async function anOldAnswer(values: { startDate: string; waitingPeriodMonths: number }) {
  const alumna = await anAlumnus(t)
  await t.db.insert(tracerStudies).values({
    studentId: alumna.studentId,
    version: 1,
    careerStatus: 'bekerja',
    institutionName: 'PT Astra Honda Motor',
    jobTitle: 'Operator Produksi',
    sector: 'Otomotif',
    city: 'Kabupaten Bekasi',
    province: 'Jawa Barat',
    startingSalary: 5_000_000,
    jobFit: 'sesuai',
    ...values,
  })
  signedInTo(t, alumna.token)
  renderScreen(h(TracerStudyPage), '/tracer-study', '/tracer-study')
  await screen.findByText('Tersimpan (versi 1)')
}

/** The message shown under the field labelled `label`, once the field reads as invalid. */
async function messageUnder(label: RegExp) {
  const input = screen.getAllByLabelText(label).find((e) => e.tagName === 'INPUT') as HTMLInputElement
  await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'), { timeout: 5_000 })
  const wrapper = input.closest('.mantine-InputWrapper-root') as HTMLElement
  return wrapper.querySelector('.mantine-InputWrapper-error')?.textContent
}

describe('the tracer form after the service refuses its dates', () => {
  it('shows the waiting period that fits the start date under "Masa tunggu"', async () => {
    await anOldAnswer({ startDate: '2024-10-01', waitingPeriodMonths: 30 })
    fireEvent.click(screen.getByRole('button', { name: 'Simpan perubahan' }))
    expect(await messageUnder(/^Masa tunggu/)).toBe(
      'terlalu lama untuk tanggal mulai: sejak lulus (2024-06-30) sampai mulai 2024-10-01 sekitar 3 bulan, jadi masa tunggu paling lama 5 bulan',
    )
  })

  it('shows the earliest start it takes under "Mulai bekerja"', async () => {
    await anOldAnswer({ startDate: '1950-01-01', waitingPeriodMonths: 3 })
    fireEvent.click(screen.getByRole('button', { name: 'Simpan perubahan' }))
    expect(await messageUnder(/^Mulai bekerja/)).toBe(
      'tidak boleh sebelum 2020-01-01 (paling awal 4 tahun sebelum tahun lulus 2024); periksa tahunnya',
    )
  })
})
