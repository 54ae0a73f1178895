import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
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
 * The IT person moves the files to the school's MinIO or a cloud bucket (STORAGE_URL). A key that is wrong, or
 * lacks rights on the bucket, or a bucket that does not exist: before, only the URL's syntax was checked, and
 * the service started green (/ready 200) while every upload and download answered 503, found out by the first
 * learner uploading a CV. Now the start writes, finds and deletes a small probe object, and refuses to start
 * with the store's answer, as a busy PORT is refused.
 */

/** An S3 stand-in: `answer` decides each request; the objects it keeps and the requests it saw. */
function s3StandIn() {
  const objects = new Map<string, Buffer>()
  const seen: string[] = []
  let refuse: { status: number; code: string; message: string } | null = null
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://s3').pathname
      seen.push(`${req.method} ${path}`)
      if (refuse) {
        res.writeHead(refuse.status, { 'content-type': 'application/xml' })
        res.end(
          `<?xml version="1.0"?><Error><Code>${refuse.code}</Code><Message>${refuse.message}</Message><AWSAccessKeyId>SALAH</AWSAccessKeyId></Error>`,
        )
        return
      }
      if (req.method === 'PUT') objects.set(path, Buffer.concat(chunks))
      if (req.method === 'DELETE') objects.delete(path)
      const found = req.method !== 'HEAD' || objects.has(path)
      res.writeHead(found ? 200 : 404).end()
    })
  })
  return {
    server,
    objects,
    seen,
    refuseWith: (r: typeof refuse) => {
      refuse = r
    },
    url: (credentials: string) =>
      `s3://${credentials}@127.0.0.1:${(server.address() as AddressInfo).port}/bursa-files?ssl=false&forcePathStyle=true`,
  }
}

const s3 = s3StandIn()
let store: Store
const services: Service[] = []
beforeAll(async () => {
  await new Promise<void>((r) => s3.server.listen(0, '127.0.0.1', r))
  store = await freshStore(inject('dbServer'))
})
afterAll(async () => {
  for (const s of services) await stopService(s)
  await store?.drop()
  await new Promise<void>((r) => s3.server.close(() => r()))
})

/** Starts the service on the stand-in; the refusal's words when it does not start. */
async function start(storageUrl: string): Promise<{ service: Service | null; refusal: string }> {
  try {
    const service = await startService(store, await freePort(), { STORAGE_URL: storageUrl })
    services.push(service)
    return { service, refusal: '' }
  } catch (err) {
    return { service: null, refusal: (err as Error).message }
  }
}

describe('start-up with STORAGE_URL', () => {
  it('refuses to start when the store refuses the key, naming STORAGE_URL and the store’s answer', async () => {
    s3.refuseWith({ status: 403, code: 'InvalidAccessKeyId', message: 'The access key does not exist' })
    const { service, refusal } = await start(s3.url('SALAH:salah-rahasia'))
    expect(service).toBeNull()
    expect(refusal).toMatch(
      /Refusing to start: cannot store a file in the object storage of STORAGE_URL: 403 InvalidAccessKeyId \(The access key does not exist\)\. Check the access key and secret/,
    )
    // Neither the secret nor the key the store echoed is printed.
    expect(refusal).not.toMatch(/SALAH|salah-rahasia/)
  }, 120_000)

  it('refuses to start when the bucket does not exist', async () => {
    s3.refuseWith({ status: 404, code: 'NoSuchBucket', message: 'The specified bucket does not exist' })
    const { service, refusal } = await start(s3.url('BKK:rahasia'))
    expect(service).toBeNull()
    expect(refusal).toMatch(/STORAGE_URL: 404 NoSuchBucket \(The specified bucket does not exist\)/)
  }, 120_000)

  it('starts on a store that takes, finds and deletes a file, and leaves nothing of its check behind', async () => {
    s3.refuseWith(null)
    s3.seen.length = 0
    const { service, refusal } = await start(s3.url('BKK:rahasia'))
    expect(refusal).toBe('')
    expect((await fetch(`${service?.url}/ready`)).status).toBe(200)
    expect(s3.seen).toEqual([
      expect.stringMatching(/^PUT \/bursa-files\/bursa-start-probe-[0-9a-f]{16}$/),
      expect.stringMatching(/^HEAD \/bursa-files\/bursa-start-probe-/),
      expect.stringMatching(/^DELETE \/bursa-files\/bursa-start-probe-/),
    ])
    expect(s3.objects.size).toBe(0)
  }, 120_000)
})
