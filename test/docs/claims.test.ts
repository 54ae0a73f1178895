import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isNull, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { jobVacancies } from '../../src/db/schema/index.js'
import { seedDemo } from '../../src/demo/seed.js'
import { localStorage } from '../../src/storage/storage.js'
import { call, useTestApp } from '../support/app.js'

const root = join(import.meta.dirname, '..', '..')
const readme = readFileSync(join(root, 'README.md'), 'utf8')
const apiMd = readFileSync(join(root, 'docs', 'api.md'), 'utf8')

/** Claims of README.md and docs/api.md, read from the files and compared with what the service does. */
const t = useTestApp()

describe('docs/api.md, Vocabulary', () => {
  it('names every group GET /api/vocabulary answers', async () => {
    const sentence = apiMd.match(/Groups: ([\s\S]*?)\. A client shows/)
    expect(sentence, 'the "Groups: …" sentence of api.md').not.toBeNull()
    const listed = [...sentence![1].matchAll(/`([A-Za-z]+)`/g)].map((m) => m[1])
    const res = await call(t, 'GET', '/api/vocabulary')
    // `messageChannel` is named in the message templates section.
    const answered = Object.keys(res.body.data).filter((g) => g !== 'messageChannel')
    expect(answered.filter((g) => !listed.includes(g))).toEqual([])
    expect(listed.filter((g) => !answered.includes(g))).toEqual([])
  })
})

describe("README's demo data table", () => {
  beforeAll(async () => {
    await seedDemo(t.db, localStorage(join(t.dataDir, 'files')))
  }, 60_000)

  it("the number of vacancy categories it gives is the demo vacancies' number", async () => {
    const claimed = Number(readme.match(/\| vacancies \|[^\n]*?(\d+) categories/)?.[1])
    const [row] = await t.db
      .select({ n: sql<number>`count(distinct ${jobVacancies.category})::int` })
      .from(jobVacancies)
      .where(isNull(jobVacancies.deletedAt))
    expect(claimed).toBe(row.n)
  })
})
