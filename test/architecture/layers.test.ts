/**
 * The layers of src/ hold (docs/architecture.md): every relative import of every source file is read
 * (`import … from`, `export … from`, `import '…'`, `import('…')`, type-only ones too) and checked against
 * the rules below. A failure lists each forbidden import as `file:line → target (rule)`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')

interface Import {
  /** Importing and imported file, relative to the repository, with `/`. */
  from: string
  to: string
  line: number
}

const posix = (p: string) => p.split(sep).join('/')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  )
}

// A statement that starts a line and reaches `from '…'` without starting another statement on the way.
const STATEMENT = /^(?:import|export)\b(?:(?!\n(?:import|export)\b)[^'"])*?\bfrom\s*['"]([^'"]+)['"]/gm
const BARE = /^import\s*['"]([^'"]+)['"]/gm
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g

/** The relative imports of one file (`file` relative to the repository), resolved to files. */
function importsOf(file: string, text: string): Import[] {
  const found: Import[] = []
  for (const pattern of [STATEMENT, BARE, DYNAMIC]) {
    for (const m of text.matchAll(pattern)) {
      const spec = m[1]
      if (!spec.startsWith('.')) continue
      const base = resolve(ROOT, dirname(file), spec).replace(/\.js$/, '')
      const target =
        ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((p) => existsSync(p)) ?? `${base}.ts`
      const line = text.slice(0, m.index).split('\n').length
      found.push({ from: file, to: posix(relative(ROOT, target)), line })
    }
  }
  return found
}

const under = (file: string, dir: string) => file.startsWith(`${dir}/`)
const moduleOf = (file: string) => file.match(/^src\/modules\/([^/]+)\//)?.[1]
const isRoutes = (file: string) => /(^|\/|\.)routes\.ts$/.test(file)
const NEUTRAL = (file: string) => file === 'src/actor.ts' || under(file, 'src/vocabulary')

/** Why an import breaks a layer rule, or null when it is allowed. */
function brokenRule({ from, to }: Import): string | null {
  if (!under(to, 'src')) return 'src/ imports nothing outside src/ (test/, scripts/, web/)'
  if (
    under(from, 'src/db') &&
    ['http', 'modules', 'demo', 'jobs', 'storage'].some((d) => under(to, `src/${d}`))
  )
    return 'db/ is the bottom layer: it imports no http/, modules/, demo/, jobs/ or storage/ code'
  if (NEUTRAL(from) && !under(to, 'src/db/schema') && to !== 'src/http/i18n.ts' && !NEUTRAL(to))
    return 'src/actor.ts and src/vocabulary/ import only db/schema/ and http/i18n.ts'
  if (under(from, 'src/http') && ['modules', 'demo', 'jobs'].some((d) => under(to, `src/${d}`)))
    return 'http/ is shared by every module: it imports no module, job or demo code'
  if (under(from, 'src/storage') && !under(to, 'src/storage')) return 'storage/ stands alone'
  if (under(from, 'src/jobs') && under(to, 'src/modules') && !to.endsWith('/service.ts'))
    return "jobs/ may import a module's service.ts only"
  if (under(to, 'src/demo') && !under(from, 'src/demo') && from.slice(4).includes('/'))
    return 'demo/ is imported only by the entry points (src/main.ts, src/startup.ts)'
  const a = moduleOf(from)
  const b = moduleOf(to)
  if (a && b && a !== b && isRoutes(to)) return "a module never imports another module's routes (DESIGN §2)"
  return null
}

function violations(imports: Import[]): string[] {
  return imports.flatMap((i) => {
    const rule = brokenRule(i)
    return rule ? [`${i.from}:${i.line} → ${i.to} (${rule})`] : []
  })
}

describe('the layers of src/', () => {
  it('no file imports across a forbidden direction', () => {
    const imports = sourceFiles(join(ROOT, 'src')).flatMap((path) =>
      importsOf(posix(relative(ROOT, path)), readFileSync(path, 'utf8')),
    )
    expect(imports.length).toBeGreaterThan(300)
    expect(violations(imports)).toEqual([])
  })

  it('reads multi-line, type-only, re-exporting, bare and dynamic imports with their lines', () => {
    const text = [
      "import type { Actor } from '../actor.js'", // 1
      'import {', // 2
      '  a,', // 3
      "} from '../http/errors.js'", // 4
      'export const x = 1', // 5
      "export { y } from './client.js'", // 6
      "import '../modules/users/service.js'", // 7
      "const m = await import('../demo/seed.js')", // 8
      "import { z } from 'drizzle-orm'", // 9
    ].join('\n')
    expect(importsOf('src/db/file.ts', text)).toEqual([
      { from: 'src/db/file.ts', to: 'src/actor.ts', line: 1 },
      { from: 'src/db/file.ts', to: 'src/http/errors.ts', line: 2 },
      { from: 'src/db/file.ts', to: 'src/db/client.ts', line: 6 },
      { from: 'src/db/file.ts', to: 'src/modules/users/service.ts', line: 7 },
      { from: 'src/db/file.ts', to: 'src/demo/seed.ts', line: 8 },
    ])
  })

  it.each([
    ['src/db/audit.ts', 'src/http/auth.ts'],
    ['src/db/client.ts', 'src/modules/auth/service.ts'],
    ['src/db/client.ts', 'src/demo/seed.ts'],
    ['src/http/auth.ts', 'src/modules/auth/service.ts'],
    ['src/jobs/workers.ts', 'src/modules/reminders/queries.ts'],
    ['src/modules/selection/service.ts', 'src/modules/placements/routes.ts'],
    ['src/modules/vacancies/service.ts', 'src/modules/master-data/majors.routes.ts'],
    ['src/modules/users/service.ts', 'src/demo/seed.ts'],
    ['src/vocabulary/index.ts', 'src/modules/tracer-study/service.ts'],
    ['src/actor.ts', 'src/http/auth.ts'],
    ['src/app.ts', 'test/support/app.ts'],
    ['src/modules/users/service.ts', 'scripts/seed-demo.ts'],
  ])('refuses %s → %s', (from, to) => {
    expect(violations([{ from, to, line: 1 }])).toHaveLength(1)
  })

  it.each([
    ['src/db/audit.ts', 'src/actor.ts'],
    ['src/http/scope.ts', 'src/actor.ts'],
    ['src/jobs/workers.ts', 'src/modules/reminders/service.ts'],
    ['src/modules/selection/service.ts', 'src/modules/placements/service.ts'],
    ['src/modules/vacancies/eligibility.ts', 'src/modules/portfolio/service.ts'],
    ['src/modules/master-data/routes.ts', 'src/modules/master-data/majors.routes.ts'],
    ['src/modules/vocabulary/service.ts', 'src/vocabulary/index.ts'],
    ['src/vocabulary/index.ts', 'src/db/schema/index.ts'],
    ['src/main.ts', 'src/demo/seed.ts'],
    ['src/demo/history.ts', 'src/modules/schedules/service.ts'],
    ['src/app.ts', 'src/modules/users/routes.ts'],
  ])('allows %s → %s', (from, to) => {
    expect(violations([{ from, to, line: 1 }])).toEqual([])
  })
})
