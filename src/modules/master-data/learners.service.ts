import type { Static } from '@sinclair/typebox'
import { eq, sql } from 'drizzle-orm'
import type { Actor } from '../../actor.js'
import { audit } from '../../db/audit.js'
import type { Db, Tx } from '../../db/client.js'
import { type SocialMedia, students } from '../../db/schema/index.js'
import { readSchoolToday } from '../../db/school-day.js'
import { pageOf } from '../../http/envelope.js'
import { addFieldError, conflict, type FieldErrors, notFound, unprocessable } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import { socialLink } from '../../http/patterns.js'
import { squeezed } from '../../http/schemas.js'
import { assertVersion } from '../../http/versions.js'
import { ADDRESS_CHANGED, giveUpEmailsTo, giveUpEmailsToFormerContact } from '../../jobs/outbox.js'
import type { Storage } from '../../storage/storage.js'
import { moveApplications } from '../application-lifecycle/service.js'
import { voidPasswordLinks } from '../auth/password-links.js'
import { checkPassword } from '../auth/password-policy.js'
import { hashPassword } from '../auth/passwords.js'
import { removeStored } from '../files/service.js'
import { storedMobile } from '../portfolio/service.js'
import { releaseFromTests } from '../schedules/changes.js'
import type { Mailing } from '../schedules/service.js'
import { switchAccountOff } from '../users/switch-off.js'
import { laterGraduationYear } from './graduation-year.js'
import * as q from './learners.queries.js'
import type {
  CreateLearnerBody,
  LearnerListQuery,
  LearnerOptionsQuery,
  LeftBody,
  UpdateLearnerBody,
  UpgradeBody,
} from './learners.schemas.js'

export type { Kind, LearnerFilter } from './learners.queries.js'

type Kind = q.Kind

export const SOCIAL_KEYS = ['linkedin', 'instagram', 'github', 'facebook', 'tiktok', 'website'] as const
type SocialKey = (typeof SOCIAL_KEYS)[number]

/** POST's body. `graduation_year`: alumni must send a year; a student sending one is told to use the upgrade. */
type LearnerInput = Static<ReturnType<typeof CreateLearnerBody>>
/** PUT's body: only the fields sent change. */
type LearnerPatch = Static<ReturnType<typeof UpdateLearnerBody>>
/** A list or options query; only alumni's has `graduation_year`. */
type ByYear = { graduation_year?: number }
/** A list query; only students' has `status`. */
type ByStatus = { status?: q.LearnerStatus }

const WORDS = {
  siswa: { id: 'Siswa', en: 'Student' },
  alumni: { id: 'Alumni', en: 'Alumnus' },
} as const

const INVALID = msg('Data yang dikirim tidak valid.', 'The given data was invalid.')

/** 404 for a learner not found among those of the kind (an alumnus among students, and the other way round). */
export const notFoundLearner = (kind: Kind) =>
  notFound(msg(`${WORDS[kind].id} tidak ditemukan.`, `${WORDS[kind].en} not found.`))

export function learnerOut(row: q.LearnerRow) {
  const social = (row.socialMedia ?? {}) as SocialMedia
  return {
    id: row.id,
    nis: row.nis,
    nisn: row.nisn,
    fullName: row.fullName,
    major: row.major,
    department: row.department,
    className: row.className,
    graduationYear: row.graduationYear,
    gender: row.gender,
    birthPlace: row.birthPlace,
    birthDate: row.birthDate,
    religion: row.religion,
    address: row.address,
    city: row.city,
    province: row.province,
    phone: row.phone,
    email: row.email,
    skills: row.skills ?? [],
    socialMedia: Object.fromEntries(SOCIAL_KEYS.map((k) => [k, social[k] ?? null])) as Record<
      SocialKey,
      string | null
    >,
    account: row.account,
    left:
      row.leftOn && row.leftReason ? { date: row.leftOn, reason: row.leftReason, note: row.leftNote } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

/** A page of learners of the kind, for the list's query as the route checked it. */
export async function listLearners(
  db: Db,
  kind: Kind,
  query: Static<ReturnType<typeof LearnerListQuery>> & ByYear & ByStatus,
) {
  const page = pageOf(query)
  const { rows, total } = await q.listLearners(
    db,
    kind,
    {
      search: query.search,
      majorId: query.major_id,
      departmentId: query.department_id,
      className: query.class_name,
      graduationYear: query.graduation_year,
      hasAccount: query.has_account,
      status: query.status,
    },
    page,
  )
  return { rows: rows.map(learnerOut), total, page }
}

export function learnerOptions(
  db: Db,
  kind: Kind,
  query: Static<ReturnType<typeof LearnerOptionsQuery>> & ByYear,
) {
  return q.learnerOptions(
    db,
    kind,
    {
      search: query.search,
      majorId: query.major_id,
      className: query.class_name,
      graduationYear: query.graduation_year,
    },
    query.limit ?? 1000,
  )
}

export async function getLearner(db: Db, kind: Kind, id: number) {
  return learnerOut((await q.learnerById(db, kind, id)) ?? notFoundLearner(kind))
}

// ---------------------------------------------------------------------------------------------
// Input checks (before any transaction)

/** Trimmed text with inner runs of spaces collapsed; empty means cleared; absent stays absent. */
const clean = (s: string | null | undefined) => (s == null ? s : squeezed(s) || null)
const lower = (s: string | null | undefined) => (s == null ? s : s.toLowerCase())

/**
 * Turns the body into column values, collecting every field-level problem the body alone shows.
 * Only the fields sent appear in the result (PUT keeps the others). `today` is the school's calendar day
 * (`readSchoolToday`): the latest birth date, and the latest graduation year (`laterGraduationYear`).
 */
function columnsOf(kind: Kind, input: LearnerPatch, errors: FieldErrors, today: string) {
  const set: Partial<typeof students.$inferInsert> = {}
  // One identity whatever its case ("2223/tkj/045" is "2223/TKJ/045"): stored in capitals, compared without case.
  if (input.nis !== undefined) set.nis = input.nis.trim().toUpperCase()
  if (input.full_name !== undefined) {
    const name = clean(input.full_name)
    if (!name) addFieldError(errors, 'full_name', msg('tidak boleh kosong', 'must not be empty'))
    else set.fullName = name
  }
  if (input.major_id !== undefined) set.majorId = input.major_id
  if (kind === 'siswa' && input.graduation_year != null)
    addFieldError(
      errors,
      'graduation_year',
      msg(
        'siswa kelas XII belum memiliki tahun lulus; tambahkan sebagai alumni atau luluskan lewat menu Kelulusan',
        'a grade-12 student has no graduation year; add an alumnus or graduate them in the Graduation menu',
      ),
    )
  if (kind === 'alumni' && typeof input.graduation_year === 'number') {
    const later = laterGraduationYear(input.graduation_year, today)
    if (later) addFieldError(errors, 'graduation_year', later)
    set.graduationYear = input.graduation_year
  }
  if (input.nisn !== undefined) set.nisn = clean(input.nisn)
  if (input.class_name !== undefined) set.className = clean(input.class_name)
  if (input.gender !== undefined) set.gender = input.gender
  if (input.birth_place !== undefined) set.birthPlace = clean(input.birth_place)
  if (input.birth_date !== undefined) {
    if (input.birth_date !== null && (input.birth_date < '1900-01-01' || input.birth_date > today))
      addFieldError(
        errors,
        'birth_date',
        msg('harus tanggal antara 1900-01-01 dan hari ini', 'must be a date between 1900-01-01 and today'),
      )
    set.birthDate = input.birth_date
  }
  if (input.religion !== undefined) set.religion = input.religion
  if (input.address !== undefined) set.address = input.address?.trim() || null
  if (input.city !== undefined) set.city = clean(input.city)
  if (input.province !== undefined) set.province = clean(input.province)
  if (input.phone !== undefined) set.phone = storedMobile(input.phone, errors)
  if (input.email !== undefined) set.email = lower(clean(input.email))
  if (input.skills !== undefined) {
    const seen = new Set<string>()
    set.skills = []
    for (const skill of input.skills.map((s) => clean(s))) {
      if (!skill || seen.has(skill.toLowerCase())) continue
      seen.add(skill.toLowerCase())
      set.skills.push(skill)
    }
  }
  return set
}

/** Social media arrive as a patch: keys not sent keep their value, null (or empty) removes one. */
function socialPatchOf(input: LearnerPatch): SocialMedia | undefined {
  if (input.social_media === undefined) return undefined
  return Object.fromEntries(
    Object.entries(input.social_media).map(([k, v]) => [k, socialLink(clean(v))]),
  ) as SocialMedia
}

const stripNulls = (s: SocialMedia): SocialMedia =>
  Object.fromEntries(Object.entries(s).filter(([, v]) => v != null)) as SocialMedia

const accountNeedsEmail = msg(
  'wajib diisi untuk membuat akun untuk masuk',
  'is required to create a sign-in account',
)

// ---------------------------------------------------------------------------------------------
// Shared steps inside a transaction

/** 422 for an unknown major, or an inactive one being newly assigned. */
async function checkMajor(tx: Tx, majorId: number, errors: FieldErrors) {
  const major = await q.majorState(tx, majorId)
  if (!major)
    addFieldError(
      errors,
      'major_id',
      msg('Kompetensi keahlian tidak ditemukan.', 'The major does not exist.'),
    )
  else if (!major.isActive)
    addFieldError(errors, 'major_id', msg('Kompetensi keahlian sedang nonaktif.', 'The major is inactive.'))
}

const NIS_TAKEN = msg('sudah dipakai siswa atau alumni lain', 'is already used by another student or alumnus')
const EMAIL_TAKEN = msg('sudah dipakai akun lain', 'is already used by another account')
const NISN_TAKEN = msg(
  'sudah dipakai siswa atau alumni lain',
  'is already used by another student or alumnus',
)

function conflictOf(fields: FieldErrors): never {
  const nis = 'nis' in fields
  const email = 'email' in fields
  if ('nisn' in fields && !nis && !email)
    return conflict(msg('NISN sudah terdaftar.', 'The NISN is already registered.'), fields)
  return conflict(
    nis && email
      ? msg('NIS dan e-mail sudah terdaftar.', 'The NIS and the e-mail are already registered.')
      : nis
        ? msg('NIS sudah terdaftar.', 'The NIS is already registered.')
        : msg('E-mail sudah terdaftar.', 'The e-mail is already registered.'),
    fields,
  )
}

// ---------------------------------------------------------------------------------------------
// Changes

/**
 * Creates a student (or alumnus) and, when `create_account` is true or a password is given, its
 * login account (role `siswa` or `alumni`, e-mail = the learner's e-mail) in the same transaction.
 * The password is hashed before the transaction.
 */
export async function createLearner(db: Db, actor: Actor, kind: Kind, input: LearnerInput) {
  const errors: FieldErrors = {}
  const set = columnsOf(kind, input, errors, await readSchoolToday(db))
  const social = socialPatchOf(input) ?? {}
  const withAccount = input.create_account === true || input.password !== undefined
  if (withAccount) {
    if (!set.email) addFieldError(errors, 'email', accountNeedsEmail)
    if (input.password === undefined) addFieldError(errors, 'password', accountNeedsEmail)
    else checkPassword(errors, input.password, { email: set.email, fullName: set.fullName })
  }
  if (Object.keys(errors).length > 0) unprocessable(INVALID, errors)
  const passwordHash = withAccount ? await hashPassword(input.password!) : null

  return db.transaction(async (tx) => {
    await checkMajor(tx, input.major_id, errors)
    if (Object.keys(errors).length > 0) unprocessable(INVALID, errors)

    const taken: FieldErrors = {}
    // NISN is unique too (the roster import upserts by it).
    if (set.nisn && (await q.nisnTaken(tx, set.nisn, null))) conflictOf({ nisn: [NISN_TAKEN] })
    // The NIS in another case (a record stored before NIS were kept in capitals; the insert's conflict is exact).
    if (await q.nisTaken(tx, set.nis!, null)) taken.nis = [NIS_TAKEN]
    let userId: number | null = null
    if (passwordHash) {
      const account = await q.insertAccount(tx, {
        email: set.email!,
        fullName: set.fullName!,
        passwordHash,
        role: kind,
      })
      if (account) userId = account.id
      else taken.email = [EMAIL_TAKEN]
    }
    const row = await q.insertLearner(tx, {
      ...(set as typeof students.$inferInsert),
      socialMedia: stripNulls(social),
      userId,
    })
    if (!row) taken.nis = [NIS_TAKEN]
    if (Object.keys(taken).length > 0) conflictOf(taken)

    await audit(tx, actor, 'create', 'student', row.id, {
      kind,
      nis: set.nis,
      fullName: set.fullName,
      majorId: set.majorId,
      graduationYear: set.graduationYear ?? null,
      accountId: userId,
    })
    return learnerOut((await q.learnerById(tx, kind, row.id))!)
  })
}

/**
 * Updates the fields sent (absent keeps, null clears an optional one). A change of the name or the e-mail is
 * made to the linked account too; a value sent as it is stored changes neither, so a form sent back whole
 * does not write over a login changed in user management, or an e-mail the learner keeps as their contact.
 * A learner without an account gets one when `create_account` is true or a password is given; an existing
 * account's password is not changed here.
 */
export async function updateLearner(
  db: Db,
  actor: Actor,
  kind: Kind,
  id: number,
  input: LearnerPatch,
  versions?: string[],
) {
  const errors: FieldErrors = {}
  const set = columnsOf(kind, input, errors, await readSchoolToday(db))
  const social = socialPatchOf(input)
  const wantsAccount = input.create_account === true || input.password !== undefined
  if (Object.keys(errors).length > 0) unprocessable(INVALID, errors)
  // Hashing is slow: done before the transaction, even if the learner turns out to have an account.
  const passwordHash = input.password !== undefined ? await hashPassword(input.password) : null

  return db.transaction(async (tx) => {
    const current = (await q.lockLearner(tx, kind, id)) ?? notFoundLearner(kind)
    assertVersion(current.updatedAt, versions)
    if (set.majorId !== undefined && set.majorId !== current.majorId)
      await checkMajor(tx, set.majorId, errors)

    const email = set.email !== undefined ? set.email : current.email
    const fullName = set.fullName ?? current.fullName
    const hasAccount = current.userId !== null
    const newEmail = set.email !== undefined && set.email !== current.email
    const newName = set.fullName !== undefined && set.fullName !== current.fullName
    if (hasAccount && newEmail && set.email === null)
      addFieldError(
        errors,
        'email',
        msg(
          'wajib diisi selama siswa memiliki akun untuk masuk',
          'is required while the learner has a sign-in account',
        ),
      )
    if (hasAccount && input.password !== undefined)
      addFieldError(
        errors,
        'password',
        msg(
          'akun untuk masuk sudah ada; kirim tautan atur ulang kata sandi dari menu Siswa atau Alumni',
          'the sign-in account already exists; send a password reset link from the Students or Alumni menu',
        ),
      )
    if (!hasAccount && wantsAccount && current.leftOn)
      addFieldError(errors, 'create_account', leftSchool(current.leftOn))
    else if (!hasAccount && wantsAccount) {
      if (!email) addFieldError(errors, 'email', accountNeedsEmail)
      if (input.password === undefined) addFieldError(errors, 'password', accountNeedsEmail)
      else checkPassword(errors, input.password, { email, fullName })
    }
    if (Object.keys(errors).length > 0) unprocessable(INVALID, errors)

    const taken: FieldErrors = {}
    if (set.nis !== undefined && set.nis !== current.nis && (await q.nisTaken(tx, set.nis, id))) {
      // Its own NIS sent back (the form whole) while another record holds it in another case, as stored before NIS
      // were kept in capitals: kept as it is until staff merge the two (docs/operations.md).
      if (set.nis === current.nis.toUpperCase()) delete set.nis
      else taken.nis = [NIS_TAKEN]
    }
    if (set.nisn && set.nisn !== current.nisn && (await q.nisnTaken(tx, set.nisn, id)))
      taken.nisn = [NISN_TAKEN]
    let userId = current.userId
    let newLogin = false
    if (hasAccount) {
      // The record's e-mail changed to one that is not the login already: the login follows.
      const login = newEmail ? await q.loginOf(tx, current.userId!) : undefined
      newLogin = newEmail && set.email ? set.email !== login : false
      if (newLogin && (await q.emailTaken(tx, set.email!, current.userId))) taken.email = [EMAIL_TAKEN]
      else if (newLogin || newName) {
        await q.updateAccount(tx, current.userId!, {
          ...(newLogin ? { email: set.email! } : {}),
          ...(newName && set.fullName ? { fullName: set.fullName } : {}),
        })
        // A link sent to the old address must not set the password of the account at its new one, and what
        // is still owed to the account at the old address is not sent there, as in user management.
        if (newLogin) {
          await voidPasswordLinks(tx, current.userId!)
          await giveUpEmailsTo(tx, current.userId!, ADDRESS_CHANGED)
        }
      }
    } else if (wantsAccount && passwordHash) {
      const account = await q.insertAccount(tx, { email: email!, fullName, passwordHash, role: kind })
      if (account) userId = account.id
      else taken.email = [EMAIL_TAKEN]
    }
    if (Object.keys(taken).length > 0) conflictOf(taken)

    await tx
      .update(students)
      .set({
        ...set,
        userId,
        // Merged in SQL: keys not sent keep their value, null removes one.
        ...(social
          ? {
              socialMedia: sql`jsonb_strip_nulls(${students.socialMedia} || ${JSON.stringify(social)}::jsonb)`,
            }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(students.id, id))
    // Her contact e-mail changed to her login: what is still unsent to the old one is given up, as when she changes
    // it in her profile (one rule, `giveUpEmailsToFormerContact`; read after the row is written). A new login gave
    // up everything still owed to her above.
    if (hasAccount && newEmail && !newLogin) await giveUpEmailsToFormerContact(tx, current.userId!)
    const { password: _, ...logged } = input
    await audit(tx, actor, 'update', 'student', id, {
      kind,
      ...logged,
      ...(userId !== current.userId ? { accountId: userId } : {}),
    })
    return learnerOut((await q.learnerById(tx, kind, id))!)
  })
}

/**
 * Deletes a learner who never applied and was never placed (409 otherwise), with its login account,
 * portfolio files and tracer-study answers, in one transaction; the files' bytes are removed after commit.
 */
export async function deleteLearner(db: Db, storage: Storage, actor: Actor, kind: Kind, id: number) {
  const keys = await db.transaction(async (tx) => {
    const current = (await q.lockLearner(tx, kind, id)) ?? notFoundLearner(kind)
    const used = await q.learnerUsage(tx, id)
    if (used.applications > 0)
      conflict(
        msg(
          `${WORDS[kind].id} ${current.fullName} tidak dapat dihapus karena sudah memiliki ${used.applications} lamaran kerja. Data lamaran harus tetap tersimpan.`,
          `${WORDS[kind].en} ${current.fullName} cannot be deleted: they have ${used.applications} job application(s), which must be kept.`,
        ),
      )
    if (used.placements > 0)
      conflict(
        msg(
          `${WORDS[kind].id} ${current.fullName} tidak dapat dihapus karena memiliki ${used.placements} data penempatan kerja. Data penempatan harus tetap tersimpan.`,
          `${WORDS[kind].en} ${current.fullName} cannot be deleted: they have ${used.placements} placement(s), which must be kept.`,
        ),
      )
    const { keys, removedPlacements } = await q.deleteLearner(tx, id, current.userId)
    if (current.userId) await giveUpEmailsTo(tx, current.userId)
    await q.eraseFromTrail(tx, current, removedPlacements)
    // The NIS, the school's own register number, says which learner went (the school's register keeps it
    // anyway); the name goes with the rest.
    await audit(tx, actor, 'delete', 'student', id, {
      kind,
      nis: current.nis,
      accountId: current.userId,
      ...(removedPlacements.length > 0 ? { removedPlacements: removedPlacements.length } : {}),
    })
    return keys
  })
  await removeStored(db, storage, keys)
}

const ONE_FORM = msg(
  'Pilih siswanya, atau satu kelas (dan kompetensi keahliannya bila perlu).',
  'Choose the students, or one class (and its major if needed).',
)

/**
 * Upgrades grade-12 students to alumni in one transaction: each gets the graduation year and its
 * account the role `alumni`. Either the listed `student_ids` or a whole class (`class_name`,
 * optionally of one major). All or nothing: one unknown id or alumnus and nothing changes (422
 * naming each offending `student_ids.<index>`).
 */
export async function upgradeToAlumni(db: Db, actor: Actor, input: Static<typeof UpgradeBody>) {
  const byIds = input.student_ids !== undefined
  if (byIds && (input.class_name !== undefined || input.major_id !== undefined)) {
    const both = msg(
      'tidak boleh dikirim bersama daftar siswa',
      'must not be given together with a list of students',
    )
    unprocessable(ONE_FORM, {
      ...(input.class_name !== undefined ? { class_name: [both] } : {}),
      ...(input.major_id !== undefined ? { major_id: [both] } : {}),
    })
  }
  if (!byIds && input.class_name === undefined)
    unprocessable(ONE_FORM, {
      student_ids: [msg('wajib diisi jika rombel tidak diisi', 'is required unless a class is given')],
      class_name: [
        msg('wajib diisi jika daftar siswa tidak diisi', 'is required unless students are listed'),
      ],
    })
  const later = laterGraduationYear(input.graduation_year, await readSchoolToday(db))
  if (later) unprocessable(INVALID, { graduation_year: [later] })
  const className = input.class_name === undefined ? undefined : clean(input.class_name)
  if (!byIds && !className)
    unprocessable(INVALID, { class_name: [msg('tidak boleh kosong', 'must not be empty')] })

  return db.transaction(async (tx) => {
    let ids: number[]
    if (byIds) {
      ids = input.student_ids!
      const found = new Map((await q.lockLearners(tx, ids)).map((r) => [r.id, r]))
      const errors: FieldErrors = {}
      ids.forEach((id, i) => {
        const row = found.get(id)
        if (row === undefined)
          errors[`student_ids.${i}`] = [msg('Siswa tidak ditemukan.', 'No such student.')]
        else if (row.graduationYear !== null)
          errors[`student_ids.${i}`] = [
            msg(
              `Sudah menjadi alumni (lulus ${row.graduationYear}).`,
              `Already an alumnus (class of ${row.graduationYear}).`,
            ),
          ]
        else if (row.leftOn !== null) errors[`student_ids.${i}`] = [leftSchool(row.leftOn)]
      })
      if (Object.keys(errors).length > 0)
        unprocessable(
          msg(
            'Tidak ada siswa yang dijadikan alumni: sebagian data tidak dapat dijadikan alumni.',
            'No student was upgraded: some of them cannot be.',
          ),
          errors,
        )
    } else {
      if (input.major_id !== undefined) {
        const errors: FieldErrors = {}
        await checkMajorExists(tx, input.major_id, errors)
        if (Object.keys(errors).length > 0) unprocessable(INVALID, errors)
      }
      ids = await q.lockClass(tx, className!, input.major_id)
      if (ids.length === 0)
        unprocessable(
          msg('Tidak ada siswa kelas XII di kelas ini.', 'There are no grade-12 students in this class.'),
          { class_name: [msg('tidak ada siswa kelas XII di kelas ini', 'has no grade-12 students')] },
        )
    }
    const upgraded = await q.graduate(tx, ids, input.graduation_year)
    await q.auditEach(tx, actor.id, 'upgrade_to_alumni', upgraded, { graduationYear: input.graduation_year })
    const alumni = await q.learnersByIds(tx, upgraded)
    return { upgraded: upgraded.length, alumni: alumni.map(learnerOut) }
  })
}

/** For filters: any existing major will do, active or not. */
async function checkMajorExists(tx: Tx, majorId: number, errors: FieldErrors) {
  if (!(await q.majorState(tx, majorId)))
    addFieldError(
      errors,
      'major_id',
      msg('Kompetensi keahlian tidak ditemukan.', 'The major does not exist.'),
    )
}

// ---------------------------------------------------------------------------------------------
// Left school (keluar / mutasi)

/** Why a learner who left school is refused (graduation, the alumni upgrade). */
export const leftSchool = (on: string) =>
  msg(`Keluar/Mutasi sejak ${on}.`, `Left school (dropped out or moved) on ${on}.`)

const LEFT_NOTE = 'Ditutup BKK: siswa keluar/mutasi dari sekolah.'

const alumnusCannotLeave = (year: number) =>
  conflict(
    msg(
      `Sudah menjadi alumni (lulus ${year}): hanya siswa kelas XII yang dapat dicatat keluar/mutasi.`,
      `Already an alumnus (class of ${year}): only a grade-12 student can be recorded as having left.`,
    ),
  )

/** The grade-12 student, locked; 404 for an unknown id, 409 naming the year for an alumnus. */
async function lockStudent(tx: Tx, id: number) {
  const current = await q.lockLearner(tx, 'siswa', id)
  if (current) return current
  const alumnus = await q.learnerById(tx, 'alumni', id)
  return alumnus ? alumnusCannotLeave(alumnus.graduationYear!) : notFoundLearner('siswa')
}

/**
 * Records that a grade-12 student left school (`keluar`: dropped out, `mutasi`: moved to another school) on a
 * day of the school's calendar, not after today. In one transaction: their applications still open are
 * withdrawn for them by the school (the lifecycle's `withdrawn` move, the timeline row saying why; their tests
 * still ahead let them go, as a withdrawal does), and their account is switched off as user management does
 * (sessions ended, e-mails still owed given up), with an audit row for each. The record stays, for the history
 * of their applications, out of the students' list, the pickers, graduation and the reports' cohorts.
 */
export async function recordLeft(
  db: Db,
  mailing: Mailing,
  actor: Actor,
  id: number,
  input: Static<typeof LeftBody>,
) {
  const today = await readSchoolToday(db)
  if (input.date > today)
    unprocessable(INVALID, {
      date: [msg('tidak boleh setelah hari ini', 'must not be after today')],
    })
  const note = clean(input.note) ?? null
  const result = await db.transaction(async (tx) => {
    const current = await lockStudent(tx, id)
    if (current.leftOn)
      conflict(
        msg(
          `${current.fullName} sudah tercatat keluar/mutasi sejak ${current.leftOn}. Batalkan dulu untuk mengubahnya.`,
          `${current.fullName} is already recorded as having left on ${current.leftOn}. Undo it first to change it.`,
        ),
      )
    await q.setLeft(tx, id, { leftOn: input.date, leftReason: input.reason, leftNote: note })
    const open = await q.openApplicationsOfLearner(tx, id)
    const closed = await moveApplications(
      tx,
      actor,
      open.map((applicationId) => ({ applicationId, move: 'withdrawn' as const, notes: LEFT_NOTE })),
      // By the school: it does not bar a new application should this be undone (a mistake).
      { changes: { withdrawnBySchool: true } },
    )
    await releaseFromTests(tx, mailing, closed)
    const revoked = current.userId ? await switchOff(tx, actor, current.userId) : 0
    await audit(tx, actor, 'left_school', 'student', id, {
      kind: 'siswa',
      date: input.date,
      reason: input.reason,
      note,
      accountId: current.userId,
      closedApplications: closed,
      ...(revoked > 0 ? { revoked } : {}),
    })
    return { learner: learnerOut((await q.learnerById(tx, 'siswa', id))!), closed: closed.length }
  })
  mailing.outbox.kick()
  return result
}

/**
 * Switches the learner's account off as user management's deactivation does (`switchAccountOff`): its sessions
 * end and the e-mails still owed to it are given up (the test cancellations just written among them, also when the
 * account was already off); an audit row on the account when it was on. Answers how many sessions ended.
 */
async function switchOff(tx: Tx, actor: Actor, userId: number) {
  const { wasActive, revoked } = await switchAccountOff(tx, userId)
  if (wasActive)
    await audit(tx, actor, 'deactivate', 'user', userId, { isActive: false, revoked, via: 'left_school' })
  return revoked
}

/**
 * Takes back a "left school" recorded by mistake: the learner is a grade-12 student at school again (in the list,
 * the pickers, graduation, the cohorts). What the recording did stays: the applications it closed stay withdrawn
 * (their companies may have moved on; the learner applies again), and the account stays off until staff switch it
 * on in user management (`account.isActive` says so). 409 when they are not recorded as having left.
 */
export async function undoLeft(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const current = await lockStudent(tx, id)
    if (!current.leftOn)
      conflict(
        msg(
          `${current.fullName} tidak tercatat keluar/mutasi.`,
          `${current.fullName} is not recorded as having left school.`,
        ),
      )
    await q.setLeft(tx, id, null)
    await audit(tx, actor, 'left_school_undone', 'student', id, {
      kind: 'siswa',
      date: current.leftOn,
      reason: current.leftReason,
      note: current.leftNote,
    })
    return learnerOut((await q.learnerById(tx, 'siswa', id))!)
  })
}
