/**
 * A school in Makassar (SCHOOL_TIME_ZONE=Asia/Makassar, WITA, UTC+08:00) whose HR officer's laptop is set
 * to New York: the times the web client shows and reads are the school's, not WIB and not the browser's.
 */
import { expect, it } from 'vitest'
import { describeInBrowser, login, pick } from './browser.js'
import { useJourney } from './journey-setup.js'

/** A day three weeks ahead, as the API writes dates. */
const ahead = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10)

describeInBrowser('web client: a school outside WIB', () => {
  const journey = useJourney({ env: { SCHOOL_TIME_ZONE: 'Asia/Makassar' }, timezoneId: 'America/New_York' })

  it('the page carries the school time zone, in every encoding and at /index.html, and is revalidated by its ETag', async () => {
    const meta = '<meta name="bursa-school-time-zone" content="Asia/Makassar" />'
    let etag = ''
    for (const [path, encoding] of [
      ['/lowongan', 'br'],
      ['/hrd/jadwal', 'gzip'],
      ['/index.html', 'identity'],
    ]) {
      const res = await fetch(`${journey.svc.url}${path}`, { headers: { 'accept-encoding': encoding } })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding)
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(await res.text()).toContain(meta)
      etag = res.headers.get('etag') ?? ''
    }
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await fetch(`${journey.svc.url}/lowongan`, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
  })

  it('hrd: a test typed for 09.30 is stored as 09.30 WITA and shown so', async () => {
    const { page, svc } = journey
    await login(page, svc.url, 'hrd@demo.test')
    const token = await page.evaluate(() => localStorage.getItem('access_token'))
    const api = async (path: string) =>
      (await fetch(`${svc.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()
    // A vacancy with applicants who passed the document review: they are who sit a test.
    const passed = await api('/api/hrd/applicant-reviews?status=in_progress')
    const vacancy: string = passed.data[0].vacancy.title

    await page.goto(`${svc.url}/hrd/jadwal/baru`)
    await page.getByText('Jam mulai (WITA)').waitFor()
    await pick(page, 'Lowongan', vacancy)
    await page.getByLabel('Nama agenda').fill('Tes WITA')
    const [y, m, d] = ahead.split('-')
    await page.getByLabel('Tanggal tes').fill(`${d}/${m}/${y}`)
    await page.getByLabel('Jam', { exact: true }).fill('09')
    await page.getByLabel('Menit', { exact: true }).fill('30')
    await page.keyboard.press('Escape')
    await page.getByLabel('Tempat').fill('Aula BKK')
    await page.getByRole('checkbox', { name: 'Pilih semua peserta' }).check()
    await page.getByRole('button', { name: 'Simpan jadwal' }).click()
    await page.waitForURL(/\/hrd\/jadwal\/\d+$/)
    await page.getByRole('heading', { name: 'Tes WITA' }).waitFor()
    await page.getByText('09.30 WITA').first().waitFor()

    const stored = await api(`/api/hrd/test-schedules/${page.url().split('/').pop()}`)
    expect(stored.data.scheduledAt).toBe(`${ahead}T01:30:00.000Z`)
  }, 90_000)
})
