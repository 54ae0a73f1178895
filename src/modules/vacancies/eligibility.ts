import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { Conn } from '../../db/client.js'
import { companies, files, jobVacancies, jobVacancyMajors, students } from '../../db/schema/index.js'
import type { Actor } from '../../http/auth.js'
import { AppError } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'

/** A student or alumnus as the vacancy rules see them. */
export interface Learner {
  studentId: number
  role: 'siswa' | 'alumni'
}

/** The caller's learner record; an account without one cannot browse or apply. */
export function learnerOf(actor: Actor): Learner {
  if (!actor.studentId || (actor.role !== 'siswa' && actor.role !== 'alumni')) {
    throw new AppError(
      403,
      msg(
        'Akun Anda belum terhubung dengan data siswa atau alumni. Hubungi admin BKK sekolah.',
        "Your account is not linked to a student or alumni record. Contact the school's career center.",
      ),
    )
  }
  return { studentId: actor.studentId, role: actor.role }
}

/**
 * In the select list of a query without joins drizzle writes bare column names (`"id"`), which a
 * correlated subquery would bind to its own table. Columns of a nested fragment stay qualified.
 */
export const qualified = <T>(expr: SQL<T>) => sql<T>`${expr}`

/**
 * THE rule of who may see and apply to a vacancy (DESIGN section 5), as SQL over `job_vacancies`.
 * Every condition is a boolean column of its own so the detail page can say which one failed;
 * `openTo` is all of them together and is what list, detail and apply filter on.
 * "Today" is the database's CURRENT_DATE: one clock for every API instance.
 */
export function eligibilityChecks(learner: Learner) {
  return {
    active: qualified(sql<boolean>`${jobVacancies.isActive}`),
    notDeleted: qualified(sql<boolean>`(${jobVacancies.deletedAt} is null)`),
    beforeDeadline: qualified(sql<boolean>`(${jobVacancies.deadline} >= current_date)`),
    companyActive: qualified(
      sql<boolean>`exists (select 1 from ${companies} where ${companies.id} = ${jobVacancies.companyId} and ${companies.isActive})`,
    ),
    majorMatches: qualified(
      sql<boolean>`(${jobVacancies.id} in (select ${jobVacancyMajors.jobVacancyId} from ${jobVacancyMajors} where ${jobVacancyMajors.majorId} = (select ${students.majorId} from ${students} where ${students.id} = ${learner.studentId})))`,
    ),
    targetMatches: qualified(sql<boolean>`(${jobVacancies.target} in ('all', ${learner.role}))`),
  }
}

export type EligibilityFlags = { [K in keyof ReturnType<typeof eligibilityChecks>]: boolean }

/** The SQL condition "this vacancy is open to the learner". */
export function openTo(learner: Learner): SQL {
  return and(...Object.values(eligibilityChecks(learner))) as SQL
}

/** Why a vacancy is not open to the learner, in Indonesian, from the flags selected with `eligibilityChecks`. */
export function reasonsNotOpen(flags: EligibilityFlags, role: Learner['role']): string[] {
  const reasons: string[] = []
  if (!flags.notDeleted) reasons.push('Lowongan sudah dihapus.')
  if (!flags.active) reasons.push('Lowongan sedang tidak aktif.')
  if (!flags.beforeDeadline) reasons.push('Batas waktu pendaftaran sudah lewat.')
  if (!flags.companyActive) reasons.push('Perusahaan sedang tidak aktif.')
  if (!flags.majorMatches) reasons.push('Lowongan ini tidak untuk jurusan Anda.')
  if (!flags.targetMatches)
    reasons.push(
      role === 'siswa' ? 'Lowongan ini hanya untuk alumni.' : 'Lowongan ini hanya untuk siswa kelas XII.',
    )
  return reasons
}

export const isOpen = (flags: EligibilityFlags) => Object.values(flags).every(Boolean)

/**
 * A complete profile is what the school requires before anyone applies: a phone number, an
 * address and a birth date on the learner record, and at least one portfolio file of category
 * `cv`. HR needs to reach the applicant and read a CV; everything else is optional.
 */
export async function profileGaps(conn: Conn, studentId: number): Promise<string[]> {
  const [row] = await conn
    .select({
      phone: students.phone,
      address: students.address,
      birthDate: students.birthDate,
      hasCv: qualified(
        sql<boolean>`exists (select 1 from ${files} where ${files.studentId} = ${students.id} and ${files.category} = 'cv')`,
      ),
    })
    .from(students)
    .where(eq(students.id, studentId))
  const gaps: string[] = []
  if (!row?.phone?.trim()) gaps.push('nomor telepon')
  if (!row?.address?.trim()) gaps.push('alamat')
  if (!row?.birthDate) gaps.push('tanggal lahir')
  if (!row?.hasCv) gaps.push('CV (unggah di portofolio)')
  return gaps
}

export const profileIncompleteReason = (gaps: string[]) => `Profil Anda belum lengkap: ${gaps.join(', ')}.`
