/**
 * Builds the web client into web/dist (vite) and writes gzip and brotli copies of every text asset, which
 * the server sends to browsers that accept them. `--if-stale`: only when web/dist is missing or older than
 * a file under web/src, web/index.html or web/vite.config.ts (what `npm start` runs first).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { build } from 'vite'

const web = resolve(import.meta.dirname, '../web')
const dist = join(web, 'dist')

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  )
}

function newest(paths: string[]): number {
  return Math.max(...paths.map((p) => statSync(p).mtimeMs))
}

export function isStale(): boolean {
  let builtAt: number
  try {
    builtAt = statSync(join(dist, 'index.html')).mtimeMs
  } catch {
    return true
  }
  const sources = [...files(join(web, 'src')), join(web, 'index.html'), join(web, 'vite.config.ts')]
  return newest(sources) > builtAt
}

export async function buildWeb(): Promise<void> {
  const started = performance.now()
  // A NODE_ENV of development or test (as under vitest) would make vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({ configFile: join(web, 'vite.config.ts'), mode: 'production', logLevel: 'warn' })
  } finally {
    process.env.NODE_ENV = nodeEnv
  }
  for (const file of files(dist)) {
    if (!/\.(js|css|html|svg|json)$/.test(file)) continue
    const body = readFileSync(file)
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    )
  }
  console.log(`web client built into web/dist in ${Math.round(performance.now() - started)} ms`)
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  if (process.argv.includes('--if-stale') && !isStale()) {
    console.log('web client is up to date (web/dist)')
  } else {
    await buildWeb()
  }
}
