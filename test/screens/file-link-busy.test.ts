// @vitest-environment happy-dom
import { Notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { Fragment, createElement as h } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FileLink } from '../../web/src/components/file-link'
import { mount } from '../support/screen.js'

/**
 * HR opening an applicant's CV on a phone's slow connection (found in an audit of HR's week on a 390 px phone): for
 * the seconds the file took to come nothing on the screen changed, so HR tapped again, and the CV came twice (twice
 * the data, two copies in Downloads). While it downloads the link now says so (a loader, `aria-busy`) and a
 * further tap starts nothing; once it is done, or has failed (the failure still said), the link is as before.
 */
const FILE = {
  title: 'CV Andi Pratama',
  originalName: 'cv-andi.pdf',
  downloadUrl: '/api/files/7/download',
  size: 48_213,
}

/** The answers the client asked for, each held until the test lets it come. */
let asked: { url: string; answer: (res: Response) => void }[] = []
let saved: string[] = []
const realFetch = globalThis.fetch
const realCreate = URL.createObjectURL
const realClick = HTMLAnchorElement.prototype.click
beforeEach(() => {
  asked = []
  saved = []
  globalThis.fetch = ((input: RequestInfo | URL) =>
    new Promise<Response>((answer) => asked.push({ url: String(input), answer }))) as typeof fetch
  URL.createObjectURL = () => 'blob:unduhan'
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    if (this.download) saved.push(this.download)
  }
})
afterEach(() => {
  cleanup()
  globalThis.fetch = realFetch
  URL.createObjectURL = realCreate
  HTMLAnchorElement.prototype.click = realClick
})

const link = () => screen.getByRole('button', { name: `Unduh ${FILE.title}` })
const pdf = () =>
  new Response('%PDF-1.4\n%%EOF\n', {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="cv-andi.pdf"',
    },
  })

describe('a stored file opened from its link, on a slow connection', () => {
  it('says it is coming while it downloads, takes one tap only, and is as before once it came', async () => {
    mount(h(FileLink, { file: FILE }))
    fireEvent.click(link())
    await waitFor(() => expect(link().getAttribute('aria-busy')).toBe('true'))
    expect(link().querySelector('.mantine-Loader-root')).not.toBeNull()
    expect(link().textContent).toContain('mengunduh')

    // The second tap, while the file is still on its way.
    fireEvent.click(link())
    await new Promise((r) => setTimeout(r, 50))
    expect(asked.map((a) => a.url)).toEqual([FILE.downloadUrl])

    asked[0].answer(pdf())
    await waitFor(() => expect(saved).toEqual(['cv-andi.pdf']))
    await waitFor(() => expect(link().getAttribute('aria-busy')).toBeNull())
    expect(link().querySelector('.mantine-Loader-root')).toBeNull()

    // Once it came, a tap downloads it again (asked for).
    fireEvent.click(link())
    await waitFor(() => expect(asked).toHaveLength(2))
  })

  it('a failed download says why, and the link can be tapped again', async () => {
    mount(h(Fragment, null, h(Notifications), h(FileLink, { file: FILE })))
    fireEvent.click(link())
    await waitFor(() => expect(link().getAttribute('aria-busy')).toBe('true'))
    asked[0].answer(
      new Response(JSON.stringify({ success: false, message: 'Berkas tidak ditemukan.' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
    )
    await screen.findByText('Berkas tidak ditemukan.')
    await waitFor(() => expect(link().getAttribute('aria-busy')).toBeNull())
    expect(saved).toEqual([])
    fireEvent.click(link())
    await waitFor(() => expect(asked).toHaveLength(2))
  })
})
