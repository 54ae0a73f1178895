/**
 * How the service picks the language of an answer from what real clients send (found by the English-client audit:
 * a refused Indonesian, `id;q=0`, still answered Indonesian; `Q=` was not read as a weight), and that a 404 worded
 * by Accept-Language outside /api is not kept by a shared cache.
 */
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../support/app.js'

const t = useTestApp()

/** The language of an answer, read from its message (a 404 on an unknown /api route). */
async function languageFor(acceptLanguage: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/nope',
    headers: { 'accept-language': acceptLanguage },
  })
  const message = res.json().message
  return message === 'Route not found.' ? 'en' : message === 'Alamat tidak ditemukan.' ? 'id' : message
}

describe('Accept-Language as clients send it', () => {
  it('browsers and libraries asking for English get English; Indonesian browsers, *, garbage get Indonesian', async () => {
    expect(await languageFor('en')).toBe('en')
    expect(await languageFor('en-US,en;q=0.9')).toBe('en') // Chrome, en-US
    expect(await languageFor('en-US,en;q=0.5')).toBe('en') // Firefox, en-US
    expect(await languageFor('en-GB')).toBe('en') // Safari
    expect(await languageFor('en-GB;q=1.0, id-ID;q=0.9')).toBe('en') // iOS URLSession
    expect(await languageFor('fr-FR,fr;q=0.9,en;q=0.8')).toBe('en') // a French browser that also reads English
    expect(await languageFor('id-ID,id;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('id') // Chrome, Indonesian
    expect(await languageFor('id-ID,id;q=0.9,en;q=0.8')).toBe('id')
    expect(await languageFor('*')).toBe('id')
    expect(await languageFor('x-klingon;;;q=zz, ,,')).toBe('id')
    expect(await languageFor('')).toBe('id')
  })

  it('a client that refuses Indonesian (id;q=0) is answered in English, the only other language', async () => {
    // RFC 9110 §12.4.2: `q=0` means "not this". It was Indonesian: the default, whatever the client refused.
    expect(await languageFor('id;q=0')).toBe('en')
    expect(await languageFor('*, id;q=0')).toBe('en')
    expect(await languageFor('de-DE, id;q=0, *;q=0.1')).toBe('en')
  })

  it('the weight parameter is read case-insensitively ("Q=0.1" is a valid weight)', async () => {
    // RFC 9110 §12.4.2 writes the weight `"q=" qvalue`; ABNF string literals are case-insensitive (RFC 5234 §2.3).
    // It was English: "en;Q=0.1" weighed 1 and beat "id;q=0.9".
    expect(await languageFor('en;Q=0.1, id;q=0.9')).toBe('id')
  })
})

describe('an answer worded by Accept-Language', () => {
  it('a language-dependent answer a cache may keep (outside /api: no no-store) carries Vary: Accept-Language', async () => {
    // /docs/* is not under /api (no `no-store` there); its 404 is worded by Accept-Language and a 404 is
    // heuristically cacheable (RFC 9111 §4.2.2): it carried neither Cache-Control nor Vary.
    for (const url of ['/docs/nope', '/assets/index-gone.js']) {
      const en = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } })
      const id = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'id' } })
      expect(en.statusCode, url).toBe(404)
      expect(en.json().message, url).not.toBe(id.json().message)
      const cacheControl = String(en.headers['cache-control'] ?? '')
      const vary = String(en.headers.vary ?? '').toLowerCase()
      expect(
        /no-store|no-cache/.test(cacheControl) || vary.split(/\s*,\s*/).includes('accept-language'),
        `${url}: cache-control=${cacheControl} vary=${vary}`,
      ).toBe(true)
    }
  })
})
