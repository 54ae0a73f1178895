import { and, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { Actor } from '../../actor.js'
import { companies, files, jobVacancies, jobVacancyMajors, students } from '../../db/schema/index.js'
import { schoolToday } from '../../db/school-day.js'
import { AppError } from '../../http/errors.js'
import { type Lang, type Msg, msg, tr } from '../../http/i18n.js'
import { labelOf } from '../../vocabulary/index.js'
import { type CompletenessItem, completenessOf } from '../portfolio/service.js'

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

/** A learner, or placeholders for one in a prepared statement (src/db/prepared.ts). */
export interface LearnerParams {
  studentId: number | Placeholder
  role: Learner['role'] | Placeholder
}

/** The placeholders a prepared statement binds a learner to: `{ studentId, role }`. */
export const learnerPlaceholders: LearnerParams = {
  studentId: sql.placeholder('studentId'),
  role: sql.placeholder('role'),
}

/**
 * THE rule of who may see and apply to a vacancy (DESIGN section 5), as SQL over `job_vacancies`.
 * Every condition is a boolean column of its own so the detail page can say which one failed;
 * `openTo` is all of them together and is what detail and apply filter on (the list reads the same
 * rule from its index: `listedFor` below).
 * "Today" is the database's CURRENT_DATE: one clock for every API instance.
 */
export function eligibilityChecks(learner: LearnerParams) {
  return {
    active: qualified(sql<boolean>`${jobVacancies.isActive}`),
    // A vacancy waiting for (or refused) the career center's approval is open to nobody.
    approved: qualified(sql<boolean>`(${jobVacancies.approvalStatus} = 'approved')`),
    notDeleted: qualified(sql<boolean>`(${jobVacancies.deletedAt} is null)`),
    beforeDeadline: qualified(sql<boolean>`(${jobVacancies.deadline} >= ${schoolToday})`),
    companyActive: qualified(
      sql<boolean>`exists (select 1 from ${companies} where ${companies.id} = ${jobVacancies.companyId} and ${companies.isActive})`,
    ),
    // EXISTS on (vacancy, major), the join table's key: one index probe for one vacancy (an IN over
    // the major's vacancies would read every one of them).
    majorMatches: qualified(
      sql<boolean>`exists (select 1 from ${jobVacancyMajors} where ${jobVacancyMajors.jobVacancyId} = ${jobVacancies.id} and ${jobVacancyMajors.majorId} = (select ${students.majorId} from ${students} where ${students.id} = ${learner.studentId}))`,
    ),
    targetMatches: qualified(sql<boolean>`(${jobVacancies.target} in ('all', ${learner.role}))`),
  }
}

export type EligibilityFlags = { [K in keyof ReturnType<typeof eligibilityChecks>]: boolean }

/**
 * The SQL condition "this vacancy is open to applicants" (to some learner): the rule without its learner's
 * part (major, target). What staff see as "open".
 */
export function openToApplicants(): SQL<boolean> {
  const { active, approved, notDeleted, beforeDeadline, companyActive } =
    eligibilityChecks(learnerPlaceholders)
  return sql<boolean>`(${and(active, approved, notDeleted, beforeDeadline, companyActive)})`
}

/** The SQL condition "this vacancy is open to the learner". */
export function openTo(learner: LearnerParams): SQL {
  return and(...Object.values(eligibilityChecks(learner))) as SQL
}

/**
 * The same rule over `job_vacancy_majors`, for the student list: its copies of the vacancy (kept by
 * the database's triggers, migrations 0001 and 0004) say `listed` for active, approved, not deleted and
 * company active;
 * the major is the row's own; deadline and target are filtered here, from the list's index
 * (`job_vacancy_majors_listed_idx`: one major's listed vacancies in list order).
 */
export function listedFor(learner: LearnerParams): SQL {
  const m = jobVacancyMajors
  return sql`(${m.listed} and ${m.majorId} = (select ${students.majorId} from ${students} where ${students.id} = ${learner.studentId}) and ${m.vacancyDeadline} >= ${schoolToday} and ${m.vacancyTarget} in ('all', ${learner.role}))`
}

/** Why a vacancy is not open to the learner, from the flags selected with `eligibilityChecks`. */
export function reasonsNotOpen(flags: EligibilityFlags, role: Learner['role']): Msg[] {
  const reasons: Msg[] = []
  if (!flags.notDeleted) reasons.push(msg('Lowongan sudah dihapus.', 'The vacancy has been deleted.'))
  if (!flags.active) reasons.push(msg('Lowongan sedang nonaktif.', 'The vacancy is inactive.'))
  if (!flags.approved)
    reasons.push(
      msg(
        'Lowongan belum disetujui BKK sekolah.',
        "The school's career center has not approved the vacancy.",
      ),
    )
  if (!flags.beforeDeadline)
    reasons.push(msg('Batas waktu pendaftaran sudah lewat.', 'The application deadline has passed.'))
  if (!flags.companyActive) reasons.push(msg('Perusahaan sedang nonaktif.', 'The company is inactive.'))
  if (!flags.majorMatches)
    reasons.push(msg('Lowongan ini tidak untuk jurusan Anda.', 'This vacancy is not for your major.'))
  if (!flags.targetMatches)
    reasons.push(
      role === 'siswa'
        ? msg('Lowongan ini hanya untuk alumni.', 'This vacancy is for alumni only.')
        : msg('Lowongan ini hanya untuk siswa kelas XII.', 'This vacancy is for grade 12 students only.'),
    )
  return reasons
}

const joined = (ms: Msg[], lang: Lang) => ms.map((m) => tr(m, lang)).join(' ')

/** The answer to applying to a vacancy that is not open to the learner, with every reason. */
export function notOpenMessage(flags: EligibilityFlags, role: Learner['role']): Msg {
  const reasons = reasonsNotOpen(flags, role)
  return msg(
    `Lowongan tidak dapat dilamar. ${joined(reasons, 'id')}`,
    `This vacancy is not open to you. ${joined(reasons, 'en')}`,
  )
}

export const isOpen = (flags: EligibilityFlags) => Object.values(flags).every(Boolean)

/** What `completenessOf` reads of a learner's profile. */
export type ProfileFacts = Parameters<typeof completenessOf>[0]

/**
 * What the learner's profile lacks before they may apply, by the portfolio's rule (`completenessOf`): a
 * phone number, an address, a birth date and at least one CV file; from `profileFacts` as a statement
 * selected them (null: no such learner, everything missing).
 */
export const gapsIn = (facts: ProfileFacts | null): CompletenessItem[] =>
  completenessOf(facts ?? { phone: null, address: null, birthDate: null, hasCv: false }).missing

/**
 * The learner's profile facts as one column of a statement about a vacancy (its detail, applying), so
 * that the profile check costs no statement of its own. The aliases are the subquery's own: an
 * unqualified name would resolve against the vacancy's tables.
 */
export const profileFacts = (studentId: SQL | Placeholder | number) =>
  sql<ProfileFacts | null>`(select json_build_object('phone', pf_s.phone, 'address', pf_s.address, 'birthDate', pf_s.birth_date,
    'hasCv', exists (select 1 from ${files} pf_f where pf_f.student_id = pf_s.id and pf_f.category = 'cv'))
    from ${students} pf_s where pf_s.id = ${studentId})`

const gapList = (gaps: CompletenessItem[], lang: Lang) =>
  gaps.map((g) => labelOf('profileGap', g, lang)).join(', ')

export const profileIncompleteReason = (gaps: CompletenessItem[]): Msg =>
  msg(
    `Profil Anda belum lengkap: ${gapList(gaps, 'id')}.`,
    `Your profile is incomplete: ${gapList(gaps, 'en')}.`,
  )
