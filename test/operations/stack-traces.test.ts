import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer } from '../../scripts/build-server.js'

const root = resolve(import.meta.dirname, '../..')
const fixture = join(root, 'test/operations/fixtures/logs-an-error.ts')
/** The line of `throw new Error('stock check failed')` in the fixture. */
const throwLine =
  readFileSync(fixture, 'utf8')
    .split('\n')
    .findIndex((l) => l.includes('throw new Error')) + 1

function rmdirQuietly(dir: string) {
  try {
    rmdirSync(dir)
  } catch {}
}

/**
 * `npm start` runs the bundle without `--enable-source-maps` (its memory: docs/performance.md); a logged
 * error still names the lines of the TypeScript sources, read from the bundle's map when it is logged.
 */
describe('stack traces of the bundled service', () => {
  const dist = join(root, 'dist')
  const distWasThere = existsSync(dist)
  let dir: string
  let bundle: string

  beforeAll(async () => {
    // Under dist/ (ignored by git), so the bundle's packages load from the project's node_modules.
    mkdirSync(dist, { recursive: true })
    dir = mkdtempSync(join(dist, 'stack-traces-'))
    bundle = join(dir, 'main.js')
    await buildServer({ entry: fixture, outfile: bundle })
  })
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true })
    // dist/ made here goes too, unless something else was built into it meanwhile.
    if (!distWasThere) rmdirQuietly(dist)
  })

  /** The fixture's JSON log lines, the bundle run as `npm start` runs the service's. */
  function run(nodeArgs: string[] = []) {
    const start = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start as string
    const flags = start.split(' ').filter((arg) => arg.startsWith('--'))
    const out = spawnSync(process.execPath, [...flags, ...nodeArgs, bundle], { cwd: root, encoding: 'utf8' })
    expect(out.status, out.stderr).toBe(0)
    return out.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
  }

  it('a 500 logged with its error names the TypeScript line that threw, not the bundle', () => {
    const logged = run().find((line) => line.err)
    expect(logged.err.message).toBe('stock check failed')
    const frames = (logged.err.stack as string).split('\n').slice(1)
    expect(frames[0]).toContain(`${fixture}:${throwLine}:`)
    expect(logged.err.stack).not.toContain(pathToFileURL(bundle).href)
  })

  it('a map let go after its time is read again for the next error', () => {
    const { first, again } = run().find((line) => line.again)
    expect(first.split('\n')[1]).toContain(`${fixture}:${throwLine}:`)
    expect(again).toBe(first)
  })

  it("with Node's own source maps switched on, the trace is the same", () => {
    const logged = run(['--enable-source-maps']).find((line) => line.err)
    expect(logged.err.stack.split('\n')[1]).toContain(`${fixture}:${throwLine}:`)
  })
})
