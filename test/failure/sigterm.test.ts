import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
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

/** A POST whose body arrives in two halves, the second when `finish()` is called. */
function slowPost(url: string, path: string, token: string, payload: unknown) {
  const body = Buffer.from(JSON.stringify(payload))
  const half = Math.floor(body.length / 2)
  let finish = () => {}
  const answer = new Promise<{ status: number; body: { data?: { id: number } } }>((ok, fail) => {
    const req = request(
      `${url}${path}`,
      {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json', 'content-length': body.length },
        agent: false,
      },
      (res) => {
        let text = ''
        res.on('data', (d) => (text += d))
        res.on('end', () => ok({ status: res.statusCode ?? 0, body: JSON.parse(text) }))
        res.on('error', fail)
      },
    )
    req.on('error', fail)
    req.write(body.subarray(0, half))
    finish = () => req.end(body.subarray(half))
  })
  return { answer, finish: () => finish() }
}

async function connectionRefused(url: string) {
  try {
    await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) })
    return false
  } catch (err) {
    return (err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED'
  }
}

describe('SIGTERM', () => {
  let store: Store
  let fixture: Fixture
  let service: Service | null = null

  beforeAll(async () => {
    store = await freshStore(inject('dbServer'))
    fixture = await prepare(store, { learners: 20, siswa: 10, companies: 10, vacancies: 20, applications: 0 })
  })
  afterAll(async () => {
    if (service) await stopService(service)
    await store?.drop()
  })

  it('finishes the requests in flight with 2xx, refuses new connections and exits 0', async () => {
    service = await startService(store, await freePort())
    const slow = Array.from({ length: 4 }, (_, i) =>
      slowPost(service?.url as string, '/api/admin/departments', fixture.adminToken, {
        code: `LAMBAT${i}`,
        name: `Bidang Lambat ${i}`,
        description: 'Permintaan yang datang pelan-pelan saat layanan dihentikan.',
      }),
    )
    // The first halves have arrived: the requests are in the service's hands.
    await new Promise((r) => setTimeout(r, 500))
    service.child.kill('SIGTERM')

    // Soon the port is closed to new connections, while the four requests are still open.
    const deadline = Date.now() + 5000
    while (!(await connectionRefused(service.url)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100))
    expect(await connectionRefused(service.url)).toBe(true)
    expect(service.child.exitCode).toBeNull()

    for (const s of slow) s.finish()
    const answers = await Promise.all(slow.map((s) => s.answer))
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201])
    expect(await service.exited).toBe(0)
    service = null

    // What was answered 201 was committed before the process left.
    await store.withSql(async (sql) => {
      const rows = await sql<{ id: number; code: string }>(
        `select id, code from departments where code like 'LAMBAT%' order by code`,
      )
      expect(rows.map((r) => r.code)).toEqual(['LAMBAT0', 'LAMBAT1', 'LAMBAT2', 'LAMBAT3'])
      expect(rows.map((r) => r.id).sort()).toEqual(answers.map((a) => a.body.data?.id).sort())
    })
  }, 90_000)
})
