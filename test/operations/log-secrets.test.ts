import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  freePort,
  freshStore,
  type Service,
  type Store,
  startService,
  stopService,
} from '../failure/service.js'

/**
 * The service as it runs in production, at LOG_LEVEL info: each request is logged, but not the values of
 * its query. Those are what people were sent or typed: a password link's token and e-mail address (the
 * page `/atur-kata-sandi?email=…&token=…`), a company's confirmation token, a search for a learner's name.
 * Whoever reads the log could otherwise set the account's password while the link lasts.
 */
describe('the log at LOG_LEVEL=info', () => {
  let store: Store
  let service: Service | null = null

  beforeAll(async () => {
    store = await freshStore(inject('dbServer'))
    service = await startService(store, await freePort(), { LOG_LEVEL: 'info' })
  })
  afterAll(async () => {
    if (service) await stopService(service)
    await store?.drop()
  })

  it('names the query parameters of a request, never their values', async () => {
    const url = service?.url as string
    const token = 'c2VjcmV0LXRva2VuLW9mLWEtcGFzc3dvcmQtbGluaw'
    const page = await fetch(`${url}/atur-kata-sandi?email=siti.aminah%40smk.test&token=${token}`, {
      headers: { accept: 'text/html' },
    })
    await page.arrayBuffer()
    const search = await fetch(`${url}/api/admin/students?search=Siti%20Aminah&page=2`)
    expect(search.status).toBe(401)
    await search.arrayBuffer()

    // The lines are written asynchronously: wait for the second request's.
    const deadline = Date.now() + 5000
    while (!service?.output().includes('/api/admin/students?') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50))
    const log = service?.output() ?? ''
    const urls = log
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line).req?.url)
      .filter((u) => u && u !== '/ready')
    expect(urls).toEqual(['/atur-kata-sandi?email=*&token=*', '/api/admin/students?search=*&page=*'])
    expect(log).not.toContain(token)
    expect(log).not.toContain('siti.aminah')
    expect(log).not.toMatch(/Siti|Aminah/)
  }, 90_000)
})

describe('the log at LOG_LEVEL=trace', () => {
  let store: Store
  let service: Service | null = null

  beforeAll(async () => {
    store = await freshStore(inject('dbServer'))
    service = await startService(store, await freePort(), { LOG_LEVEL: 'trace' })
  })
  afterAll(async () => {
    if (service) await stopService(service)
    await store?.drop()
  })

  // Node hands a malformed request's raw bytes to its error (`rawPacket`), which the log wrote out whole, with
  // the request's Authorization header (found by an audit of logs).
  it('a malformed request is logged without its raw bytes: the session token it carried is not in the log', async () => {
    const url = new URL(service?.url as string)
    const token = 'c2Vzc2lvbi10b2tlbi1vZi1hbi1ocmQtYWNjb3VudA'
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(
          `GET /api/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nBad Header\r\n\r\n`,
        )
      })
      let got = ''
      socket.on('data', (d) => {
        got += d.toString()
      })
      socket.on('close', () => resolve(got))
      socket.on('error', reject)
    })
    expect(answer).toMatch(/^HTTP\/1\.1 400/)
    const deadline = Date.now() + 5000
    while (!service?.output().includes('client error') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50))
    const log = service?.output() ?? ''
    expect(log).toContain('client error')
    expect(log).not.toContain(token)
    expect(log).not.toContain('rawPacket')
  }, 90_000)
})
