import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import pino from 'pino'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { localStorage } from '../../src/storage/storage.js'
import { freshDatabase } from '../support/databases.js'

/**
 * Production needs https, so the IT person puts nginx or Caddy on the same machine in front of bursa. Without
 * TRUST_PROXY every request comes from 127.0.0.1 and every per-address limit is one counter for the whole world:
 * the 11th person in an hour to ask for a password link, from anywhere, gets 429. The service cannot guess
 * that the proxy is to be believed, but it can say, once, that a proxy's X-Forwarded-For arrives and is ignored.
 */
const cleanup: (() => unknown)[] = []
afterAll(async () => {
  for (const c of cleanup.reverse()) await c()
})

/** The production app with `TRUST_PROXY` as given, and the lines it logs. */
async function behindProxy(trustProxy?: string) {
  const lines: { level: number; msg: string }[] = []
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l))
      done()
    },
  })
  const dataDir = mkdtempSync(join(tmpdir(), 'proxy-check-'))
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }))
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://bkk.smk.test',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}),
  })
  const database = await freshDatabase(inject('dbServer'), config.schoolTimeZone)
  cleanup.push(() => database.close())
  const app = await buildApp({
    config,
    database,
    storage: localStorage(join(dataDir, 'files')),
    loggerInstance: pino({ level: 'info' }, sink),
  })
  await app.ready()
  cleanup.push(() => app.close())
  /** Eleven people from eleven networks, each asking once for a password link, through `from`. */
  const elevenStrangers = async (from = '127.0.0.1') => {
    const statuses: number[] = []
    for (let i = 1; i <= 11; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        remoteAddress: from,
        headers: { 'x-forwarded-for': `36.${i}.10.20`, 'x-forwarded-proto': 'https' },
        payload: { email: `orang${i}@rumah.test` },
      })
      statuses.push(res.statusCode)
    }
    return statuses
  }
  const warnings = () => lines.filter((l) => l.level >= 40).map((l) => l.msg)
  return { elevenStrangers, warnings, lines }
}

describe('a reverse proxy in front, TRUST_PROXY left at its default (false)', () => {
  it('warns once, naming TRUST_PROXY, when the proxy’s X-Forwarded-For arrives and is ignored', async () => {
    const proxied = await behindProxy()
    const statuses = await proxied.elevenStrangers()
    // What the warning is about: the eleventh stranger is refused because ten others asked.
    expect(statuses.at(-1)).toBe(429)
    expect(proxied.warnings()).toEqual([
      expect.stringMatching(/X-Forwarded-For.*TRUST_PROXY is not set.*TRUST_PROXY=true/),
    ])
    // The people's addresses the proxy forwarded are not logged by the warning.
    expect(JSON.stringify(proxied.warnings())).not.toMatch(/36\.\d+\.10\.20/)
  }, 60_000)

  it('says the same of a proxy on the school network (a private address)', async () => {
    const proxied = await behindProxy()
    await proxied.elevenStrangers('10.0.0.5')
    expect(proxied.warnings()).toEqual([expect.stringMatching(/TRUST_PROXY/)])
  }, 60_000)

  it('says nothing of a client on the internet reaching the service directly with a header of its own', async () => {
    const direct = await behindProxy()
    await direct.elevenStrangers('203.0.113.9')
    expect(direct.warnings().filter((m) => /TRUST_PROXY/.test(m))).toEqual([])
  }, 60_000)
})

describe('the same proxy with TRUST_PROXY=true, as the warning says', () => {
  it('counts each person on their own address, and says nothing', async () => {
    const trusted = await behindProxy('true')
    expect(await trusted.elevenStrangers()).toEqual(Array(11).fill(200))
    expect(trusted.warnings().filter((m) => /TRUST_PROXY/.test(m))).toEqual([])
  }, 60_000)
})
