// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { createElement as h } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../support/app.js'
import { aStudent } from '../support/builders/accounts.js'
import { renderScreen, signedInTo } from '../support/screen.js'

/**
 * A school that set UPLOAD_LIMIT_BYTES to 2 MB: the page the service serves names it in a meta tag
 * (test/http/web-client.test.ts), and the upload form names and checks that limit, not a built-in 10 MB.
 */
const t = useTestApp({ UPLOAD_LIMIT_BYTES: String(2 * 1024 * 1024) })
afterEach(cleanup)

let PortfolioUpload: typeof import('../../web/src/features/portfolio/upload-form').PortfolioUpload
beforeAll(async () => {
  // As the served page carries it; the client reads it when its module loads.
  const meta = document.createElement('meta')
  meta.name = 'bursa-upload-limit'
  meta.content = String(t.config.uploadLimit)
  document.head.append(meta)
  ;({ PortfolioUpload } = await import('../../web/src/features/portfolio/upload-form'))
})

describe("the portfolio's upload form", () => {
  it("names the school's limit and refuses a larger file before sending it", async () => {
    const learner = await aStudent(t)
    signedInTo(t, learner.token as string)
    let sent = 0
    const answer = globalThis.fetch
    globalThis.fetch = ((...args: Parameters<typeof fetch>) => {
      sent += 1
      return answer(...args)
    }) as typeof fetch
    renderScreen(
      h(PortfolioUpload, {
        url: '/api/siswa/portfolio/upload',
        categories: [{ value: 'cv', label: 'CV' }],
        onDone() {},
      }),
      '/portofolio',
      '/portofolio',
    )
    expect(screen.getByText(/Berkas \(PDF atau gambar, maks\. 2 MB\)/)).toBeTruthy()

    fireEvent.change(screen.getByLabelText(/^Judul/), { target: { value: 'CV saya' } })
    const big = new File([new Uint8Array(3 * 1024 * 1024)], 'cv.pdf', { type: 'application/pdf' })
    const input = document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement
    fireEvent.change(input, { target: { files: [big] } })
    fireEvent.click(screen.getByRole('button', { name: /Unggah/ }))
    await waitFor(() => expect(screen.getByText('Berkas terlalu besar (3 MB); maksimal 2 MB.')).toBeTruthy())
    expect(sent).toBe(0)
  })
})
