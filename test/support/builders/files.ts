import { randomUUID } from 'node:crypto'
import { files } from '../../../src/db/schema/index.js'
import { type Caller, call, type TestContext } from '../app.js'
import { type FormValue, multipart, tinyPdf } from '../multipart.js'

let seq = 0

/** A stored file row of a learner's portfolio, written straight to the table (no bytes in storage). */
export async function aPortfolioFile(
  t: TestContext,
  studentId: number,
  values: Partial<typeof files.$inferInsert> = {},
) {
  const n = ++seq
  const [row] = await t.db
    .insert(files)
    .values({
      studentId,
      category: 'certificate',
      title: `Sertifikat ${n}`,
      originalName: `sertifikat-${n}.pdf`,
      mimeType: 'application/pdf',
      size: 1024 + n,
      storageKey: randomUUID(),
      ...values,
    })
    .returning()
  return row
}

/** POST …/portfolio/upload with a multipart form. */
export function uploadForm(
  t: TestContext,
  as: Caller | null,
  fields: Record<string, FormValue> | [string, FormValue][],
  role: 'siswa' | 'alumni' = 'siswa',
) {
  const form = multipart(fields)
  return call(t, 'POST', `/api/${role}/portfolio/upload`, { as, body: form.body, headers: form.headers })
}

/** A portfolio file uploaded over HTTP (a small PDF); answers the stored file as the API shows it. */
export async function anUploadedFile(
  t: TestContext,
  as: Caller,
  opts: {
    role?: 'siswa' | 'alumni'
    category?: string
    title?: string
    filename?: string
    data?: Buffer
  } = {},
) {
  const res = await uploadForm(
    t,
    as,
    {
      category: opts.category ?? 'certificate',
      title: opts.title ?? 'Sertifikat',
      file: {
        data: opts.data ?? tinyPdf(),
        filename: opts.filename ?? 'sertifikat.pdf',
        contentType: 'application/pdf',
      },
    },
    opts.role,
  )
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${res.raw}`)
  return res.body.data as {
    id: number
    downloadUrl: string
    size: number
    originalName: string
    mimeType: string
  }
}
