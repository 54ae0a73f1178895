import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webClient } from '../../src/http/web.js'

/**
 * The web client's files as a browser (or anyone) gets them, over a real port: the path is sent as
 * written, as a hand-made request would send it, not normalized by a client library.
 */
const base = mkdtempSync(join(tmpdir(), 'bursa-web-'))
const root = join(base, 'dist')
let app: FastifyInstance
let port: number

function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
    })
    req.on('error', fail)
    req.end()
  })
}

beforeAll(async () => {
  mkdirSync(join(root, 'assets'), { recursive: true })
  writeFileSync(join(root, 'index.html'), '<html><head></head><body>the page</body></html>')
  writeFileSync(join(root, 'assets', 'app-1a2b.js'), 'console.log("app")')
  writeFileSync(join(root, 'assets', 'app-1a2b.js.br'), brotliCompressSync('console.log("app")'))
  writeFileSync(join(root, 'robots.txt'), 'User-agent: *')
  // Beside the root: a folder whose name starts with the root's, and a file in the parent.
  mkdirSync(join(base, 'dist-old'))
  writeFileSync(join(base, 'dist-old', 'secret.txt'), 'SECRET BESIDE')
  writeFileSync(join(base, 'secret.txt'), 'SECRET ABOVE')

  app = Fastify()
  await app.register(webClient, { root, schoolTimeZone: 'Asia/Jakarta', uploadLimit: 5 * 1024 * 1024 })
  await app.listen({ host: '127.0.0.1', port: 0 })
  port = (app.server.address() as AddressInfo).port
})

afterAll(async () => {
  await app?.close()
  rmSync(base, { recursive: true, force: true })
})

describe('the web client files', () => {
  it('a hashed asset: its bytes, cached for a year; the brotli copy when accepted', async () => {
    const plain = await get('/assets/app-1a2b.js')
    expect(plain.status).toBe(200)
    expect(plain.body.toString()).toBe('console.log("app")')
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable')

    const br = await get('/assets/app-1a2b.js', { 'accept-encoding': 'br' })
    expect(br.status).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
  })

  it('another file of the root is served as it is, without the year-long caching', async () => {
    const robots = await get('/robots.txt')
    expect(robots.status).toBe(200)
    expect(robots.body.toString()).toBe('User-agent: *')
    expect(robots.headers['cache-control']).not.toMatch(/immutable/)
  })

  it("any other path gets the page (the client's router shows it), revalidated by its ETag", async () => {
    const page = await get('/lowongan/12')
    expect(page.status).toBe(200)
    expect(page.body.toString()).toContain('the page')
    expect(page.body.toString()).toContain('<meta name="bursa-school-time-zone" content="Asia/Jakarta" />')
    // The upload limit the service was started with (UPLOAD_LIMIT_BYTES), which the client names and checks.
    expect(page.body.toString()).toContain('<meta name="bursa-upload-limit" content="5242880" />')
    expect(page.headers['cache-control']).toBe('no-cache')
    const again = await get('/lowongan/12', { 'if-none-match': String(page.headers.etag) })
    expect(again.status).toBe(304)
  })

  it('a script of an earlier release (a tab left open across an update) is a 404, not the page as a script', async () => {
    const res = await get('/assets/app-0ld0.js')
    expect(res.status).toBe(404)
    expect(res.body.toString()).not.toContain('the page')
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  it('API and docs paths never fall back to the page', async () => {
    for (const path of ['/api/nothing-here', '/docs/nothing-here']) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      expect(res.body.toString(), path).not.toContain('the page')
    }
  })

  it('no path reaches a file outside the root, however its dots and slashes are written', async () => {
    const paths = [
      '/../secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      // A sibling whose name starts with the root's name passed a bare prefix check.
      '/..%2fdist-old/secret.txt',
      '/../dist-old/secret.txt',
      '/%2e%2e/dist-old/secret.txt',
      '/assets/..%2f..%2fdist-old/secret.txt',
    ]
    for (const path of paths) {
      const res = await get(path)
      expect(res.body.toString(), path).not.toContain('SECRET')
      // The client's page, as for any path that is not one of its files.
      expect(res.status, path).toBe(200)
      expect(res.body.toString(), path).toContain('the page')
    }
  })
})
