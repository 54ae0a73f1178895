import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startProxy, type TcpProxy } from '../support/proxy.js'
import {
  bearer,
  type Fixture,
  freePort,
  freshStore,
  prepare,
  type Service,
  type Store,
  startService,
  stopService,
} from './service.js'

const onPostgres = Boolean(process.env.DATABASE_URL)

/**
 * The database goes away under a running service, and comes back. An external server only: the embedded
 * one going away is the postmaster-kill test in crash.test.ts.
 */
describe.skipIf(!onPostgres)('database down (PostgreSQL through a TCP proxy)', () => {
  let store: Store
  let fixture: Fixture
  let proxy: TcpProxy
  let service: Service | null = null

  beforeAll(async () => {
    store = await freshStore(inject('dbServer'))
    fixture = await prepare(store, { learners: 20, siswa: 10, companies: 10, vacancies: 20, applications: 0 })
    const direct = new URL(store.url)
    proxy = await startProxy({ host: direct.hostname, port: Number(direct.port || 5432) })
    const viaProxy = new URL(store.url)
    viaProxy.hostname = '127.0.0.1'
    viaProxy.port = String(proxy.port)
    service = await startService({ ...store, url: viaProxy.toString() }, await freePort(), {
      DATABASE_QUERY_TIMEOUT_SECONDS: '2',
    })
  })
  afterAll(async () => {
    if (service) await stopService(service)
    await proxy?.close()
    await store?.drop()
  })

  /** Status, envelope and how long the answer took. */
  async function get(path: string, token?: string) {
    const started = Date.now()
    const res = await fetch(`${service?.url}${path}`, {
      headers: token ? bearer(token) : {},
      signal: AbortSignal.timeout(15_000),
    })
    return { status: res.status, body: await res.json(), ms: Date.now() - started }
  }

  it('answers 503 in the envelope within seconds while it is down, and recovers by itself', async () => {
    const api = '/api/admin/departments'
    expect((await get('/ready')).status).toBe(200)
    expect((await get(api, fixture.adminToken)).status).toBe(200)

    await proxy.cut()
    for (let i = 0; i < 3; i++) {
      const ready = await get('/ready')
      expect(ready.status).toBe(503)
      expect(ready.body).toMatchObject({
        success: false,
        data: null,
        message: 'Basis data tidak dapat dihubungi.',
      })
      expect(ready.ms).toBeLessThan(6000)
      const route = await get(api, fixture.adminToken)
      expect(route.status).toBe(503)
      expect(route.body).toEqual({
        success: false,
        message: 'Layanan sedang tidak tersedia. Coba lagi sebentar lagi.',
        data: null,
      })
      expect(route.ms).toBeLessThan(6000)
    }
    expect(service?.child.exitCode).toBeNull()

    proxy.restore()
    // No restart: the pool opens new connections on the next requests.
    const deadline = Date.now() + 15_000
    let ready = await get('/ready')
    while (ready.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200))
      ready = await get('/ready')
    }
    expect(ready.status).toBe(200)
    const route = await get(api, fixture.adminToken)
    expect(route.status).toBe(200)
    expect(route.body.success).toBe(true)
    // And writes work again.
    const created = await fetch(`${service?.url}${api}`, {
      method: 'POST',
      headers: { ...bearer(fixture.adminToken), 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'PULIH', name: 'Bidang Setelah Pulih' }),
    })
    expect(created.status).toBe(201)
    expect(service?.child.exitCode).toBeNull()
  }, 90_000)

  it('a silent partition (packets dropped, connections left open) answers 503 after the query timeout, then recovers', async () => {
    const api = '/api/admin/departments'
    // Warm the pool: the next request reuses an open connection whose packets will now go nowhere.
    expect((await get(api, fixture.adminToken)).status).toBe(200)
    proxy.stall()
    const route = await get(api, fixture.adminToken)
    expect(route.status).toBe(503)
    expect(route.body).toEqual({
      success: false,
      message: 'Layanan sedang tidak tersedia. Coba lagi sebentar lagi.',
      data: null,
    })
    // DATABASE_QUERY_TIMEOUT_SECONDS is 2 here; the pool's connect timeout is 5 s.
    expect(route.ms).toBeLessThan(7000)
    proxy.restore()
    const deadline = Date.now() + 15_000
    let again = await get(api, fixture.adminToken)
    while (again.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200))
      again = await get(api, fixture.adminToken)
    }
    expect(again.status).toBe(200)
    expect(service?.child.exitCode).toBeNull()
  }, 60_000)
})
