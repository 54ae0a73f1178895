import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { apiAs, describeInBrowser, login } from './browser.js'
import { useJourney } from './journey-setup.js'
import type { RunningService } from './server.js'

interface Participant {
  applicationId: number
  applicant: { fullName: string }
}

describeInBrowser('web client: HR changes a test that has not begun', () => {
  let svc: RunningService
  let page: Page

  const journey = useJourney()
  beforeAll(() => {
    ;({ svc, page } = journey)
  })

  /** An answer of the API with the token of whoever is signed in on the page. */
  const api = async (path: string) => (await apiAs(page, svc.url, path)).body
  /** The demo's upcoming test of HR's company (the interns' psikotes) and its participants. */
  const upcoming = async () => {
    const list = await api('/api/hrd/test-schedules?status=scheduled')
    expect(list.data).toHaveLength(1)
    const id = list.data[0].id as number
    const schedule = (await api(`/api/hrd/test-schedules/${id}`)).data
    const participants: Participant[] = (await api(`/api/hrd/test-schedules/${id}/participants?per_page=100`))
      .data
    return { id, schedule, participants, names: participants.map((p) => p.applicant.fullName).sort() }
  }
  /** The day `days` ahead on the school's clock (WIB), as the API writes it and as the date field takes it. */
  const dayAhead = (days: number) => {
    const iso = new Date(Date.now() + days * 86_400_000 + 7 * 3_600_000).toISOString().slice(0, 10)
    const [y, m, d] = iso.split('-')
    return { iso, typed: `${d}/${m}/${y}` }
  }
  const participantBox = (name: string) =>
    page.getByRole('group', { name: /Peserta/ }).getByRole('checkbox', { name: new RegExp(name) })
  const openForm = async (id: number) => {
    await page.goto(`${svc.url}/hrd/jadwal/${id}`)
    await page.getByRole('link', { name: 'Ubah jadwal' }).click()
    await page.waitForURL(new RegExp(`/hrd/jadwal/${id}/ubah$`))
  }

  it('hrd: "Ubah jadwal" opens the form filled in; a new time and place and a participant removed are stored and shown', async () => {
    await login(page, svc.url, 'hrd@demo.test')
    const before = await upcoming()
    expect(before.participants.length).toBeGreaterThanOrEqual(2)
    const leaving = before.participants[before.participants.length - 1]

    await openForm(before.id)
    await expect.poll(() => page.getByLabel('Nama agenda').inputValue()).toBe(before.schedule.name)
    expect(await page.getByLabel('Tempat').inputValue()).toBe(before.schedule.location)
    expect(await page.getByLabel('Durasi (menit)').inputValue()).toBe(String(before.schedule.durationMinutes))
    // The vacancy is the test's; it cannot be swapped.
    expect(
      await page
        .getByLabel(/^Lowongan/)
        .first()
        .isDisabled(),
    ).toBe(true)
    // Every participant is ticked.
    for (const p of before.participants)
      await expect.poll(() => participantBox(p.applicant.fullName).isChecked()).toBe(true)

    const day = dayAhead(20)
    await page.getByLabel('Tanggal tes').fill(day.typed)
    await page.keyboard.press('Escape')
    await page.getByLabel('Jam', { exact: true }).fill('10')
    await page.getByLabel('Menit', { exact: true }).fill('15')
    await page.keyboard.press('Escape')
    await page.getByLabel('Tempat').fill('Aula BKK lantai 3')
    await participantBox(leaving.applicant.fullName).uncheck()
    await page.getByRole('button', { name: 'Simpan jadwal' }).click()

    await page.waitForURL(new RegExp(`/hrd/jadwal/${before.id}$`))
    await page.getByText('Jadwal tes diperbarui.').first().waitFor()
    const after = await upcoming()
    expect({
      at: after.schedule.scheduledAt,
      location: after.schedule.location,
      name: after.schedule.name,
      count: after.schedule.participantCount,
      names: after.names,
    }).toEqual({
      at: new Date(`${day.iso}T10:15:00+07:00`).toISOString(),
      location: 'Aula BKK lantai 3',
      name: before.schedule.name,
      count: before.participants.length - 1,
      names: before.names.filter((n) => n !== leaving.applicant.fullName),
    })
    // The test's page reads the new time and place, and lists the participant no more.
    const head = page.getByText(/Aula BKK lantai 3/).first()
    await head.waitFor()
    expect(await head.innerText()).toContain('10.15 WIB')
    await page.getByRole('row').filter({ hasText: after.participants[0].applicant.fullName }).waitFor()
    expect(await page.getByRole('row').filter({ hasText: leaving.applicant.fullName }).count()).toBe(0)
  }, 120_000)

  it('hrd: an applicant who passed the document review is added back to the test', async () => {
    const before = await upcoming()
    const passed = await api(
      `/api/hrd/applicant-reviews?status=in_progress&job_vacancy_id=${before.schedule.vacancy.id}&per_page=100`,
    )
    const outside = passed.data.find(
      (a: { id: number }) => !before.participants.some((p) => p.applicationId === a.id),
    ) as { id: number; applicant: { fullName: string } }
    expect(outside).toBeTruthy()

    await openForm(before.id)
    await expect.poll(() => participantBox(outside.applicant.fullName).isChecked()).toBe(false)
    await participantBox(outside.applicant.fullName).check()
    await page.getByRole('button', { name: 'Simpan jadwal' }).click()
    await page.waitForURL(new RegExp(`/hrd/jadwal/${before.id}$`))
    await page.getByText('Jadwal tes diperbarui.').first().waitFor()

    const after = await upcoming()
    expect({ at: after.schedule.scheduledAt, location: after.schedule.location, names: after.names }).toEqual(
      {
        at: before.schedule.scheduledAt,
        location: before.schedule.location,
        names: [...before.names, outside.applicant.fullName].sort(),
      },
    )
    await page.getByRole('row').filter({ hasText: outside.applicant.fullName }).waitFor()
  }, 90_000)

  it('hrd: a time in the past is refused under the date, and nothing is stored', async () => {
    const before = await upcoming()
    await openForm(before.id)
    await expect.poll(() => page.getByLabel('Nama agenda').inputValue()).toBe(before.schedule.name)
    await page.getByLabel('Tanggal tes').fill(dayAhead(-2).typed)
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Simpan jadwal' }).click()
    await page.getByText('harus berupa waktu yang akan datang').first().waitFor()
    expect(page.url()).toMatch(/\/ubah$/)
    expect((await upcoming()).schedule.scheduledAt).toBe(before.schedule.scheduledAt)
  }, 60_000)

  it('hrd: a test that has begun offers no "Ubah jadwal"; one that began while its form was open is refused with the reason', async () => {
    const done = await api('/api/hrd/test-schedules?status=done')
    expect(done.data.length).toBeGreaterThan(0)
    await page.goto(`${svc.url}/hrd/jadwal/${done.data[0].id}`)
    await page.getByRole('heading', { name: done.data[0].name }).waitFor()
    await page.getByRole('heading', { name: 'Peserta', exact: true }).waitFor()
    expect(await page.getByRole('link', { name: 'Ubah jadwal' }).count()).toBe(0)

    // The upcoming test's form is open when its time comes (its start set a minute ago, as no screen can).
    const before = await upcoming()
    await openForm(before.id)
    await expect.poll(() => page.getByLabel('Nama agenda').inputValue()).toBe(before.schedule.name)
    await svc.query(`update test_schedules set scheduled_at = now() - interval '1 minute' where id = $1`, [
      before.id,
    ])
    await page.getByLabel('Tempat').fill('Ruang lain')
    await page.getByRole('button', { name: 'Simpan jadwal' }).click()
    await page
      .getByText('Jadwal tes ini sudah berlangsung sehingga tidak dapat diubah atau dibatalkan.')
      .first()
      .waitFor()
    expect(page.url()).toMatch(/\/ubah$/)
    const stored = (await api(`/api/hrd/test-schedules/${before.id}`)).data
    expect(stored.location).toBe(before.schedule.location)
    // Its page offers no change any more.
    await page.goto(`${svc.url}/hrd/jadwal/${before.id}`)
    await page.getByRole('heading', { name: before.schedule.name }).waitFor()
    await page.getByRole('heading', { name: 'Peserta', exact: true }).waitFor()
    expect(await page.getByRole('link', { name: 'Ubah jadwal' }).count()).toBe(0)
  }, 90_000)
})
