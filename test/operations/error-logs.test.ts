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

  it('a failed query is logged with its SQL and how many values it had, not the values', async () => {
    const db = await copyOfTemplate(inject('dbServer'))
    try {
      const out = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'test/operations/fixtures/logs-a-failed-query.ts'],
        {
          cwd: root,
          encoding: 'utf8',
          env: { ...process.env, DATABASE_URL: db.url },
        },
      )
      expect(out.status, out.stderr).toBe(0)
      const lines = out.stdout.trim().split('\n')
      expect(lines).toHaveLength(1)
      const logged = JSON.parse(lines[0] as string)
      expect(logged.err.query).toBe('insert into no_such_table (email, password_hash) values ($1, $2)')
      expect(logged.err.params).toBe('(2 values)')
      expect(logged.err.message).toContain('relation "no_such_table" does not exist')
      // An e-mail address and a password hash: in no field of the line, nor in the message or the stack.
      expect(lines[0]).not.toContain('siti.aminah')
      expect(lines[0]).not.toContain('argon2id')
    } finally {
      await db.drop()
    }
  })
})
