import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../..')

/** Runs `npm run NAME` as an operator would (the script through tsx, from the project), and what it printed. */
export function runScript(name: string, args: string[], env: Record<string, string>) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  })
  return { code: res.status, out: `${res.stdout}${res.stderr}` }
}
