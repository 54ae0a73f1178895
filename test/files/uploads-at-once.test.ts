import { connect, type Socket } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../support/app.js'
import { aStudent } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'

/**
 * One signed-in account sending many uploads at once. Every upload route reads the whole file into the service's
 * memory (`readUpload`, src/modules/files/upload.ts) before it judges and stores it; one account may have two
 * uploads in flight and the instance eight (src/modules/files/upload-slots.ts). Before, nothing bounded it: the
 * learner's per-hour limit (UPLOAD_MAX_PER_HOUR) counted requests as they started, so 30 uploads sent together
 * all passed it, and HR's decision letters had no limit at all: one account held 285 MB of a service that runs
 * in about 250 MB (docs/operations.md).
 */
const t = useTestApp()
let port = 0
const sockets: Socket[] = []

beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  port = (t.app.server.address() as { port: number }).port
})
afterAll(() => {
  for (const s of sockets) s.destroy()
})

const MB = 1024 * 1024
// One shared chunk, written again and again: the client side of the test holds no copy per request.
const CHUNK = Buffer.alloc(MB, 0x20)
const PDF_HEAD = Buffer.from('%PDF-1.4\n%')

/**
 * Opens an upload of `fileBytes` to `path` and sends all of it but the closing boundary: the service has read
 * the file's bytes and waits for the end of the form. Answers once everything is written to the socket.
 */
function heldUpload(path: string, authorization: string, field: string, fileBytes: number) {
  const boundary = `----abuse${Math.random().toString(16).slice(2)}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\ncv\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nCV\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="cv.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const length = head.length + fileBytes + tail.length
  return new Promise<Socket>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', async () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n\r\n`,
      )
      socket.write(head)
      socket.write(PDF_HEAD)
      let left = fileBytes - PDF_HEAD.length
      while (left > 0) {
        const piece = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left)
        left -= piece.length
        if (!socket.write(piece)) await new Promise((r) => socket.once('drain', r))
      }
      resolve(socket)
    })
    socket.on('error', reject)
    sockets.push(socket)
  })
}

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

/** The process's Buffer memory (the service runs in this process), after a full collection. */
function bufferMemory() {
  gc()
  return process.memoryUsage().arrayBuffers
}

/** Waits until the Buffer memory stops growing (the service has read what the sockets sent). */
async function settledGrowth(before: number) {
  let now = bufferMemory()
  let steady = 0
  for (let i = 0; i < 60 && steady < 4; i++) {
    await new Promise((r) => setTimeout(r, 250))
    const next = bufferMemory()
    steady = Math.abs(next - now) < MB ? steady + 1 : 0
    now = next
  }
  return now - before
}

describe('uploads held in memory at once', () => {
  it('one learner sending 30 portfolio uploads of 9.5 MB together: the service holds two of them', async () => {
    const learner = await aStudent(t)
    const before = bufferMemory()
    await Promise.all(
      Array.from({ length: 30 }, () =>
        heldUpload('/api/siswa/portfolio/upload', learner.authorization, 'file', 9.5 * MB),
      ),
    )
    const grown = await settledGrowth(before)
    for (const s of sockets.splice(0)) s.destroy()
    expect(Math.round(grown / MB), 'MB of uploads one learner makes the service hold at once').toBeLessThan(
      50,
    )
  })

  it('one HR account sending 30 decision letters of 9.5 MB together: the service holds two of them', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { application } = await aCandidate(t, vacancy.id, { reviewed: true })
    const before = bufferMemory()
    await Promise.all(
      Array.from({ length: 30 }, () =>
        heldUpload(
          `/api/hrd/selection-results/${application.id}`,
          hrd.authorization,
          'decision_letter',
          9.5 * MB,
        ),
      ),
    )
    const grown = await settledGrowth(before)
    // One more letter of the same account, whole, while those are read: refused, its result untouched.
    const form = new FormData()
    form.append('decision', 'diterima')
    form.append(
      'decision_letter',
      new Blob([PDF_HEAD, Buffer.from('isi')], { type: 'application/pdf' }),
      'sk.pdf',
    )
    const more = await fetch(`http://127.0.0.1:${port}/api/hrd/selection-results/${application.id}`, {
      method: 'POST',
      headers: { authorization: hrd.authorization },
      body: form,
    })
    for (const s of sockets.splice(0)) s.destroy()
    expect(more.status).toBe(429)
    expect(
      Math.round(grown / MB),
      'MB of letters one HR account makes the service hold at once',
    ).toBeLessThan(50)
  })

  it('a third upload of the account while two are read is refused (429, nothing stored); once they end, it goes', async () => {
    const learner = await aStudent(t)
    await Promise.all(
      [1, 2].map(() => heldUpload('/api/siswa/portfolio/upload', learner.authorization, 'file', MB)),
    )
    // The service has read what they sent (the Buffer memory settled) and holds both.
    await settledGrowth(bufferMemory())
    const upload = () => {
      const form = new FormData()
      form.append('category', 'cv')
      form.append('title', 'CV')
      form.append('file', new Blob([PDF_HEAD, Buffer.from('isi')], { type: 'application/pdf' }), 'cv.pdf')
      return fetch(`http://127.0.0.1:${port}/api/siswa/portfolio/upload`, {
        method: 'POST',
        headers: { authorization: learner.authorization },
        body: form,
      })
    }
    const refused = await upload()
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('5')
    expect((await refused.json()).message).toBe(
      'Unggahan Anda yang lain masih berjalan. Tunggu sampai selesai, lalu coba lagi.',
    )
    // Another learner is not held up by this one.
    const other = await aStudent(t)
    const form = new FormData()
    form.append('category', 'cv')
    form.append('title', 'CV')
    form.append('file', new Blob([PDF_HEAD, Buffer.from('isi')], { type: 'application/pdf' }), 'cv.pdf')
    const theirs = await fetch(`http://127.0.0.1:${port}/api/siswa/portfolio/upload`, {
      method: 'POST',
      headers: { authorization: other.authorization },
      body: form,
    })
    expect(theirs.status).not.toBe(429)

    // The two held uploads are given up (the client went away): the account's slots are free again.
    for (const s of sockets.splice(0)) s.destroy()
    await new Promise((r) => setTimeout(r, 300))
    expect((await upload()).status).not.toBe(429)
  })
})
