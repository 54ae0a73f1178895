import type { Static } from '@sinclair/typebox'
import { eq, sql } from 'drizzle-orm'
import type { Actor } from '../../actor.js'
import type { Conn, Db } from '../../db/client.js'
import { type EducationEntry, type SocialMedia, students } from '../../db/schema/index.js'
import { readSchoolToday } from '../../db/school-day.js'
import { addFieldError, conflict, type FieldErrors, notFound, unprocessable } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import { mobileNumber, PATTERNS, socialLink } from '../../http/patterns.js'
import { squeezed } from '../../http/schemas.js'
import { fileOut } from '../../http/shapes/file.js'
import { lockAtVersion } from '../../http/versions.js'
import { giveUpEmailsToFormerContact } from '../../jobs/outbox.js'
import type { Storage } from '../../storage/storage.js'
import { discardUpload, removeStored } from '../files/service.js'
import { displayName, newStorageKey, sniff, type Upload } from '../files/upload.js'
import { PORTFOLIO_CATEGORIES, type PortfolioCategory } from './options.js'
import * as q from './queries.js'
import type { ProfileBody } from './schemas.js'

/** How many portfolio files one learner may hold. */
export const MAX_PORTFOLIO_FILES = 30
export const MAX_TITLE = 150

const INVALID = msg('Data yang dikirim tidak valid.', 'The given data was invalid.')
const REQUIRED = msg('wajib diisi', 'is required')

const noLearner = () =>
  notFound(
    msg(
      'Data siswa/alumni untuk akun ini belum ada. Hubungi admin BKK sekolah.',
      "There is no learner record for this account. Contact the school's career center.",
    ),
  )
const notFoundFile = () => notFound(msg('Berkas tidak ditemukan.', 'File not found.'))

/** The learner the caller is; every portfolio route works on that record only. */
const learnerOf = (actor: Actor): number => actor.studentId ?? noLearner()

// ---------------------------------------------------------------------------------------------
// Completeness

/** What a profile must have before its owner may apply (request field names; `cv` is a file). */
export const COMPLETENESS_ITEMS = ['phone', 'address', 'birth_date', 'cv'] as const
export type CompletenessItem = (typeof COMPLETENESS_ITEMS)[number]

export interface Completeness {
  complete: boolean
  missing: CompletenessItem[]
}

/**
 * The school's rule, in one place: a phone number, an address and a birth date on the learner
 * record, and at least one portfolio file of category `cv`. HR must be able to reach the applicant
 * and read a CV; everything else is optional.
 */
export function completenessOf(facts: {
  phone: string | null
  address: string | null
  birthDate: string | null
  hasCv: boolean
}): Completeness {
  const missing: CompletenessItem[] = []
  if (!facts.phone?.trim()) missing.push('phone')
  if (!facts.address?.trim()) missing.push('address')
  if (!facts.birthDate) missing.push('birth_date')
  if (!facts.hasCv) missing.push('cv')
  return { complete: missing.length === 0, missing }
}

/** The completeness of a learner's profile (one statement); an unknown learner misses everything. */
export async function profileCompleteness(conn: Conn, studentId: number): Promise<Completeness> {
  const facts = await q.completenessFacts(conn, studentId)
  return facts ? completenessOf(facts) : { complete: false, missing: [...COMPLETENESS_ITEMS] }
}

// ---------------------------------------------------------------------------------------------
// Profile

export const SOCIAL_KEYS = ['linkedin', 'instagram', 'github', 'facebook', 'tiktok', 'website'] as const

/** What a learner's record shows of her (her profile, her copy of her data): one shape, read from these columns. */
type Biodata = Pick<
  q.ProfileRow['student'],
  | 'id'
  | 'nis'
  | 'nisn'
  | 'fullName'
  | 'className'
  | 'graduationYear'
  | 'gender'
  | 'birthPlace'
  | 'birthDate'
  | 'religion'
  | 'address'
  | 'city'
  | 'province'
  | 'phone'
  | 'email'
  | 'summary'
  | 'skills'
  | 'education'
  | 'socialMedia'
>

/** A learner's biodata as the API answers it: her profile (`profileOut`), the personal-data copy. */
export function biodataOut(s: Biodata, major: q.ProfileRow['major'], department: q.ProfileRow['department']) {
  const social = s.socialMedia ?? {}
  return {
    id: s.id,
    nis: s.nis,
    nisn: s.nisn,
    fullName: s.fullName,
    className: s.className,
    graduationYear: s.graduationYear,
    major,
    department,
    gender: s.gender,
    birthPlace: s.birthPlace,
    birthDate: s.birthDate,
    religion: s.religion,
    address: s.address,
    city: s.city,
    province: s.province,
    phone: s.phone,
    email: s.email,
    summary: s.summary,
    skills: s.skills ?? [],
    education: (s.education ?? []).map((e) => ({
      level: e.level,
      institution: e.institution,
      major: e.major ?? null,
      startYear: e.startYear ?? null,
      endYear: e.endYear ?? null,
    })),
    socialMedia: Object.fromEntries(SOCIAL_KEYS.map((k) => [k, social[k] ?? null])) as Record<
      (typeof SOCIAL_KEYS)[number],
      string | null
    >,
  }
}

export function profileOut(row: q.ProfileRow) {
  const s = row.student
  return {
    ...biodataOut(s, row.major, row.department),
    files: row.files.map(fileOut),
    completeness: completenessOf({ ...s, hasCv: row.files.some((f) => f.category === 'cv') }),
    updatedAt: s.updatedAt.toISOString(),
  }
}

export async function getProfile(db: Conn, actor: Actor) {
  return profileOut((await q.profileRow(db, learnerOf(actor))) ?? noLearner())
}

/** Trimmed text; empty means cleared. `undefined` (absent) stays absent. */
const clean = (s: string | null | undefined) => (s == null ? s : s.trim() || null)

/**
 * A learner's mobile number as stored (`mobileNumber`: "0812-3456-7890" is 081234567890), written by the
 * learner or by staff; empty clears it, one that is no Indonesian mobile number is refused at the field.
 */
export function storedMobile(text: string | null, errors: FieldErrors): string | null {
  const typed = clean(text)
  if (!typed) return null
  const number = mobileNumber(typed)
  if (number === null) addFieldError(errors, 'phone', PATTERNS.mobile.words)
  return number
}

const TEXT_FIELDS = [
  ['birth_place', 'birthPlace'],
  ['address', 'address'],
  ['city', 'city'],
  ['province', 'province'],
  ['summary', 'summary'],
] as const

/**
 * Updates what the learner may change about themselves: biodata, contact, summary, skills,
 * education and social media. Absent fields keep their value, null (or an empty text) clears it;
 * `social_media` is merged key by key. NIS, name, major and class belong to the school (the body
 * schema drops them). Answers the whole profile.
 */
export async function updateProfile(
  db: Db,
  actor: Actor,
  input: Static<typeof ProfileBody>,
  versions?: string[],
) {
  const studentId = learnerOf(actor)
  const errors: FieldErrors = {}
  const set: Partial<typeof students.$inferInsert> = {}

  for (const [field, column] of TEXT_FIELDS) {
    if (input[field] !== undefined) set[column] = clean(input[field])
  }
  if (input.phone !== undefined) set.phone = storedMobile(input.phone, errors)
  if (input.gender !== undefined) set.gender = input.gender
  if (input.religion !== undefined) set.religion = input.religion
  if (input.email !== undefined) set.email = clean(input.email)?.toLowerCase() ?? null

  if (input.birth_date !== undefined) {
    const date = input.birth_date
    const today = await readSchoolToday(db)
    if (date !== null && (date < '1900-01-01' || date > today))
      errors.birth_date = [
        msg('harus tanggal antara 1900-01-01 dan hari ini', 'must be a date between 1900-01-01 and today'),
      ]
    set.birthDate = date
  }

  if (input.skills !== undefined) {
    const seen = new Set<string>()
    set.skills = []
    for (const skill of input.skills.map(squeezed)) {
      if (!skill || seen.has(skill.toLowerCase())) continue
      seen.add(skill.toLowerCase())
      set.skills.push(skill)
    }
  }

  if (input.education !== undefined) {
    set.education = input.education.map((e, i): EducationEntry => {
      const level = e.level.trim()
      const institution = e.institution.trim()
      // Spaces only pass the schema's minLength; the entry would show no school.
      if (!level)
        addFieldError(errors, `education.${i}.level`, msg('tidak boleh kosong', 'must not be empty'))
      if (!institution)
        addFieldError(errors, `education.${i}.institution`, msg('tidak boleh kosong', 'must not be empty'))
      if (e.start_year != null && e.end_year != null && e.end_year < e.start_year)
        addFieldError(
          errors,
          `education.${i}.end_year`,
          msg('tidak boleh sebelum tahun mulai', 'must not be before the start year'),
        )
      return {
        level,
        institution,
        major: clean(e.major) ?? null,
        startYear: e.start_year ?? null,
        endYear: e.end_year ?? null,
      }
    })
  }

  let socialPatch: SocialMedia | undefined
  if (input.social_media !== undefined) {
    socialPatch = Object.fromEntries(
      Object.entries(input.social_media).map(([k, v]) => [k, socialLink(clean(v))]),
    ) as SocialMedia
  }

  if (Object.keys(errors).length > 0) unprocessable(INVALID, errors)

  await db.transaction(async (tx) => {
    // Staff may have changed the record since the form was read (learners.service.ts updateLearner).
    await lockAtVersion(tx, students, studentId, versions)
    await tx
      .update(students)
      .set({
        ...set,
        // Merged in SQL: keys not sent keep their value, null removes one.
        ...(socialPatch
          ? {
              socialMedia: sql`jsonb_strip_nulls(${students.socialMedia} || ${JSON.stringify(socialPatch)}::jsonb)`,
            }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(students.id, studentId))
    if (set.email !== undefined) await giveUpEmailsToFormerContact(tx, actor.id)
  })
  return getProfile(db, actor)
}

// ---------------------------------------------------------------------------------------------
// Files

function uploadInput(upload: Upload) {
  const errors: FieldErrors = {}
  const file = upload.file
  if (!file) errors.file = [REQUIRED]
  else if (file.buffer.length === 0) errors.file = [msg('berkas kosong', 'the file is empty')]

  const category = upload.fields.category?.trim()
  if (!category) errors.category = [REQUIRED]
  else if (!(PORTFOLIO_CATEGORIES as readonly string[]).includes(category))
    errors.category = [
      msg(
        `harus salah satu dari: ${PORTFOLIO_CATEGORIES.join(', ')}`,
        `must be one of: ${PORTFOLIO_CATEGORIES.join(', ')}`,
      ),
    ]

  const title = upload.fields.title === undefined ? undefined : squeezed(upload.fields.title)
  if (!title)
    errors.title = [
      upload.fields.title === undefined ? REQUIRED : msg('tidak boleh kosong', 'must not be empty'),
    ]
  else if (Array.from(title).length > MAX_TITLE)
    errors.title = [msg(`maksimal ${MAX_TITLE} karakter`, `must be at most ${MAX_TITLE} characters`)]

  if (!file || !category || !title || Object.keys(errors).length > 0) return unprocessable(INVALID, errors)
  return { file, category: category as PortfolioCategory, title }
}

/**
 * Stores an uploaded portfolio file. The form is checked and the bytes are judged (415 unless PDF,
 * JPEG, PNG or WebP) before anything is written; the bytes go to storage under a fresh random key,
 * then the row is inserted with the learner's row locked so that the limit of 30 files holds.
 * If the row cannot be written the bytes are removed again.
 */
export async function uploadPortfolioFile(db: Db, storage: Storage, actor: Actor, upload: Upload) {
  const studentId = learnerOf(actor)
  const { file, category, title } = uploadInput(upload)
  const type = await sniff(file.buffer)
  const key = newStorageKey('portfolio')
  await storage.put(key, file.buffer)
  try {
    const row = await db.transaction(async (tx) => {
      if (!(await q.lockLearner(tx, studentId))) noLearner()
      if ((await q.countPortfolioFiles(tx, studentId)) >= MAX_PORTFOLIO_FILES)
        unprocessable(
          msg(
            `Portofolio sudah berisi ${MAX_PORTFOLIO_FILES} berkas, batas maksimal. Hapus salah satu sebelum mengunggah lagi.`,
            `The portfolio already holds ${MAX_PORTFOLIO_FILES} files, the maximum. Delete one before uploading another.`,
          ),
          { file: [msg(`maksimal ${MAX_PORTFOLIO_FILES} berkas`, `at most ${MAX_PORTFOLIO_FILES} files`)] },
        )
      return q.insertFile(tx, {
        studentId,
        uploadedBy: actor.id,
        category,
        title,
        originalName: displayName(file.filename, `${category}.${type.ext}`),
        mimeType: type.mime,
        size: file.buffer.length,
        storageKey: key,
      })
    })
    return fileOut(row)
  } catch (err) {
    await discardUpload(db, storage, key)
    throw err
  }
}

/**
 * Deletes one of the caller's portfolio files (anyone else's is 404). A file attached to an
 * application stays: HR may be reviewing it (409). The bytes go after the row is gone (the row's delete
 * leaves them owed a removal, which the sweep retries if the storage refuses it now: src/modules/files/service.ts).
 */
export async function deletePortfolioFile(db: Db, storage: Storage, actor: Actor, fileId: number) {
  const studentId = learnerOf(actor)
  const key = await db.transaction(async (tx) => {
    const file = (await q.ownFileForDelete(tx, studentId, fileId)) ?? notFoundFile()
    // While HR may be reviewing it. Once every application holding it left the selection (withdrawn,
    // decided), the learner takes it back: the attachment goes with it (the company read it meanwhile).
    if (file.attachedInSelection)
      conflict(
        msg(
          'Berkas tidak dapat dihapus karena dilampirkan pada lamaran yang masih dalam seleksi.',
          'The file cannot be deleted: it is attached to an application still in the selection.',
        ),
      )
    await q.deleteFile(tx, fileId)
    return file.storageKey
  })
  await removeStored(db, storage, [key])
}
