import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { freePort, freshStore, prepare, type Service, type Store, startService } from './service.js'

/**
 * A log collector that stops reading (its pipe full) must neither hold requests nor the exit: the service
 * logs every request at `info`, its stdout is never read, 3,000 requests go through, and SIGTERM still ends
 * the process within 10 s.
 */
describe('stdout nobody reads', () => {
  let store: Store
  let service: Service | null = null

  beforeAll(async () => {
    store = await freshStore(inject('dbServer'))
    await prepare(store, { learners: 10, siswa: 5, companies: 2, vacancies: 2, applications: 0 })
    service = await startService(store, await freePort(), { LOG_LEVEL: 'info' }, { stdout: 'unread' })
  })
  afterAll(async () => {
    if (service && service.child.exitCode === null) service.child.kill('SIGKILL')
    await store?.drop()
  })

  it('answers 3,000 requests and exits within 10 s of SIGTERM with its stdout unread', async () => {
    const url = service?.url as string
    let answered = 0
    let next = 0
    const deadline = Date.now() + 60_000
    const client = async () => {
      while (next < 3000 && Date.now() < deadline) {
        next++
        const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(5000) })
        if (res.status === 200) answered++
        await res.arrayBuffer()
      }
    }
    await Promise.all(Array.from({ length: 20 }, client))
    // Two log lines a request, about 1.5 MB: far more than a pipe holds, so the pipe is full now.
    expect(answered).toBe(3000)

    const child = service?.child
    const started = Date.now()
    child?.kill('SIGTERM')
    const how = await Promise.race([
      service?.exited,
      new Promise((r) => setTimeout(() => r('still running after 10 s'), 10_000)),
    ])
    expect(how).toBe(0)
    expect(Date.now() - started).toBeLessThan(10_000)
  }, 120_000)
})
