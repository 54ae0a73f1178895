import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { loadConfig } from '../../src/config.js'
import { DEMO_EMAILS } from '../../src/demo/seed.js'
import { freePort, freshStore, type Store } from '../failure/service.js'

const root = resolve(import.meta.dirname, '../..')

/** `src/main.ts` as `npm start` runs it; resolves with its output once it is ready (then stopped) or has exited. */
function runMain(store: Store, env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string; ready: boolean }>((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        DATA_DIR: store.dataDir,
        DATABASE_URL: store.url,
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let ready = false
    const onData = (d: Buffer) => {
      out += d
      // The demo block (when there is one) comes right after the ready line.
      if (!ready && /bursa is ready/.test(out)) {
        ready = true
        setTimeout(() => child.kill('SIGTERM'), 500)
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      done({ code, out, ready })
    })
  })
}

describe('starting the service', () => {
  let store: Store
  beforeAll(async () => {
    store = await freshStore(inject('dbServer'))
  })
  afterAll(async () => {
    await store?.drop()
  })

  it('on a busy port: one line naming the port and PORT, before any data folder is set up', async () => {
    const blocker = createServer()
    const port = await freePort()
    await new Promise<void>((ok) => blocker.listen(port, '127.0.0.1', ok))
    try {
      const empty = await freshStore()
      const res = await runMain(empty, { PORT: String(port), DATABASE_URL: '' })
      await empty.drop()
      expect(res.code).toBe(1)
      expect(
        res.out
          .trim()
          .split('\n')
          .filter((l) => !/nodedir/.test(l)),
      ).toEqual([
        `Port ${port} on 127.0.0.1 is already in use (another bursa, or another program). Stop it, or choose another port with PORT=…`,
      ])
      expect(existsSync(join(empty.dataDir, 'pg'))).toBe(false)
    } finally {
      blocker.close()
    }
  })

  it('with a HOST that is not an address of this machine: one line naming HOST, not a busy port', async () => {
    const empty = await freshStore()
    // 192.0.2.1 is TEST-NET-1, never an address of this machine (EADDRNOTAVAIL); the port is free.
    const res = await runMain(empty, { HOST: '192.0.2.1', PORT: String(await freePort()), DATABASE_URL: '' })
    await empty.drop()
    expect(res.code).toBe(1)
    expect(res.out).toContain('HOST=192.0.2.1 is not an address of this machine.')
    expect(res.out).not.toContain('already in use')
    expect(existsSync(join(empty.dataDir, 'pg'))).toBe(false)
  })

  const messageOf = (env: Record<string, string>) => {
    try {
      loadConfig(env)
      return ''
    } catch (err) {
      return (err as Error).message
    }
  }

  it('refuses a mail server or object storage URL it cannot use, naming it without its value', () => {
    // Accepted before: every e-mail then failed ("Cannot create property 'mailer' on string …").
    const smtp = messageOf({ SMTP_URL: 'mail.sekolah.sch.id' })
    expect(smtp).toMatch(/SMTP_URL: must be smtp:\/\/USER:PASSWORD@host:port, .* \(value not shown\)/)
    expect(smtp).not.toContain('mail.sekolah.sch.id')
    // Found only after the database was opened and migrated, as an uncaught exception.
    const storage = messageOf({ STORAGE_URL: 's3://rahasia@nobucket' })
    expect(storage).toMatch(/STORAGE_URL: .*bucket name is missing or invalid \(value not shown\)/)
    expect(storage).not.toContain('rahasia')
    expect(messageOf({ SMTP_URL: 'smtps://bkk:rahasia@mail.sekolah.sch.id:465' })).toBe('')
  })

  it('refuses a DATABASE_URL that is not a postgres:// URL, naming it without its value', () => {
    // Accepted before; the start failed after opening the pool with words that named no setting:
    //   db.sekolah.local:5432/bursa                     -> "no PostgreSQL user name specified in startup packet"
    //   postgres://bursa:ra#hasia@127.0.0.1:5432/bursa  -> "Cannot migrate the database: Invalid URL" ('#' not encoded)
    //   mysql://bursa:rahasia@127.0.0.1:3306/bursa      -> tried as PostgreSQL
    for (const url of [
      'db.sekolah.local:5432/bursa',
      'postgres://bursa:ra#hasia@127.0.0.1:5432/bursa',
      'mysql://bursa:rahasia@127.0.0.1:3306/bursa',
    ]) {
      const message = messageOf({ DATABASE_URL: url })
      expect(message, url).toMatch(/DATABASE_URL: .*\(value not shown\)/)
      expect(message, url).not.toContain('rahasia')
    }
    // What stays accepted: TCP, postgresql://, an encoded password, and a Unix socket (docs/operations.md).
    for (const url of [
      'postgres://bursa:secret@db.example:5432/bursa',
      'postgresql://bursa:secret@db.example/bursa',
      'postgres://bursa:ra%23hasia@127.0.0.1:5432/bursa',
      'postgres://bursa@/bursa?host=/var/run/postgresql',
    ])
      expect(messageOf({ DATABASE_URL: url }), url).toBe('')
  })

  it('refuses an SMTP_FROM without an e-mail address', () => {
    // Accepted before: every e-mail went out with an empty envelope sender and a From header holding no
    // address (refused or taken for spam, then given up), and invitations had `ORGANIZER:mailto:BKK SMKN 1 Jakarta`.
    const message = messageOf({
      SMTP_URL: 'smtp://bkk:rahasia@mail.sekolah.sch.id:587',
      SMTP_FROM: 'BKK SMKN 1 Jakarta',
    })
    expect(message).toMatch(/SMTP_FROM: must hold the sender's e-mail address/)
    expect(messageOf({ SMTP_FROM: 'BKK SMKN 1 Jakarta <bkk@smkn1jkt.sch.id>' })).toBe('')
    expect(messageOf({ SMTP_FROM: 'bkk@smkn1jkt.sch.id' })).toBe('')
  })

  it('lists the accepted values of a bad choice setting', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'loud', NODE_ENV: 'staging' })).toThrow(
      /LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent \(got "loud"\)/,
    )
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(
      /NODE_ENV: must be one of development, production, test \(got "staging"\)/,
    )
  })

  it('counts rate limits in the database where several instances can run, in memory on the embedded one', () => {
    const external = 'postgres://bursa@db.example:5432/bursa'
    expect(loadConfig({}).rateLimitStore).toBe('memory')
    expect(loadConfig({ DATABASE_URL: external }).rateLimitStore).toBe('database')
    expect(loadConfig({ DATABASE_URL: external, RATE_LIMIT_STORE: 'memory' }).rateLimitStore).toBe('memory')
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow(
      /RATE_LIMIT_STORE: must be one of memory, database \(got "redis"\)/,
    )
  })

  it('names a bad secret setting without printing its value', () => {
    let message = ''
    try {
      loadConfig({ CREDENTIALS_KEY: 'too-short-secret' })
    } catch (err) {
      message = (err as Error).message
    }
    expect(message).toMatch(/CREDENTIALS_KEY: .* \(value not shown\)/)
    expect(message).not.toContain('too-short-secret')
  })

  it('production refuses to start without PUBLIC_URL, naming it, before the database is opened', async () => {
    // It started on http://localhost:<PORT>: every e-mailed link (set a password, confirm a company's e-mail),
    // the check-in QR code and the invitations' UIDs named localhost, working for no recipient.
    const noUrl = await runMain(store, {
      NODE_ENV: 'production',
      PUBLIC_URL: '',
      PORT: String(await freePort()),
    })
    expect(noUrl.ready).toBe(false)
    expect(noUrl.code).toBe(1)
    expect(noUrl.out).toMatch(/^Refusing to start in production without PUBLIC_URL: set it to the address/m)
    // Development keeps its default for a machine of one's own.
    expect(loadConfig({ PORT: '3100' }).publicUrl).toBe('http://localhost:3100')
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://bkk.smk.test/' }).publicUrl).toBe(
      'https://bkk.smk.test',
    )
  })

  it('prints the demo accounts as a readable block on every development start, and production refuses them until disabled', async () => {
    const dev = { NODE_ENV: 'development', SEED_DEMO: 'auto' }
    const first = await runMain(store, { ...dev, PORT: String(await freePort()) })
    expect(first.ready).toBe(true)
    const block =
      /^ {2}Demo accounts \(development only\), password: password123\n((?: {4}\S+@demo\.test +\w+\n)+) {4}\(and \d+ more demo accounts/m
    expect(first.out).toMatch(block)
    expect(block.exec(first.out)?.[1]?.trim().split('\n')).toHaveLength(5)
    const again = await runMain(store, { ...dev, PORT: String(await freePort()) })
    expect(again.out).toMatch(block)

    const prod = await runMain(store, {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://bkk.smk.test',
      PORT: String(await freePort()),
    })
    expect(prod.ready).toBe(false)
    expect(prod.code).toBe(1)
    expect(prod.out).toContain(
      `Refusing to start in production: ${DEMO_EMAILS.length} demo account(s) (superadmin@demo.test, admin@demo.test, hrd@demo.test, …) still accept the demo password.`,
    )
    // The command to paste names the database this start used (its DATA_DIR; a DATABASE_URL is not printed).
    expect(prod.out).toContain(
      `NODE_ENV=production ${store.url ? 'DATABASE_URL=…' : `DATA_DIR=${store.dataDir}`} npm run disable-demo`,
    )

    const disabled = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/disable-demo.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: store.dataDir, DATABASE_URL: store.url, NODE_ENV: 'production' },
      encoding: 'utf8',
    })
    expect(disabled.stdout).toMatch(new RegExp(`Deactivated ${DEMO_EMAILS.length} demo account\\(s\\)`))
    const after = await runMain(store, {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://bkk.smk.test',
      PORT: String(await freePort()),
    })
    expect(after.ready).toBe(true)
    expect(after.out).not.toMatch(/Demo accounts/)
    expect(after.out).toMatch(/no active superadmin yet: create the first one with {2}npm run create-admin/)
  }, 180_000)
})
