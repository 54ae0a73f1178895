import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { files } from '../../src/db/schema/index.js'
import { useTestApp } from '../support/app.js'
import {
  aCandidate,
  anHrdWithVacancy,
  postResultForm,
  storedSelection,
} from '../support/builders/selection.js'
import { tinyPdf } from '../support/multipart.js'
import { storedFiles } from '../support/stored.js'

const t = useTestApp()

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Two decision letters saved at once for one application (a double click, two HR staff): the second waits for
 * the first's lock, then must see the letter it stored and replace it (docs: a new letter replaces the old
 * one, its row and bytes removed). It used to read the result from before its wait and left the first
 * letter's row and bytes with nothing pointing at them.
 */
describe('two decision letters stored at once for one application', () => {
  it('leave one letter: the one the result points at, in the table and in storage', async () => {
    const { hrd, vacancy } = await anHrdWithVacancy(t, { values: { title: 'Teknisi Mesin' } })
    const { learner, application } = await aCandidate(t, vacancy.id, { reviewed: true })

    // Hold the application's row while both requests arrive (a double click on "save", or two HR
    // staff), so that both wait on the same lock in lockForScoring.
    let pending: Promise<Awaited<ReturnType<typeof postResultForm>>[]> | undefined
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select id from applications where id = ${application.id} for update`)
      pending = Promise.all([
        postResultForm(t, hrd, application.id, {
          decision_letter: { data: tinyPdf('satu'), filename: 'a.pdf' },
        }),
        postResultForm(t, hrd, application.id, {
          decision_letter: { data: tinyPdf('dua'), filename: 'b.pdf' },
        }),
      ])
      await sleep(800)
    }) // the lock goes at this commit; both requests then take turns
    const results = await pending!
    expect(results.map((r) => r.statusCode)).toEqual([200, 200])

    const { result } = await storedSelection(t, application.id)
    const letters = await t.db.select().from(files).where(eq(files.studentId, learner.studentId))
    // Only the letter the result points at should remain, in the table and in storage.
    expect(letters.map((f) => f.id)).toEqual([result.letterFileId])
    expect(storedFiles(t).filter((k) => k.startsWith('letters/'))).toEqual([letters[0].storageKey])
  })
})
