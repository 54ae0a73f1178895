import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { copyOfTemplate } from '../support/databases.js'

const root = resolve(import.meta.dirname, '../..')

describe('errors in the log', () => {
  it("a connection the database ended is logged as its error, without the driver's client state", async () => {
    const db = await copyOfTemplate(inject('dbServer'))
    try {
      const out = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'test/operations/fixtures/logs-a-dropped-connection.ts'],
        { cwd: root, encoding: 'utf8', env: { ...process.env, DATABASE_URL: db.url } },
      )
      expect(out.status, out.stderr).toBe(0)
      const lines = out.stdout.trim().split('\n')
      expect(lines).toHaveLength(1)
      const logged = JSON.parse(lines[0] as string)
      expect(logged.msg).toBe('job queue error')
      expect(logged.err).toMatchObject({
        message: 'terminating connection due to administrator command',
        code: '57P01',
        severity: 'FATAL',
      })
      // node-postgres hangs the whole client on the error (its connection, parser, settings): kilobytes.
      expect(logged.err).not.toHaveProperty('client')
      expect(lines[0]?.length).toBeLessThan(2000)
    } finally {
      await db.drop()
    }
  })
})
