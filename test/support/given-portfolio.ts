import { applicationFiles, applications, jobVacancies } from '../../src/db/schema/index.js'
import { type Caller, call, type TestContext } from './app.js'
import { type FormValue, multipart, tinyPdf } from './multipart.js'

/** Rows and calls the portfolio and file tests need besides `given`. */
export const givenPortfolio = {
  /** A vacancy of the company, written straight to the table. */
  async vacancy(t: TestContext, companyId: number, values: Partial<typeof jobVacancies.$inferInsert> = {}) {
    const [row] = await t.db
      .insert(jobVacancies)
      .values({
        companyId,
        title: 'Operator Produksi',
        position: 'Operator',
        description: 'Mengoperasikan mesin produksi.',
        qualifications: 'Lulusan SMK',
        category: 'Manufaktur',
        jobType: 'full_time',
        quota: 5,
        deadline: '2099-12-31',
        ...values,
      })
      .returning()
    return row
  },

  /** An application of the learner to the vacancy, written straight to the table. */
  async application(
    t: TestContext,
    studentId: number,
    jobVacancyId: number,
    role: 'siswa' | 'alumni' = 'siswa',
  ) {
    const [row] = await t.db
      .insert(applications)
      .values({ studentId, jobVacancyId, applicantRole: role })
      .returning()
    return row
  },

  /** An application of the learner to a new vacancy of the company. */
  async appliedTo(t: TestContext, studentId: number, companyId: number, role: 'siswa' | 'alumni' = 'siswa') {
    const vacancy = await givenPortfolio.vacancy(t, companyId)
    return givenPortfolio.application(t, studentId, vacancy.id, role)
  },

  async attach(t: TestContext, applicationId: number, fileId: number) {
    await t.db.insert(applicationFiles).values({ applicationId, fileId })
  },
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

/** Uploads a small PDF and answers the stored file as the API shows it. */
export async function uploaded(
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
