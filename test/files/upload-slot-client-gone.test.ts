import { connect, type Socket } from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../support/app.js'
import { aStudent } from '../support/builders/accounts.js'
import { aCandidate, anHrdWithVacancy } from '../support/builders/selection.js'
import { waitingForLocks } from '../support/locks.js'

/**
 * An upload's slot (src/modules/files/upload-slots.ts: two per account, eight per instance) was given back in
 * `onResponse` and `onRequestAbort` only: a client that had sent its whole file and went away before the answer
 * (a tab closed on a slow save, a proxy's timeout) fired neither, so its slot was held until a restart. Two such
 * and the account's uploads were 429 for good; eight from any accounts and every upload of the instance 503.
 * (Found by the review of the newest code.)
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

const PDF = Buffer.from('%PDF-1.4\n%isi surat\n')

/** A whole decision-letter form, sent completely; resolves once every byte is written. */
function wholeLetter(applicationId: number, authorization: string) {
  const boundary = `----b${Math.random().toString(16).slice(2)}`
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="decision_letter"; filename="sk.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return new Promise<Socket>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /api/hrd/selection-results/${applicationId} HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
      )
      socket.write(body, () => resolve(socket))
    })
    socket.on('error', () => {})
    socket.on('error', reject)
    sockets.push(socket)
  })
}

function letterForm() {
  const form = new FormData()
  form.append('decision', 'diterima')
  form.append('decision_letter', new Blob([PDF], { type: 'application/pdf' }), 'sk.pdf')
  return form
}

/**
 * HR's two letters for `applicationId`, sent whole while a colleague's save holds the application (they wait for
 * it); the browser tab is closed meanwhile, then the colleague's save ends and so do the two saves.
 */
async function twoLettersLeftBehind(applicationId: number, authorization: string) {
  const client = new pg.Client({ connectionString: t.database.url })
  await client.connect()
  await client.query('begin')
  await client.query('select id from applications where id = $1 for update', [applicationId])
  const held = [
    await wholeLetter(applicationId, authorization),
    await wholeLetter(applicationId, authorization),
  ]
  await waitingForLocks(t, 2)
  for (const s of held) s.destroy()
  await new Promise((r) => setTimeout(r, 200))
  await client.query('commit')
  await client.end()
}

describe('a client gone before the answer gives its upload slot back', () => {
  it('one HR account: both letters sent whole, the tab closed on the slow save; the next letter goes through', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t)
    const { application } = await aCandidate(t, vacancy.id, { reviewed: true })
    await twoLettersLeftBehind(application.id, hrd.authorization)
    // Both saves finish (their letters are stored): nothing of this account is in flight any more, and its
    // next letter must go through. It was 429 "Unggahan Anda yang lain masih berjalan", for good.
    await new Promise((r) => setTimeout(r, 1000))
    const next = await fetch(`http://127.0.0.1:${port}/api/hrd/selection-results/${application.id}`, {
      method: 'POST',
      headers: { authorization: hrd.authorization },
      body: letterForm(),
    })
    expect(next.status, await next.text()).toBe(200)
  }, 20_000)

  it("four HR accounts whose tabs closed on slow saves: a learner's CV still goes (it was 503)", async () => {
    const people = []
    for (let i = 0; i < 4; i++) {
      const { hrd, vacancy } = await anHrdWithVacancy(t)
      const { application } = await aCandidate(t, vacancy.id, { reviewed: true })
      people.push({ hrd, application })
    }
    const learner = await aStudent(t)
    // One at a time (the test database's pool is small): each HR account's two saves wait for a colleague's
    // save of the same application, and the browser tab is closed meanwhile.
    for (const { hrd, application } of people) {
      await twoLettersLeftBehind(application.id, hrd.authorization)
      await new Promise((r) => setTimeout(r, 500))
    }
    // Those saves finished: nothing is in flight.
    await new Promise((r) => setTimeout(r, 1000))
    // A learner who never uploaded anything sends a CV.
    const form = new FormData()
    form.append('category', 'cv')
    form.append('title', 'CV')
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'cv.pdf')
    const cv = await fetch(`http://127.0.0.1:${port}/api/siswa/portfolio/upload`, {
      method: 'POST',
      headers: { authorization: learner.authorization },
      body: form,
    })
    expect(cv.status, await cv.text()).toBe(201)
  }, 30_000)
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Sends an upload's headers (and part of its body), then leaves while the token is being touched. */
async function leaveDuringAuth(authorization: string) {
  const tokenId = Number(authorization.match(/Bearer (\d+)\|/)![1])
  // The token's last use is old: the token hook writes it, and waits for the row a colleague's statement holds.
  await t.database.pool.query('update access_tokens set last_used_at = null where id = $1', [tokenId])
  const holder = new pg.Client({ connectionString: t.database.url })
  await holder.connect()
  await holder.query('begin')
  await holder.query('select id from access_tokens where id = $1 for update', [tokenId])
  const socket = connect(port, '127.0.0.1')
  socket.on('error', () => {})
  await new Promise<void>((r) => socket.once('connect', () => r()))
  const boundary = 'xyzboundary'
  socket.write(
    `POST /api/siswa/portfolio/upload HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\ncv\r\n`,
  )
  await waitingForLocks(t, 1)
  socket.destroy() // the tab is closed
  await sleep(300)
  await holder.query('commit')
  await holder.end()
  await sleep(700)
}

describe('a client that leaves while its upload is still being authenticated', () => {
  it('gives its upload slot back (the account can upload again)', async () => {
    const learner = await aStudent(t)
    await leaveDuringAuth(learner.authorization)
    await leaveDuringAuth(learner.authorization)
    const form = new FormData()
    form.append('category', 'cv')
    form.append('title', 'CV')
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'cv.pdf')
    const res = await fetch(`http://127.0.0.1:${port}/api/siswa/portfolio/upload`, {
      method: 'POST',
      headers: { authorization: learner.authorization },
      body: form,
    })
    // It was 429 "Unggahan Anda yang lain masih berjalan", for good: the slot's listener was added on the
    // request, after the token's check, by when the client's `close` had gone by (found by today's review).
    expect(res.status, await res.text()).toBe(201)
  }, 30_000)
})
