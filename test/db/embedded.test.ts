import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { dirname, join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { type EmbeddedServer, startEmbedded } from '../../src/db/embedded.js'
import { holdEmbedded } from '../support/embedded.js'

const dirs: string[] = []
const servers: EmbeddedServer[] = []
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bursa-embedded-'))
  dirs.push(dir)
  return dir
}
async function start(dataDir: string) {
  const server = await startEmbedded({ dataDir })
  servers.push(server)
  return server
}
async function query<T extends pg.QueryResultRow>(server: EmbeddedServer, text: string) {
  const c = new pg.Client({ connectionString: server.url() })
  await c.connect()
  try {
    return (await c.query<T>(text)).rows
  } finally {
    await c.end()
  }
}
const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => {})
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

/** The embedded default (src/db/embedded.ts), on both CI runs: it is what `npm start` uses without DATABASE_URL. */
describe('embedded PostgreSQL', () => {
  it('keeps its data in DATA_DIR/pg with fsync on, listens only on a socket in DATA_DIR, and not as root', async () => {
    const dir = freshDir()
    const server = await start(dir)
    const [row] = await query<{
      data: string
      fsync: string
      listen: string
      sockets: string
      version: string
    }>(
      server,
      `select current_setting('data_directory') as data, current_setting('fsync') as fsync,
              current_setting('listen_addresses') as listen, current_setting('unix_socket_directories') as sockets,
              current_setting('server_version') as version`,
    )
    expect(row).toMatchObject({ data: join(dir, 'pg'), fsync: 'on', listen: '', sockets: join(dir, 'run') })
    expect(row.version).toMatch(/^17\./)
    const uid = Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1])
    if (userInfo().uid === 0) expect(uid).not.toBe(0)
    else expect(uid).toBe(userInfo().uid)
    const pid = server.pid as number
    await server.stop()
    expect(alive(pid)).toBe(false)
    expect(server.pid).toBeUndefined()
  })

  // Only root has a server user apart from itself; as an ordinary user the folder is its own.
  it.runIf(userInfo().uid === 0)(
    'as root, with a DATA_DIR its user cannot enter (a 0700 parent), keeps the cluster under /var/lib/bursa linked from DATA_DIR/pg',
    async () => {
      const parent = freshDir()
      chmodSync(parent, 0o700)
      const dir = join(parent, 'data')
      const server = await start(dir)
      const [row] = await query<{ data: string }>(server, `select current_setting('data_directory') as data`)
      expect(row?.data).toMatch(/^\/var\/lib\/bursa\/[0-9a-f]{16}\/pg$/)
      expect(realpathSync(join(dir, 'pg'))).toBe(row?.data)
      expect(statSync(parent).mode & 0o777).toBe(0o700)
      await server.stop()
      rmSync(dirname(row?.data as string), { recursive: true, force: true })
    },
  )

  it('refuses a second process on the same data folder with a clear message', async () => {
    const dir = freshDir()
    const first = await start(dir)
    // The lock names the owner: this process holds it, so a second owner is simulated by another pid.
    await first.stop()
    const { holder } = await holdEmbedded(dir)
    try {
      await expect(startEmbedded({ dataDir: dir })).rejects.toThrow(
        new RegExp(`The data folder .* is in use by process ${holder.pid}`),
      )
    } finally {
      holder.kill('SIGTERM')
    }
  })

  it('refuses a data folder made by another PostgreSQL major, saying how to carry the data across, and changes nothing in it', async () => {
    const dir = freshDir()
    const first = await start(dir)
    await query(first, 'create table kept (n int); insert into kept values (42)')
    await first.stop()
    // What a release shipping another major finds: a cluster whose PG_VERSION is not its binaries' major.
    const versionFile = join(dir, 'pg', 'PG_VERSION')
    const major = readFileSync(versionFile, 'utf8').trim()
    expect(major).toBe('17')
    writeFileSync(versionFile, '16\n')

    const refused = startEmbedded({ dataDir: dir })
    await expect(refused).rejects.toThrow(
      /was made by PostgreSQL 16, and this release of bursa runs PostgreSQL 17, which cannot open it\. Nothing was changed\./,
    )
    await expect(refused).rejects.toThrow(/npm run backup.*npm run restore -- FILE/)
    expect(readFileSync(versionFile, 'utf8')).toBe('16\n')
    expect(existsSync(join(dir, 'pg', 'postmaster.pid'))).toBe(false)

    // The folder (and its lock) are as they were: with its own major back, it opens with its data.
    writeFileSync(versionFile, `${major}\n`)
    const again = await start(dir)
    expect(await query<{ n: number }>(again, 'select n from kept')).toEqual([{ n: 42 }])
    await again.stop()
  })

  it('refuses a cluster copied without its password file, naming it, and opens again once it is back', async () => {
    const dir = freshDir()
    await (await start(dir)).stop()
    const passwordFile = join(dir, 'pg-password')
    const password = readFileSync(passwordFile, 'utf8')
    rmSync(passwordFile)
    await expect(startEmbedded({ dataDir: dir })).rejects.toThrow(
      new RegExp(
        `${passwordFile} is missing\\. It holds the password the embedded database .* was made with`,
      ),
    )
    expect(existsSync(join(dir, 'pg', 'postmaster.pid'))).toBe(false)
    writeFileSync(passwordFile, password, { mode: 0o600 })
    await (await start(dir)).stop()
  })

  it('when PostgreSQL cannot start, says why in its own words', async () => {
    const dir = freshDir()
    await (await start(dir)).stop()
    writeFileSync(join(dir, 'pg', 'postgresql.conf'), "work_mem = 'lots'\n", { flag: 'a' })
    // The postmaster exits at once; its reason is the last thing it writes to stderr.
    await expect(startEmbedded({ dataDir: dir })).rejects.toThrow(
      /PostgreSQL exited during start-up:\n[\s\S]*FATAL: {2}configuration file ".*postgresql\.conf" contains errors/,
    )
  })

  it('after kill -9 of its owner, stops the postmaster left running and starts with every committed row', async () => {
    const dir = freshDir()
    const { holder, postmaster: orphan } = await holdEmbedded(dir)
    holder.kill('SIGKILL')
    await new Promise((r) => holder.once('exit', r))
    expect(alive(orphan)).toBe(true)

    const server = await start(dir)
    expect(alive(orphan)).toBe(false)
    expect(server.pid).not.toBe(orphan)
    await query(server, 'create table kept (n int); insert into kept values (42)')
    // A postmaster killed outright leaves its postmaster.pid; the process is gone, so the next start clears it.
    const pid = server.pid as number
    await server.stop()
    writeFileSync(join(dir, 'pg', 'postmaster.pid'), `${pid}\n${join(dir, 'pg')}\n`)
    const again = await start(dir)
    expect(await query<{ n: number }>(again, 'select n from kept')).toEqual([{ n: 42 }])
  })
})
