import { once } from 'node:events'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { Readable, Writable } from 'node:stream'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { from as copyFrom, to as copyTo } from 'pg-copy-streams'
import { migrationsFolder, withOptions } from './client.js'
import { connectionOptions, DEFAULT_SCHOOL_TIME_ZONE } from './school-day.js'

/**
 * A logical backup of the service's data, made with SQL alone (`COPY … TO STDOUT` in one repeatable-read
 * snapshot), because the embedded PostgreSQL packages ship no `pg_dump`. The file is gzip'd text: a
 * manifest line, then per table a header line and its rows in COPY's text format ending in `\.`.
 * The schema is not in the file: it is this service's migrations, recorded by the manifest. A restore
 * migrates an empty database to the backup's level, loads the rows, sets the sequences, then migrates to
 * the current level, so a backup made by an older version restores into a newer one.
 * The job queue's own schema (pg-boss) is not kept: work still owed lives in the service's tables (outbox
 * rows) and the sweep queues it again.
 */

export const FORMAT = 'bursa-backup'
const SCHEMAS = ['public']

export interface Manifest {
  format: typeof FORMAT
  version: 1
  createdAt: string
  serverVersion: string
  /** `created_at` of every applied migration (drizzle's `folderMillis`), in order. */
  migrations: number[]
  tables: { name: string; columns: string[]; rows: number }[]
  sequences: { name: string; value: string | null }[]
}

interface Journal {
  entries: { idx: number; when: number; tag: string }[]
}
const readJournal = (folder = migrationsFolder): Journal =>
  JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8'))

const ident = (qualified: string) =>
  qualified
    .split('.')
    .map((p) => pg.escapeIdentifier(p))
    .join('.')

/** Tables of the service's schemas, parents before children (so a load without trigger bypass works). */
async function tablesInOrder(c: pg.Client) {
  const { rows: tables } = await c.query<{ oid: number; name: string }>(
    `select c.oid, n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition and n.nspname = any($1) order by name`,
    [SCHEMAS],
  )
  const { rows: fks } = await c.query<{ child: number; parent: number }>(
    `select conrelid as child, confrelid as parent from pg_constraint where contype = 'f' and conrelid <> confrelid`,
  )
  const ordered: typeof tables = []
  const done = new Set<number>()
  const visit = (t: (typeof tables)[number], path: Set<number>) => {
    if (done.has(t.oid) || path.has(t.oid)) return
    path.add(t.oid)
    for (const fk of fks.filter((f) => f.child === t.oid)) {
      const parent = tables.find((p) => p.oid === fk.parent)
      if (parent) visit(parent, path)
    }
    done.add(t.oid)
    ordered.push(t)
  }
  for (const t of tables) visit(t, new Set())
  const columns = new Map<number, string[]>()
  const { rows: cols } = await c.query<{ rel: number; name: string }>(
    `select attrelid as rel, attname as name from pg_attribute
     where attrelid = any($1) and attnum > 0 and not attisdropped and attgenerated = '' order by attrelid, attnum`,
    [ordered.map((t) => t.oid)],
  )
  for (const col of cols) columns.set(col.rel, [...(columns.get(col.rel) ?? []), col.name])
  return ordered.map((t) => ({ name: t.name, columns: columns.get(t.oid) ?? [] }))
}

/** Writes a consistent backup of the database at `url` to `out` (not gzip'd here: the caller pipes). */
export async function backup(url: string, out: Writable): Promise<Manifest> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain')
  }
  try {
    await c.query('begin isolation level repeatable read read only')
    const tables = await tablesInOrder(c)
    const { rows: migrations } = await c.query<{ created_at: string }>(
      'select created_at from drizzle.__drizzle_migrations order by created_at',
    )
    const { rows: sequences } = await c.query<{ name: string; value: string | null }>(
      `select schemaname || '.' || sequencename as name, last_value::text as value from pg_sequences
       where schemaname = any($1) order by name`,
      [SCHEMAS],
    )
    const counts: number[] = []
    for (const t of tables) {
      const [{ n }] = (await c.query<{ n: string }>(`select count(*) as n from ${ident(t.name)}`)).rows
      counts.push(Number(n))
    }
    const manifest: Manifest = {
      format: FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      serverVersion: (await c.query<{ v: string }>('show server_version')).rows[0]?.v ?? '',
      migrations: migrations.map((m) => Number(m.created_at)),
      tables: tables.map((t, i) => ({ ...t, rows: counts[i] as number })),
      sequences,
    }
    await write(`${JSON.stringify(manifest)}\n`)
    for (const t of manifest.tables) {
      await write(`${JSON.stringify({ table: t.name })}\n`)
      const cols = t.columns.map((col) => pg.escapeIdentifier(col)).join(', ')
      for await (const chunk of c.query(copyTo(`copy ${ident(t.name)} (${cols}) to stdout`)))
        if (!out.write(chunk)) await once(out, 'drain')
      await write('\\.\n')
    }
    await c.query('commit')
    return manifest
  } finally {
    await c.end()
  }
}

/** A copy of the migrations folder holding only the first `count` migrations. */
function migrationsUpTo(manifest: Manifest): string {
  const journal = readJournal()
  const known = journal.entries.map((e) => e.when)
  if (manifest.migrations.length > known.length || manifest.migrations.some((m, i) => known[i] !== m)) {
    throw new Error(
      'This backup was made by a newer or a different version of bursa (its migrations are not a prefix of this version’s). Restore it with the version that made it.',
    )
  }
  const dir = mkdtempSync(join(tmpdir(), 'bursa-restore-migrations-'))
  mkdirSync(join(dir, 'meta'))
  const entries = journal.entries.slice(0, manifest.migrations.length)
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }))
  for (const e of entries) copyFileSync(join(migrationsFolder, `${e.tag}.sql`), join(dir, `${e.tag}.sql`))
  return dir
}

export class RestoreError extends Error {}

/**
 * Restores a backup (already gunzip'd) into the database at `url`, which must hold no tables of the
 * service yet. Everything is loaded in one transaction; a failure (a damaged or cut-short file, a row the
 * schema refuses) rolls it back and removes what the first migrations created, so the database is empty
 * again and the right file can be restored next.
 */
export async function restore(
  url: string,
  input: Readable,
  schoolTimeZone = DEFAULT_SCHOOL_TIME_ZONE,
): Promise<Manifest> {
  const reader = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })[Symbol.asyncIterator]()
  // A file that cannot be read to its end (a .gz cut short by an interrupted copy) says so.
  const lines = {
    next: () =>
      reader.next().catch((err: Error) => {
        throw new RestoreError(`The backup file is cut short or damaged (${err.message}).`)
      }),
  }
  const first = await lines.next()
  let manifest: Manifest
  try {
    manifest = JSON.parse(first.done ? '' : first.value)
    if (manifest.format !== FORMAT) throw new Error()
  } catch {
    throw new RestoreError('This file is not a bursa backup (its first line is not a bursa manifest).')
  }

  // In the school's zone, as the service's connections: a migration that fills in a day reads it.
  const c = new pg.Client(withOptions(url, connectionOptions(schoolTimeZone)))
  await c.connect()
  let migrated = false
  try {
    const { rows: existing } = await c.query(
      `select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'r' and n.nspname = any($1) limit 1`,
      [SCHEMAS],
    )
    if (existing.length > 0)
      throw new RestoreError('The target database already holds tables; restore needs an empty one.')
    const upTo = migrationsUpTo(manifest)
    try {
      migrated = true
      await migrate(drizzle(c), { migrationsFolder: upTo })
    } finally {
      rmSync(upTo, { recursive: true, force: true })
    }
    // Foreign keys are checked as rows arrive unless triggers are bypassed (superuser only); the tables
    // come parents first either way.
    const bypassed = await c.query('set session_replication_role = replica').then(
      () => true,
      () => false,
    )
    await c.query('begin')
    for (const table of manifest.tables) {
      const head = await lines.next()
      const name = head.done ? null : (JSON.parse(head.value) as { table: string }).table
      if (name !== table.name)
        throw new RestoreError(`The backup is cut short or damaged near table ${table.name}.`)
      const cols = table.columns.map((col) => pg.escapeIdentifier(col)).join(', ')
      const sink = c.query(copyFrom(`copy ${ident(table.name)} (${cols}) from stdin`))
      const finished = once(sink, 'finish')
      finished.catch(() => {})
      // PostgreSQL may refuse a row while lines are still being sent: that ends the COPY. The rows go in
      // chunks of about 64 kB, one at a time (each written before the next is read), so nothing is left in
      // the stream's buffer to be written after the refusal (pg-copy-streams would then write to a
      // connection it has let go: an uncaught TypeError), and the refusal is thrown by the next write.
      let refusal: Error | null = null
      sink.on('error', (err: Error) => {
        refusal = err
      })
      const send = (chunk: string) =>
        new Promise<void>((resolve, reject) => {
          if (refusal) return reject(refusal)
          // A refusal before the write's own callback (the COPY refused at once) ends the wait too.
          sink.once('error', reject)
          sink.write(chunk, (err) => {
            sink.off('error', reject)
            if (err) reject(err)
            else resolve()
          })
        })
      try {
        let chunk = ''
        for (;;) {
          const line = await lines.next()
          if (line.done) throw new RestoreError(`The backup ends inside table ${table.name}.`)
          if (line.value === '\\.') break
          chunk += `${line.value}\n`
          if (chunk.length >= 65_536) {
            await send(chunk)
            chunk = ''
          }
        }
        if (chunk) await send(chunk)
        if (refusal) throw refusal
        sink.end()
        await finished
      } catch (err) {
        // The file failed (cut short, not gzip) while the COPY was open: end the COPY (CopyFail), or the
        // connection waits for its rows forever and the rollback below never runs.
        if (!refusal) {
          sink.destroy(err as Error)
          await finished.catch(() => {})
        }
        throw err
      }
    }
    // Without the bypass the counters' triggers (applications, migration 0001; placements, 0026) counted every restored
    // application on top of the restored counts: count them again.
    if (!bypassed) await recountVacancies(c)
    for (const seq of manifest.sequences) {
      if (seq.value !== null)
        await c.query('select setval($1::regclass, $2::bigint, true)', [seq.name, seq.value])
    }
    await c.query('commit')
    await c.query('reset session_replication_role').catch(() => {})
    await migrate(drizzle(c), { migrationsFolder })
    return manifest
  } catch (err) {
    await c.query('rollback').catch(() => {})
    if (migrated) await dropRestoredSchema(c).catch(() => {})
    throw err
  } finally {
    await c.end()
  }
}

/**
 * What the first migrations of a failed restore created (they run outside its transaction): the tables
 * (with their indexes, sequences and triggers), functions and types of the service's schemas, and
 * drizzle's journal. The database held no table of them before (checked first); objects of extensions
 * are left alone.
 */
async function dropRestoredSchema(c: pg.Client) {
  const schemas = `array[${SCHEMAS.map((name) => pg.escapeLiteral(name)).join(', ')}]`
  const notOfExtension = (catalog: string, oid: string) =>
    `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${oid} and d.deptype = 'e')`
  // Each object is dropped only if an earlier CASCADE has not taken it already.
  await c.query(`do $$
    declare r record;
    begin
      for r in select c.oid, format('%I.%I', n.nspname, c.relname) as name,
                      case c.relkind when 'v' then 'view' when 'm' then 'materialized view'
                                     when 'S' then 'sequence' else 'table' end as kind
               from pg_class c join pg_namespace n on n.oid = c.relnamespace
               where n.nspname = any(${schemas}) and c.relkind in ('r', 'p', 'v', 'm', 'S')
                 and ${notOfExtension('pg_class', 'c.oid')}
      loop
        if exists (select 1 from pg_class where oid = r.oid) then
          execute format('drop %s %s cascade', r.kind, r.name);
        end if;
      end loop;
      for r in select p.oid, p.oid::regprocedure::text as name
               from pg_proc p join pg_namespace n on n.oid = p.pronamespace
               where n.nspname = any(${schemas}) and ${notOfExtension('pg_proc', 'p.oid')}
      loop
        if exists (select 1 from pg_proc where oid = r.oid) then
          execute format('drop function %s cascade', r.name);
        end if;
      end loop;
      for r in select t.oid, format('%I.%I', n.nspname, t.typname) as name
               from pg_type t join pg_namespace n on n.oid = t.typnamespace
               where n.nspname = any(${schemas}) and t.typtype in ('e', 'd')
                 and ${notOfExtension('pg_type', 't.oid')}
      loop
        if exists (select 1 from pg_type where oid = r.oid) then
          execute format('drop type %s cascade', r.name);
        end if;
      end loop;
    end $$`)
  await c.query('drop schema if exists drizzle cascade')
}

/** The vacancies' kept counts from the applications and placements, when the backup's level has them. */
async function recountVacancies(c: pg.Client) {
  const { rows } = await c.query(
    `select 1 from information_schema.columns where table_name = 'job_vacancies' and column_name = 'applicant_count'`,
  )
  if (rows.length === 0) return
  // A superseded application (migration 0034) is no applicant; before that level every application was one.
  const { rows: superseded } = await c.query(
    `select 1 from information_schema.columns where table_name = 'applications' and column_name = 'superseded'`,
  )
  const counted = superseded.length > 0 ? 'where not superseded' : 'where true'
  await c.query(
    `update job_vacancies v set applicant_count = coalesce(n.applicants, 0), accepted_count = coalesce(n.accepted, 0)
     from job_vacancies v2 left join (
       select job_vacancy_id, (count(*) filter (${counted}))::int as applicants,
              (count(*) filter (where status = 'accepted'))::int as accepted
       from applications group by job_vacancy_id) n on n.job_vacancy_id = v2.id
     where v.id = v2.id`,
  )
  const { rows: freed } = await c.query(
    `select 1 from information_schema.columns where table_name = 'job_vacancies' and column_name = 'places_freed'`,
  )
  if (freed.length === 0) return
  await c.query(
    `update job_vacancies v set places_freed = coalesce(n.freed, 0)
     from job_vacancies v2 left join (
       select job_vacancy_id, count(*)::int as freed from placements
       where job_vacancy_id is not null and (deleted_at is not null or status in ('resigned', 'moved'))
       group by job_vacancy_id) n on n.job_vacancy_id = v2.id
     where v.id = v2.id`,
  )
}
