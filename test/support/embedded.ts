import { spawn } from 'node:child_process'
import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../..')

/**
 * A service holding the embedded database on `dir` from a process of its own (test/db/hold-embedded.ts), as
 * `npm start` would: answers once the database is ready, with the process and its postmaster's pid.
 */
export async function holdEmbedded(dir: string) {
  const holder = spawn(process.execPath, ['--import', 'tsx', 'test/db/hold-embedded.ts', dir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const postmaster = await new Promise<number>((ok) =>
    holder.stdout?.on('data', (d) => {
      const m = /ready (\d+)/.exec(String(d))
      if (m) ok(Number(m[1]))
    }),
  )
  return { holder, postmaster }
}
