import { createHash } from 'node:crypto'
import { fillPlaceholders, type SQL, sql } from 'drizzle-orm'
import type { PgDialect } from 'drizzle-orm/pg-core'
import type { Conn } from './client.js'

/**
 * A hot statement, built by the ORM once per connection and sent as a named prepared statement:
 * PostgreSQL parses it once per connection and, after five runs that show its generic plan is as good
 * as a custom one, stops planning it; the ORM does not rebuild its SQL per request either.
 *
 *   const byId = prepared((conn) => conn.select(...).where(eq(t.id, sql.placeholder('id'))).prepare('t_by_id'))
 *   await byId(db).execute({ id })        // or byId(tx) inside a transaction
 *
 * A prepared drizzle query is bound to the driver client it was built on (the pool for `db`, the pool's
 * connection for a transaction), so it is kept per driver client: one per database for `db` (the app is
 * built many times per process in tests, once per database) and one per pooled connection for
 * transactions, which the pool reuses. Names must be unique per statement text (node-postgres refuses a
 * name reused for another text on one connection). Keep values that change the plan's shape (LIMIT,
 * OFFSET, optional filters) out of placeholders, or the generic plan is costed for guesses and never
 * chosen: build one statement per shape instead.
 */
export function prepared<Q>(build: (conn: Conn) => Q): (conn: Conn) => Q {
  const built = new WeakMap<object, Q>()
  return (conn) => {
    const client = driverClientOf(conn)
    let q = built.get(client)
    if (!q) {
      q = build(conn)
      built.set(client, q)
    }
    return q
  }
}

/** The node-postgres pool (or PoolClient inside a transaction) under a drizzle database. */
function driverClientOf(conn: Conn): object {
  const session = conn._.session as unknown as { client?: object }
  return session.client ?? session
}

/**
 * `prepared` once per page size: for a list's first page, whose LIMIT is written into the SQL
 * (`literal`) so that its generic plan is costed for the real size. `build` names the statement after
 * the size. Later pages are rarer and run unprepared.
 */
export function preparedBySize<Q>(build: (conn: Conn, size: number) => Q): (conn: Conn, size: number) => Q {
  const bySize = new Map<number, (conn: Conn) => Q>()
  return (conn, size) => {
    let statement = bySize.get(size)
    if (!statement) {
      statement = prepared((c) => build(c, size))
      bySize.set(size, statement)
    }
    return statement(conn)
  }
}

/**
 * A page size or offset written into the SQL text instead of sent as a parameter (for `.limit()` and
 * `.offset()`; an offset of 0 leaves the clause out). Only for integers the schema has bounded.
 */
export const literal = (n: number) => (n > 0 ? (sql.raw(String(Math.trunc(n))) as unknown as number) : 0)

/**
 * A statement whose text follows a value that rarely changes (a message template, whose wording decides
 * where its placeholders fall in the SQL), built by the ORM once per such value, with `sql.placeholder`s for
 * what changes per call, and sent as a named prepared statement named by a hash of its text: PostgreSQL
 * parses it once per connection and, as for `prepared`, stops planning it once its generic plan proves as
 * good. Building a statement of a few joins and CTEs costs the ORM more CPU than the database spends
 * running it, hence once per value.
 *
 *   const insert = preparedByKey('x_insert', (t: Template) => `${t.title}\0${t.body}`, (t) => sql`… ${sql.placeholder('id')} …`)
 *   const rows = await insert(tx, template, { id })
 *
 * `keyOf` names the value (equal keys must build equal SQL); the statements of the last `keep` values
 * built are kept (a template edited is a new key; its old statement stays on each connection until the
 * connection closes). Answers the rows as node-postgres reads them: the names the statement gives its
 * columns (alias them in the SQL) and the driver's own types (a timestamptz is a Date), not the ORM's
 * mapping.
 */
export function preparedByKey<K, Row = never>(
  prefix: string,
  keyOf: (value: K) => string,
  build: (value: K, conn: Conn) => SQL,
  keep = 8,
): (conn: Conn, value: K, values: Record<string, unknown>) => Promise<Row[]> {
  const built = new Map<string, { name: string; text: string; params: unknown[] }>()
  return async (conn, value, values) => {
    const key = keyOf(value)
    let statement = built.get(key)
    if (!statement) {
      // The connection's own dialect, which knows the schema's casing (camelCase fields, snake_case columns).
      const { dialect } = conn as unknown as { dialect: PgDialect }
      const { sql: text, params } = dialect.sqlToQuery(build(value, conn))
      statement = {
        name: `${prefix}_${createHash('sha1').update(text).digest('base64url').slice(0, 16)}`,
        text,
        params,
      }
      if (built.size >= keep) built.delete(built.keys().next().value as string)
      built.set(key, statement)
    }
    const client = driverClientOf(conn) as {
      query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }>
    }
    const { name, text, params } = statement
    return (await client.query({ name, text, values: fillPlaceholders(params, values) })).rows
  }
}
