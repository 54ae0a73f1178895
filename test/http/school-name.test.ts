import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config.js'
import { webClient } from '../../src/http/web.js'

/**
 * Every school runs its own bursa: SCHOOL_NAME ("SMKN 1 Bekasi") names it in the web client's header, its
 * printed sheets and its tab. The page the service serves carries it in a meta tag (no request more on the
 * first load); a school that does not set it gets the page, and the wording, of before.
 */
const base = mkdtempSync(join(tmpdir(), 'school-name-web-'))
beforeAll(() => {
  mkdirSync(base, { recursive: true })
  writeFileSync(join(base, 'index.html'), '<html><head></head><body>the page</body></html>')
})
afterAll(() => rmSync(base, { recursive: true, force: true }))

async function pageWith(schoolName: string) {
  const app = Fastify()
  await app.register(webClient, { root: base, schoolTimeZone: 'Asia/Jakarta', uploadLimit: 1024, schoolName })
  try {
    const res = await app.inject({ method: 'GET', url: '/lowongan' })
    expect(res.statusCode).toBe(200)
    return res.body
  } finally {
    await app.close()
  }
}

describe("the school's name in the served page", () => {
  it('is written, HTML-escaped, in a meta tag', async () => {
    const body = await pageWith('SMK "Bakti" <Nusa> & Bangsa')
    expect(body).toContain(
      '<meta name="bursa-school" content="SMK &#34;Bakti&#34; &#60;Nusa&#62; &#38; Bangsa" />',
    )
    expect(body).not.toContain('<Nusa>')
  })

  it('is not there when the school did not set one', async () => {
    expect(await pageWith('')).not.toContain('bursa-school"')
  })
})

describe('SCHOOL_NAME', () => {
  it('is read trimmed; empty when unset', () => {
    expect(loadConfig({}).schoolName).toBe('')
    expect(loadConfig({ SCHOOL_NAME: '  SMKN 1 Bekasi ' }).schoolName).toBe('SMKN 1 Bekasi')
  })

  it('refuses at start a name over two lines, with a control character, or too long', () => {
    const messageOf = (value: string) => {
      try {
        loadConfig({ SCHOOL_NAME: value })
        return ''
      } catch (err) {
        return (err as Error).message
      }
    }
    expect(messageOf('SMKN 1\nBekasi')).toMatch(
      /SCHOOL_NAME: must be the school's name on one line, without control characters/,
    )
    expect(messageOf('SMKN 1\tBekasi')).toMatch(/SCHOOL_NAME: must be the school's name on one line/)
    expect(messageOf('S'.repeat(101))).toMatch(/SCHOOL_NAME: must be at most 100 characters \(got 101\)/)
    expect(messageOf('S'.repeat(100))).toBe('')
  })
})
