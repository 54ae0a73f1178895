/**
 * Bundles the service (src/main.ts and everything it imports from src/) into dist/server/main.js with
 * esbuild; npm packages stay external and load from node_modules. Plain `node` then starts it without
 * compiling TypeScript on every start: faster start-up and less memory than running through tsx (figures
 * in docs/performance.md). dist/server sits two folders below the project root, as src/<folder> does, so
 * the paths the code resolves from its own file (drizzle/, web/dist) stay right.
 * `--if-stale`: only when the bundle is missing or older than a file under src/.
 */
import { readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { build } from 'esbuild'

const root = resolve(import.meta.dirname, '..')
export const serverBundle = join(root, 'dist/server/main.js')

function newestUnder(dir: string): number {
  return Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((e) =>
      e.isDirectory() ? newestUnder(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs,
    ),
  )
}

export function isServerStale(): boolean {
  try {
    return newestUnder(join(root, 'src')) > statSync(serverBundle).mtimeMs
  } catch {
    return true
  }
}

/**
 * The bundle's source map names the lines of src/ without their text (`sourcesContent`): the service reads
 * it to name a logged error's frames (src/stack-traces.ts), and src/ is beside it.
 * `entry` and `outfile`: another program bundled the same way (the stack-trace test's).
 */
export async function buildServer({ entry = join(root, 'src/main.ts'), outfile = serverBundle } = {}) {
  const started = performance.now()
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
  })
  if (outfile === serverBundle)
    console.log(`service bundled into dist/server in ${Math.round(performance.now() - started)} ms`)
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  if (process.argv.includes('--if-stale') && !isServerStale())
    console.log('service bundle is up to date (dist/server)')
  else await buildServer()
}
