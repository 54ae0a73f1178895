import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')

interface Manifest {
  name: string
  version: string
  engines?: { node?: string }
  scripts?: Record<string, string>
}

/** Every package npm installed (node_modules, nested ones included), as its package.json says. */
function installed(dir = join(root, 'node_modules'), out: Manifest[] = []): Manifest[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === '.bin' || entry.name === '.cache') continue
    const path = join(dir, entry.name)
    if (entry.name.startsWith('@')) {
      installed(path, out)
      continue
    }
    try {
      out.push(JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')))
    } catch {
      continue
    }
    try {
      installed(join(path, 'node_modules'), out)
    } catch {}
  }
  return out
}

/** `npm install` on Node 20 prints no engine warning and no unreviewed install script (issue 13). */
describe('npm install', () => {
  const packages = installed()
  const project = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))

  it('installs nothing that declares it needs a newer Node than the machines run', () => {
    expect(packages.length).toBeGreaterThan(100)
    const wrong = packages
      .filter(
        (p) =>
          p.engines?.node && !semver.satisfies(process.version, p.engines.node, { includePrerelease: true }),
      )
      .map((p) => `${p.name}@${p.version} wants node ${p.engines?.node}`)
    expect(wrong).toEqual([])
  })

  it('lists every package with an install script in allowScripts (its script was reviewed)', () => {
    const allowed = new Set(Object.keys(project.allowScripts ?? {}))
    const unreviewed = packages
      .filter((p) => ['preinstall', 'install', 'postinstall'].some((s) => p.scripts?.[s]))
      .filter((p) => !allowed.has(p.name) && !allowed.has(`${p.name}@${p.version}`))
      .map((p) => `${p.name}@${p.version}`)
    expect([...new Set(unreviewed)]).toEqual([])
  })
})
