import { describe, expect, it } from 'vitest'
import { call, useTestApp } from '../support/app.js'

const t = useTestApp()

/** The scripts and stylesheets a page names, resolved against the page's own address. */
function assetsOf(html: string, pageUrl: string): string[] {
  const base = new URL(pageUrl, 'http://bursa.test')
  const found: string[] = []
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = tag.match(/\bsrc="([^"]+)"/i)?.[1]
    if (src) found.push(src)
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    if (!/\brel="stylesheet"/i.test(tag)) continue
    const href = tag.match(/\bhref="([^"]+)"/i)?.[1]
    if (href) found.push(href)
  }
  return found.map((u) => {
    const url = new URL(u, base)
    return url.pathname + url.search
  })
}

describe('GET /docs', () => {
  for (const page of ['/docs', '/docs/']) {
    it(`${page}: every script and stylesheet it names answers with content`, async () => {
      const res = await call(t, 'GET', page, { headers: { accept: 'text/html' } })
      expect(res.status).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      const assets = assetsOf(res.raw, page)
      // swagger-ui's bundle, its preset, the initializer, and both stylesheets
      expect(assets.length).toBeGreaterThanOrEqual(5)
      expect(assets.some((a) => a.endsWith('/swagger-initializer.js'))).toBe(true)
      for (const asset of assets) {
        const got = await call(t, 'GET', asset, { headers: { accept: '*/*' } })
        expect(got.status, asset).toBe(200)
        expect(got.raw.length, asset).toBeGreaterThan(0)
        const type = String(got.headers['content-type'])
        if (asset.endsWith('.js')) expect(type, asset).toMatch(/javascript/)
        if (asset.endsWith('.css')) expect(type, asset).toMatch(/^text\/css/)
      }
    })
  }

  it('the document the page loads is the OpenAPI document', async () => {
    const init = await call(t, 'GET', '/docs/static/swagger-initializer.js')
    expect(init.raw).toContain("resolveUrl('./json')")
    const doc = await call(t, 'GET', '/docs/json')
    expect(doc.status).toBe(200)
    expect(doc.body.openapi).toBe('3.0.3')
    expect(doc.body.paths['/api/login']).toBeDefined()
  })
})
