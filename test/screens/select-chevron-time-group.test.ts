// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ScheduleFormPage } from '../../web/src/features/schedules/form-page'
import { useTestApp } from '../support/app.js'
import { anHrdWithVacancy } from '../support/builders/selection.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * What a screen reader met on HR's new test schedule (found by an accessibility audit): beside every select an
 * unnamed image (Mantine's chevron, an <svg>), and for the start time two fields read as "Jam" and "Menit", with
 * nothing saying which time they set. The chevrons are hidden from it everywhere (the app's theme), and the
 * time's two fields are a group named by the field's label.
 */
const t = useTestApp()
afterEach(cleanup)

describe('the test schedule form (/hrd/jadwal/baru), read by a screen reader', () => {
  it('no select has an unnamed image beside it: each chevron is hidden from assistive technology', async () => {
    const { hrd } = await anHrdWithVacancy(t)
    signedInTo(t, hrd.token)
    renderScreen(h(ScheduleFormPage), '/hrd/jadwal/baru', '/hrd/jadwal/baru')
    const chevrons = await waitFor(
      () => {
        const found = [...document.querySelectorAll('svg[data-combobox-chevron]')]
        // "Lowongan" and "Jenis tes" at least.
        expect(found.length).toBeGreaterThanOrEqual(2)
        return found
      },
      { timeout: 5_000 },
    )
    // Before: no aria-hidden, so "image" with no name after each select.
    for (const svg of chevrons) expect(svg.getAttribute('aria-hidden')).toBe('true')
  })

  it('the start time\'s "Jam" and "Menit" are one group named "Jam mulai (…)"', async () => {
    const { hrd } = await anHrdWithVacancy(t)
    signedInTo(t, hrd.token)
    renderScreen(h(ScheduleFormPage), '/hrd/jadwal/baru', '/hrd/jadwal/baru')
    // Before: no group; the fields said only "Jam" and "Menit".
    const group = await screen.findByRole('group', { name: /^Jam mulai \(.+\)/ }, { timeout: 5_000 })
    expect(within(group).getByLabelText('Jam')).toBeTruthy()
    expect(within(group).getByLabelText('Menit')).toBeTruthy()
  })
})
