// @vitest-environment happy-dom
import { Notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { Fragment, createElement as h } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { jobVacancies } from '../../src/db/schema/index.js'
import { ScheduleFormPage } from '../../web/src/features/schedules/form-page'
import { AdminVacancyFormPage } from '../../web/src/features/vacancies/hrd-form-page'
import { call, useTestApp } from '../support/app.js'
import { anAdmin, anHrd } from '../support/builders/accounts.js'
import { aScheduleMadeByHr } from '../support/builders/schedules.js'
import { anHrdWithVacancy, candidates } from '../support/builders/selection.js'
import { dayFromToday } from '../support/builders/vacancies.js'
import { renderScreen, signedInTo } from '../support/screen.js'
import { participantsOf, storedSchedule } from '../support/stored.js'

/**
 * HR's and staff's edit forms saved after a colleague changed the record. Before, the schedule form sent every
 * field it was filled with (the test went back to the old room when a participant was added), and the vacancy
 * form put back the deadline and quota HR had just changed. Now the save is refused with the reason, nothing
 * is stored, and the form takes the record as it is now with the user's own change kept in it; saved again,
 * the change lands on top of the colleague's.
 */
const t = useTestApp()
afterEach(cleanup)

const REFUSED = /sudah diubah orang lain sejak formulir dibuka, jadi belum disimpan/
const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement

/** The page with the app's toasts, as main.tsx mounts them. */
const withToasts = (page: () => ReturnType<typeof h>) => h(Fragment, null, h(Notifications), h(page))

describe("the test schedule form (/hrd/jadwal/:id/ubah) opened before a colleague's change", () => {
  it('adding a participant is refused after the test was moved, the form shows Ruang 2; saved again, both stand', async () => {
    const { hrd, company, vacancy } = await anHrdWithVacancy(t, { vacancyTitle: 'Teknisi' })
    const colleague = await anHrd(t, { companyId: company.id })
    const [a, b] = await candidates(t, vacancy.id, 2)
    const id = await aScheduleMadeByHr(t, hrd, vacancy.id, [a.application.id])
    const nameOf = (c: typeof b) => new RegExp(`\\(NIS ${c.learner.student.nis}\\)`)

    signedInTo(t, colleague.token)
    renderScreen(withToasts(ScheduleFormPage), '/hrd/jadwal/:id/ubah', `/hrd/jadwal/${id}/ubah`)
    await waitFor(() => expect(field(/^Tempat/).value).toBe('Ruang 1'), { timeout: 5_000 })
    const other = await screen.findByRole('checkbox', { name: nameOf(b) }, { timeout: 5_000 })

    // HR moves the test to Ruang 2 meanwhile.
    const moved = await call(t, 'PUT', `/api/hrd/test-schedules/${id}`, {
      as: hrd,
      body: { location: 'Ruang 2' },
    })
    expect(moved.status).toBe(200)

    fireEvent.click(other)
    fireEvent.click(screen.getByRole('button', { name: 'Simpan jadwal' }))
    await waitFor(() => expect(screen.getByText(REFUSED)).toBeTruthy(), { timeout: 5_000 })
    expect((await storedSchedule(t, id)).location).toBe('Ruang 2')
    expect((await participantsOf(t, id)).map((p) => p.applicationId)).toEqual([a.application.id])
    // Filled again from the test as it is now (Ruang 2), the participant the user added still ticked.
    await waitFor(() => expect(field(/^Tempat/).value).toBe('Ruang 2'), { timeout: 5_000 })
    expect((screen.getByRole('checkbox', { name: nameOf(b) }) as HTMLInputElement).checked).toBe(true)

    fireEvent.click(screen.getByRole('button', { name: 'Simpan jadwal' }))
    await waitFor(
      async () =>
        expect((await participantsOf(t, id)).map((p) => p.applicationId).sort()).toEqual(
          [a.application.id, b.application.id].sort(),
        ),
      { timeout: 5_000 },
    )
    expect((await storedSchedule(t, id)).location).toBe('Ruang 2')
  })
})

describe("staff's vacancy form (/admin/lowongan/:id/ubah) opened before HR changed the vacancy", () => {
  it('a title fix is refused after HR extended the deadline; the form shows the new quota; saved again, both stand', async () => {
    const admin = await anAdmin(t)
    const { hrd, vacancy } = await anHrdWithVacancy(t, {
      values: { deadline: await dayFromToday(t, 3), quota: 2 },
    })
    signedInTo(t, admin.token)
    renderScreen(
      withToasts(AdminVacancyFormPage),
      '/admin/lowongan/:id/ubah',
      `/admin/lowongan/${vacancy.id}/ubah`,
    )
    await waitFor(() => expect(field(/^Judul/).value).toBe(vacancy.title), { timeout: 5_000 })
    await waitFor(() => expect(field(/^Kuota/).value).toBe('2'))

    // HR extends the deadline and opens more places meanwhile.
    const d = (await call(t, 'GET', `/api/hrd/job-vacancies/${vacancy.id}`, { as: hrd })).body.data
    const later = await dayFromToday(t, 31)
    const hr = await call(t, 'PUT', `/api/hrd/job-vacancies/${vacancy.id}`, {
      as: hrd,
      body: {
        title: d.title,
        position: d.position,
        description: d.description,
        qualifications: d.qualifications,
        category: d.category,
        job_type: d.jobType,
        quota: 6,
        deadline: later,
        target: d.target,
        major_ids: d.majors.map((m: { id: number }) => m.id),
      },
    })
    expect(hr.status).toBe(200)

    const fixed = `${vacancy.title} (Shift Pagi)`
    fireEvent.change(field(/^Judul/), { target: { value: fixed } })
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }))
    await waitFor(() => expect(screen.getByText(REFUSED)).toBeTruthy(), { timeout: 5_000 })
    const stored = async () =>
      (await t.db.select().from(jobVacancies).where(eq(jobVacancies.id, vacancy.id)))[0]
    expect(await stored()).toMatchObject({ title: vacancy.title, deadline: later, quota: 6 })
    // Filled again from the vacancy as it is now, with the title fix kept.
    await waitFor(() => expect(field(/^Kuota/).value).toBe('6'), { timeout: 5_000 })
    expect(field(/^Judul/).value).toBe(fixed)

    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }))
    await waitFor(async () => expect((await stored()).title).toBe(fixed), { timeout: 5_000 })
    expect(await stored()).toMatchObject({ deadline: later, quota: 6 })
  })
})
