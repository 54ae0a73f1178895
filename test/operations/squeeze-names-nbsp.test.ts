import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { migrationsFolder } from '../../src/db/client.js'
import { companies } from '../../src/db/schema/index.js'
import { call, useTestApp } from '../support/app.js'
import { anAdmin } from '../support/builders/accounts.js'
import { aCompany, tag } from '../support/builders/org.js'

/**
 * Migration 0023 squeezes stored names with the blanks JavaScript's `\s` matches, as the service squeezes what
 * it writes and every search: the no-break space (U+00A0, what a name copied from a web page, a Word letter or a
 * PDF carries) too, which PostgreSQL's `\s` alone does not match (found by the review of the change).
 */
const t = useTestApp()

describe('upgrading to migration 0023 with a name holding no-break spaces', () => {
  // Before this session staff saved the partner "PT Sinar Jaya" by pasting it from the company's letterhead
  // (no-break spaces between the words, stored as pasted: the old write only trimmed). Pasting the same name
  // into the Companies search found it. After the upgrade the search squeezes the pasted text to plain
  // spaces, the migration left the stored name with its no-break spaces, and no search finds the company at
  // all: neither the pasted text nor "PT Sinar Jaya" typed by hand. Should: the migration squeezes the blanks
  // the search squeezes, and the company is found.
  it('is found by the search after the upgrade', async () => {
    const admin = await anAdmin(t)
    const q = tag()
    const pasted = `PT\u00a0Sinar\u00a0Jaya ${q}`
    const company = await aCompany(t, { name: pasted })

    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'))
    const m0023 = journal.entries.find((e: { tag: string }) => e.tag === '0023_squeeze_names')
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at >= ${m0023.when}`)
    await t.database.migrate()

    const [c] = await t.db.select().from(companies).where(eq(companies.id, company.id))
    const byPaste = await call(t, 'GET', '/api/admin/companies', { as: admin, query: { search: pasted } })
    const byHand = await call(t, 'GET', '/api/admin/companies', {
      as: admin,
      query: { search: `PT Sinar Jaya ${q}` },
    })
    expect({ stored: c.name, byPaste: byPaste.body.meta.total, byHand: byHand.body.meta.total }).toEqual({
      stored: `PT Sinar Jaya ${q}`,
      byPaste: 1,
      byHand: 1,
    })
  })
})
