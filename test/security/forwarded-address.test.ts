import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config.js'
import { call, useTestApp } from '../support/app.js'
import { anHrd, PASSWORD } from '../support/builders/accounts.js'

/**
 * Behind a reverse proxy (TRUST_PROXY), the client's address is the one the proxy saw: a proxy (nginx's
 * `$proxy_add_x_forwarded_for`, Caddy, Traefik) APPENDS it to whatever X-Forwarded-For the client sent. Before,
 * `TRUST_PROXY=true` was Fastify's "trust every hop", which takes the LEFTMOST entry, the one the client wrote:
 * every limit keyed on the address (logins per e-mail and address and per address, forgot-password, company
 * registrations) counted whatever the client said it was, and one machine could guess a password without limit
 * and push the account to its per-e-mail ceiling, locking its owner out.
 *
 * Here the service sits behind one proxy on the same machine (127.0.0.1, inject's remote address); the guesser's
 * real address, which the proxy appends, is 198.51.100.7 throughout.
 */
const t = useTestApp({
  TRUST_PROXY: 'true',
  LOGIN_MAX_PER_EMAIL: '3',
  LOGIN_EMAIL_CEILING: '8',
  LOGIN_MAX_PER_IP: '5',
})

const REAL = '198.51.100.7'
const viaProxy = (email: string, password: string, forged: string) =>
  call(t, 'POST', '/api/login', {
    body: { email, password },
    headers: { 'x-forwarded-for': `${forged}, ${REAL}` },
  })

describe('TRUST_PROXY=true: a reverse proxy on the same machine', () => {
  it('one machine guessing a password meets its own per-address limit, whatever X-Forwarded-For it forges', async () => {
    const hrd = await anHrd(t)
    const statuses: number[] = []
    for (let i = 0; i < 4; i++)
      statuses.push((await viaProxy(hrd.email, `tebakan-${i}`, `10.9.0.${i}`)).status)
    // LOGIN_MAX_PER_EMAIL=3 failures per e-mail and address: the fourth from the same machine is refused.
    expect(statuses).toEqual([401, 401, 401, 429])
  })

  it('one machine cannot lock the owner out (the per-e-mail ceiling) by forging addresses', async () => {
    const hrd = await anHrd(t)
    for (let i = 0; i < 9; i++) await viaProxy(hrd.email, `tebakan-${i}`, `10.8.${i}.1`)
    // The owner, elsewhere behind the same proxy, types the right password: the guesser met its own limit
    // after three failures, so the ceiling of eight was never reached.
    const owner = await call(t, 'POST', '/api/login', {
      body: { email: hrd.email, password: PASSWORD },
      headers: { 'x-forwarded-for': '192.0.2.44' },
    })
    expect(owner.status).toBe(200)
  })
})

describe('TRUST_PROXY: a proxy on another machine, named by its address', () => {
  const named = useTestApp({ TRUST_PROXY: '10.0.0.5', LOGIN_MAX_PER_EMAIL: '2' })

  it('believes the entry that proxy appended, and nothing from a client reaching the service directly', async () => {
    const hrd = await anHrd(named)
    const attempt = (remoteAddress: string, xff: string) =>
      call(named, 'POST', '/api/login', {
        body: { email: hrd.email, password: 'salah-sekali' },
        headers: { 'x-forwarded-for': xff },
        remoteAddress,
      })
    // Through the proxy: the client is what the proxy appended (198.51.100.7), whatever came before it.
    expect((await attempt('10.0.0.5', `203.0.113.1, ${REAL}`)).status).toBe(401)
    expect((await attempt('10.0.0.5', `203.0.113.2, ${REAL}`)).status).toBe(401)
    expect((await attempt('10.0.0.5', `203.0.113.3, ${REAL}`)).status).toBe(429)
    // Straight to the service (not through the proxy): its X-Forwarded-For is not believed, the socket is.
    expect((await attempt('192.0.2.9', REAL)).status).toBe(401)
  })
})

describe('TRUST_PROXY values', () => {
  it('false by default; true is a proxy on this machine; addresses and networks as given', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual(['loopback'])
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.5, 172.16.0.0/12,::1 ' }).trustProxy).toEqual([
      '10.0.0.5',
      '172.16.0.0/12',
      '::1',
    ])
  })

  it('anything else stops the start with a message saying what to write', () => {
    for (const bad of ['1', 'yes', '10.0.0.0/33', 'proxy.sekolah', '10.0.0.5,'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be false, true/)
  })
})
