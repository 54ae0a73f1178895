import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { inArray } from 'drizzle-orm'
import pino from 'pino'
import { SMTPServer } from 'smtp-server'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { emailOutbox } from '../../src/db/schema/index.js'
import { watchSending } from '../../src/jobs/mail-watch.js'
import type { Mailer } from '../../src/jobs/mailer.js'
import { localStorage } from '../../src/storage/storage.js'
import type { TestContext } from '../support/app.js'
import { aStudent } from '../support/builders/accounts.js'
import { freshDatabase } from '../support/databases.js'
import { eventually } from '../support/smtp.js'

interface Line {
  level: number
  msg: string
  [field: string]: unknown
}
/** What a pino logger wrote, line by line. */
function logSink() {
  const lines: Line[] = []
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l))
      done()
    },
  })
  return { lines, logger: pino({ level: 'info' }, stream) }
}
const WARN = 40

const cleanup: (() => unknown)[] = []
afterAll(async () => {
  for (const c of cleanup.reverse()) await c()
})

async function closedPort() {
  const probe = createServer()
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r))
  const port = (probe.address() as AddressInfo).port
  await new Promise<void>((r) => probe.close(() => r()))
  return port
}

describe('e-mail switched on with an SMTP_URL nobody answers on (a wrong port or host)', () => {
  it('warns at the first failed send, once while it keeps failing, and again when sending works', async () => {
    const port = await closedPort()
    const dataDir = mkdtempSync(join(tmpdir(), 'email-failures-'))
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }))
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
    })
    const database = await freshDatabase(inject('dbServer'), config.schoolTimeZone)
    cleanup.push(() => database.close())
    const { lines, logger } = logSink()
    const app = await buildApp({
      config,
      database,
      storage: localStorage(join(dataDir, 'files')),
      loggerInstance: logger,
      // A failed e-mail is due again at once: the sweep (every 5 s) tries it again.
      jobOptions: { pollingIntervalSeconds: 0.5, emailRetrySeconds: 0 },
    })
    await app.ready()
    cleanup.push(() => app.close())
    const t = { app, db: database.db, database, config, dataDir } satisfies TestContext

    // Two learners ask for a password link: each is told it was sent.
    const learners = [await aStudent(t), await aStudent(t)]
    for (const l of learners) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: l.email },
      })
      expect(res.statusCode).toBe(200)
    }
    const mine = inArray(
      emailOutbox.to,
      learners.map((l) => l.email),
    )
    // Both have failed twice (the kick's run, then a sweep's): four failed sends.
    const rows = await eventually(async () => {
      const r = await database.db.select().from(emailOutbox).where(mine)
      return r.length === 2 && r.every((x) => x.attempts >= 2) ? r : null
    })
    expect(rows.map((r) => r.lastError)).toEqual([
      expect.stringMatching(/ECONNREFUSED/),
      expect.stringMatching(/ECONNREFUSED/),
    ])

    const warnings = () => lines.filter((l) => l.level >= WARN)
    // One warning, at the first failure, with the error and the setting to check; not one per failed send.
    expect(warnings().map((l) => l.msg)).toEqual([
      expect.stringMatching(/^sending e-mail fails: .*ECONNREFUSED/),
    ])
    expect(warnings()[0]).toMatchObject({ code: 'ESOCKET', command: 'CONN' })
    expect(warnings()[0]?.msg).toMatch(/SMTP_URL/)

    // The SMTP server comes up on that port: the e-mails go with their next try, and the log says it works again.
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, done) {
        stream.resume()
        stream.on('end', () => done())
      },
    })
    await new Promise<void>((r) => smtp.listen(port, '127.0.0.1', r))
    cleanup.push(() => new Promise<void>((r) => smtp.close(() => r())))
    await eventually(async () => {
      const r = await database.db.select().from(emailOutbox).where(mine)
      return r.every((x) => x.sentAt !== null)
    })
    const recovered = warnings().at(-1)
    expect(recovered?.msg).toMatch(/^sending e-mail works again/)
    expect(recovered?.failedSends).toBeGreaterThanOrEqual(4)
    expect(warnings()).toHaveLength(2)

    // Whose e-mail failed is not the log's business: no line names a recipient.
    const logged = JSON.stringify(lines)
    for (const l of learners) expect(logged).not.toContain(l.email)
  }, 60_000)
})

describe('the warnings of failed sends', () => {
  const failing = (err: Error) => {
    let fail = true
    const mailer: Mailer = {
      async send() {
        if (fail) throw err
      },
      close() {},
    }
    return { mailer, recover: () => (fail = false), failAgain: () => (fail = true) }
  }
  const mail = { to: 'siti.aminah@rumah.test', subject: 'Atur kata sandi', text: 'tautan rahasia' }

  it('says it again at most every 30 minutes while every send fails, with how many failed meanwhile', async () => {
    const { lines, logger } = logSink()
    let clock = 0
    const err = Object.assign(new Error('Invalid login: 535 5.7.8 bkk@smk.sch.id not accepted'), {
      code: 'EAUTH',
      responseCode: 535,
      command: 'AUTH PLAIN',
    })
    const fake = failing(err)
    const mailer = watchSending(fake.mailer, logger, { now: () => clock })
    const send = () => mailer.send(mail).catch(() => {})

    for (let minute = 0; minute < 65; minute += 5) {
      clock = minute * 60_000
      await send()
      await send()
    }
    const warned = lines.filter((l) => l.level >= WARN)
    // At 0, 30 and 60 minutes: 26 failed sends, three lines.
    expect(warned.map((l) => l.msg)).toEqual([
      expect.stringMatching(/^sending e-mail fails: Invalid login: 535/),
      expect.stringMatching(/^sending e-mail still fails/),
      expect.stringMatching(/^sending e-mail still fails/),
    ])
    expect(warned[1]).toMatchObject({ failedSends: 12, failingMinutes: 30, code: 'EAUTH', responseCode: 535 })
    // The login named in the server's answer is an address: left out.
    expect(JSON.stringify(lines)).not.toContain('bkk@smk.sch.id')
    expect(warned[0]?.msg).toContain('<address>')

    // Once it works, that is said once; the next failure is said at once again.
    fake.recover()
    clock += 60_000
    await send()
    await send()
    fake.failAgain()
    await send()
    expect(lines.slice(warned.length).map((l) => l.msg)).toEqual([
      expect.stringMatching(/^sending e-mail works again/),
      expect.stringMatching(/^sending e-mail fails/),
    ])
    expect(lines[warned.length]).toMatchObject({ failedSends: 26, failingMinutes: 61 })
  })

  it('takes a server refusing one address for what it is: no failure of sending, and no address logged', async () => {
    const { lines, logger } = logSink()
    const err = Object.assign(
      new Error(
        "Can't send mail - all recipients were rejected: 550 5.1.1 <siti.aminah@rumah.test>: unknown",
      ),
      { code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO', rejected: ['siti.aminah@rumah.test'] },
    )
    const fake = failing(err)
    const mailer = watchSending(fake.mailer, logger)
    await mailer.send(mail).catch(() => {})
    await mailer.send(mail).catch(() => {})
    fake.recover()
    await mailer.send(mail)
    expect(lines.map((l) => l.msg)).toEqual([
      expect.stringMatching(
        /^an e-mail was refused by the SMTP server for its address: .*550 5\.1\.1 <<address>>/,
      ),
    ])
    expect(JSON.stringify(lines)).not.toContain('siti.aminah')
  })
})
