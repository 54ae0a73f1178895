import { asc, inArray, lte, sql } from 'drizzle-orm'
import type { Conn, Db } from '../db/client.js'
import { storageDeletions } from '../db/schema/index.js'
import type { Storage } from './storage.js'

/**
 * Stored bytes owed a removal (`storage_deletions`). A file's row deleted leaves its key there in the same
 * transaction (the `files` delete trigger, migration 0022); the service then removes the bytes right after
 * the commit (`removeStored`), and the sweep tries again what the storage refused, until it confirms. Before,
 * a failed removal was ignored: the school was told a learner's CV was deleted, or the learner erased, while
 * the bytes stayed in the storage for good, with no row left naming them.
 */

/** The first wait after a failed removal; each further failure waits four times as long, at most `MAX_WAIT`. */
const FIRST_WAIT_SECONDS = 60
const MAX_WAIT_SECONDS = 6 * 3600
/** Removals tried by one sweep; the rest wait for the next one. */
const SWEEP_BATCH = 200

/** `keys` owed a removal, for bytes that have no row to be deleted with (an upload whose transaction failed). */
export async function owedRemoval(conn: Conn, keys: string[]) {
  if (keys.length === 0) return
  await conn
    .insert(storageDeletions)
    .values(keys.map((storageKey) => ({ storageKey })))
    .onConflictDoNothing()
}

/**
 * Removes the bytes of `keys` (owed a removal) from the storage: a key removed leaves `storage_deletions`, one
 * the storage refused stays there, due again after a wait, with the error. Never throws: what failed is the
 * sweep's. Returns how many were removed and how many failed.
 */
export async function removeStored(db: Db, storage: Storage, keys: string[]) {
  if (keys.length === 0) return { removed: 0, failed: 0 }
  const results = await Promise.all(
    keys.map((key) =>
      storage.delete(key).then(
        () => ({ key, error: null }),
        (err: unknown) => ({ key, error: String((err as Error)?.message ?? err).slice(0, 500) }),
      ),
    ),
  )
  const removed = results.filter((r) => r.error === null).map((r) => r.key)
  const failed = results.filter((r) => r.error !== null)
  try {
    if (removed.length > 0)
      await db.delete(storageDeletions).where(inArray(storageDeletions.storageKey, removed))
    for (const f of failed) {
      await db
        .update(storageDeletions)
        .set({
          attempts: sql`${storageDeletions.attempts} + 1`,
          dueAt: sql`now() + make_interval(secs => least(${FIRST_WAIT_SECONDS} * power(4, ${storageDeletions.attempts}), ${MAX_WAIT_SECONDS}))`,
          lastError: f.error,
        })
        .where(inArray(storageDeletions.storageKey, [f.key]))
    }
  } catch {
    // The database failing here leaves the rows as they were: the sweep tries them again.
  }
  return { removed: removed.length, failed: failed.length }
}

/** One sweep: the removals that are due, tried again. */
export async function sweepStorageDeletions(db: Db, storage: Storage) {
  const due = await db
    .select({ key: storageDeletions.storageKey })
    .from(storageDeletions)
    .where(lte(storageDeletions.dueAt, sql`now()`))
    .orderBy(asc(storageDeletions.dueAt))
    .limit(SWEEP_BATCH)
  return removeStored(
    db,
    storage,
    due.map((d) => d.key),
  )
}

/**
 * The bytes of an upload whose row was never written (its transaction failed): removed now, or owed a removal
 * when the storage refuses (the sweep tries again).
 */
export async function discardUpload(db: Db, storage: Storage, key: string) {
  await storage.delete(key).catch(() => owedRemoval(db, [key]).catch(() => undefined))
}
