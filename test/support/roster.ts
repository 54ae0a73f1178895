/** A student roster as the import takes it: its columns, CSV text of rows, the upload, the learner it made. */
import { eq } from 'drizzle-orm'
import { students } from '../../src/db/schema/index.js'
import { type Caller, call, type TestContext } from './app.js'
import { multipart } from './multipart.js'

/** The roster's columns as Dapodik names them (Email and No HP last, both optional). */
export const ROSTER_HEADER = [
  'NISN',
  'NIS',
  'Nama',
  'JK',
  'Tempat Lahir',
  'Tanggal Lahir',
  'Rombel',
  'Jurusan',
  'Email',
  'No HP',
]

const quote = (v: string) => (/[",;\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)

/** Rows as CSV text, quoted as Excel quotes them, each line ended by CRLF. */
export const csvText = (rows: string[][], delimiter = ',') =>
  `${rows.map((r) => r.map(quote).join(delimiter)).join('\r\n')}\r\n`

/** POST /api/admin/imports/students with `file` (named roster.csv unless told), as `as`. */
export function uploadRoster(
  t: TestContext,
  file: Buffer,
  opts: { as: Caller; dryRun?: boolean; filename?: string; lang?: string },
) {
  const fields: [string, string | { data: Buffer; filename: string; contentType: string }][] = [
    ['file', { data: file, filename: opts.filename ?? 'roster.csv', contentType: 'text/csv' }],
  ]
  if (opts.dryRun !== undefined) fields.push(['dry_run', String(opts.dryRun)])
  const form = multipart(fields)
  return call(t, 'POST', '/api/admin/imports/students', {
    as: opts.as,
    body: form.body,
    headers: { ...form.headers, ...(opts.lang ? { 'accept-language': opts.lang } : {}) },
  })
}

/** The learner stored with this NISN, or undefined. */
export const learnerByNisn = async (t: TestContext, nisn: string) =>
  (await t.db.select().from(students).where(eq(students.nisn, nisn)))[0]
