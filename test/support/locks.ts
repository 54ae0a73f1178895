import { sql } from 'drizzle-orm'
import type { TestContext } from './app.js'

/**
 * Waits until at least `n` statements on the test file's database wait for a lock (`pg_stat_activity`): the
 * requests of a race test stand where the test means them to, one behind the other. Throws after about five
 * seconds, so that a race that no longer waits says so rather than passing by luck.
 */
export async function waitingForLocks(t: Pick<TestContext, 'db'>, n: number) {
  for (let i = 0; i < 200; i++) {
    const res = (await t.db.execute(sql`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as {
      rows: { n: number }[]
    }
    if (res.rows[0].n >= n) return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`fewer than ${n} statements waiting for a lock`)
}
