import type { Static } from '@sinclair/typebox'
import type { Actor } from '../../actor.js'
import type { Conn, Db } from '../../db/client.js'
import { readSchoolToday } from '../../db/school-day.js'
import { type FieldErrors, unprocessable } from '../../http/errors.js'
import { type Msg, msg } from '../../http/i18n.js'
import { squeezed } from '../../http/schemas.js'
import { laterGraduationYear } from './graduation-year.js'
import * as g from './graduations.queries.js'
import type { GraduationBody, UndoGraduationBody } from './graduations.schemas.js'
import * as q from './learners.queries.js'
import { leftSchool } from './learners.service.js'

/*
 * Graduation of a class (issue 16): grade-12 students become alumni of a year in one transaction. The
 * learner record stays the same row, so the account, portfolio, applications, placements and tracer
 * study carry over; the account's role becomes `alumni`. Someone already graduated is refused on their
 * own (listed in `failures`), never graduated twice; the others go ahead.
 */

const INVALID = msg('Data yang dikirim tidak valid.', 'The given data was invalid.')
const WHO = msg(
  'Pilih siswa yang lulus: satu kelas, satu kompetensi keahlian, keduanya, atau daftar siswa.',
  'Choose who graduates: a class, a major, both, or a list of students.',
)

export interface Graduate {
  id: number
  nis: string
  nisn: string | null
  fullName: string
  className: string | null
  major: { id: number; code: string; name: string }
  /**
   * `isActive` false: the account is switched off (a learner who left school before "Keluar/Mutasi" could be
   * recorded keeps only that trace); the preview shows it and leaves them unticked.
   */
  account: { id: number; email: string; isActive: boolean } | null
}

export interface Refusal {
  id: number
  nis: string | null
  fullName: string | null
  className: string | null
  major: { id: number; code: string; name: string } | null
  reason: Msg
  /** Refused because they left school (keluar/mutasi): the preview lists them, not to be ticked. */
  left: { date: string; reason: 'keluar' | 'mutasi' } | null
}

/** A refusal of a learner (known or not) for the reason; `left` says it is their having left school. */
function refusal(id: number, r: g.Candidate | undefined, reason: Msg, left = false): Refusal {
  return {
    id,
    nis: r?.nis ?? null,
    fullName: r?.fullName ?? null,
    className: r?.className ?? null,
    major: r?.major ?? null,
    reason,
    left: left && r?.leftOn && r.leftReason ? { date: r.leftOn, reason: r.leftReason } : null,
  }
}

function graduateOut(c: g.Candidate): Graduate {
  return {
    id: c.id,
    nis: c.nis,
    nisn: c.nisn,
    fullName: c.fullName,
    className: c.className,
    major: c.major,
    account: c.account ? { id: c.account.id, email: c.account.email, isActive: c.account.isActive } : null,
  }
}

const alreadyGraduated = (year: number) =>
  msg(`Sudah lulus: alumni tahun ${year}.`, `Already graduated: alumnus of ${year}.`)

/** Why the grade-12 student or alumnus `r` cannot graduate, or undefined when they can. */
const refusedFor = (r: g.Candidate) =>
  r.graduationYear !== null ? alreadyGraduated(r.graduationYear) : r.leftOn ? leftSchool(r.leftOn) : undefined

/**
 * Who would graduate and who is refused (already graduated, or left school), from the rows as read (locked when
 * committing).
 */
function sort(rows: g.Candidate[], ids: number[] | undefined) {
  const graduates: Graduate[] = []
  const failures: Refusal[] = []
  const byId = new Map(rows.map((r) => [r.id, r]))
  for (const id of ids ?? rows.map((r) => r.id)) {
    const r = byId.get(id)
    const why = r ? refusedFor(r) : msg('Siswa tidak ditemukan.', 'No such student.')
    if (why) failures.push(refusal(id, r, why, r?.graduationYear === null))
    else graduates.push(graduateOut(r!))
  }
  return { graduates, failures }
}

/**
 * Previews (`dry_run`) or commits a graduation. The selection is the listed `student_ids`, or the
 * grade-12 students of a class and/or major (their classmates already graduated that year are listed as
 * refused). A commit that finds nobody at all is a 422 on the selection.
 */
export async function graduateLearners(db: Db, actor: Actor, input: Static<typeof GraduationBody>) {
  const byIds = input.student_ids !== undefined
  if (byIds && (input.class_name !== undefined || input.major_id !== undefined)) {
    const both = msg('tidak boleh dikirim bersama daftar siswa', 'must not be sent together with student_ids')
    unprocessable(WHO, {
      ...(input.class_name !== undefined ? { class_name: [both] } : {}),
      ...(input.major_id !== undefined ? { major_id: [both] } : {}),
    })
  }
  if (!byIds && input.class_name === undefined && input.major_id === undefined) {
    const one = msg(
      'isi salah satu: rombel, kompetensi keahlian, atau daftar siswa',
      'give one of class_name, major_id or student_ids',
    )
    unprocessable(WHO, { class_name: [one], major_id: [one], student_ids: [one] })
  }
  const later = laterGraduationYear(input.graduation_year, await readSchoolToday(db))
  if (later) unprocessable(INVALID, { graduation_year: [later] })
  const className = input.class_name === undefined ? undefined : squeezed(input.class_name)
  if (input.class_name !== undefined && !className)
    unprocessable(INVALID, { class_name: [msg('tidak boleh kosong', 'must not be empty')] })
  const year = input.graduation_year
  const by = byIds ? { ids: input.student_ids! } : { majorId: input.major_id, className, year }

  const checkMajor = async (conn: Conn) => {
    if (input.major_id !== undefined && !(await q.majorState(conn, input.major_id)))
      unprocessable(INVALID, {
        major_id: [msg('Kompetensi keahlian tidak ditemukan.', 'The major does not exist.')],
      })
  }

  if (input.dry_run) {
    await checkMajor(db)
    const { graduates, failures } = sort(await g.candidates(db, by, false), input.student_ids)
    return { dryRun: true, graduationYear: year, ...counts(graduates, failures), graduates, failures }
  }
  return db.transaction(async (tx) => {
    await checkMajor(tx)
    const { graduates, failures } = sort(await g.candidates(tx, by, true), input.student_ids)
    if (graduates.length + failures.length === 0) {
      const none = msg('tidak ada siswa kelas XII yang cocok', 'matches no grade-12 student')
      const errors: FieldErrors = {}
      if (input.class_name !== undefined) errors.class_name = [none]
      if (input.major_id !== undefined) errors.major_id = [none]
      unprocessable(
        msg(
          'Tidak ada siswa kelas XII yang cocok dengan pilihan ini.',
          'No grade-12 student matches this choice.',
        ),
        errors,
      )
    }
    const ids = graduates.map((s) => s.id)
    if (ids.length > 0) {
      // Guarded again in SQL (graduation_year is null): nobody graduates twice, whatever raced.
      const done = await q.graduate(tx, ids, year)
      await q.auditEach(tx, actor.id, 'graduate', done, { graduationYear: year })
    }
    return { dryRun: false, graduationYear: year, ...counts(graduates, failures), graduates, failures }
  })
}

const counts = (graduates: unknown[], failures: unknown[]) => ({
  processed: graduates.length + failures.length,
  succeeded: graduates.length,
  failed: failures.length,
})

/**
 * Takes a graduation back for the listed learners (a class graduated by mistake, or before its new cohort was
 * told apart): alumni of `graduation_year` go back to grade 12, their accounts `siswa` again, in one transaction
 * with an audit row each (`ungraduate`). Refused on their own (`failures`): one not found, not an alumnus of that
 * year, or who already acted as one (a tracer-study answer, an application to a vacancy for alumni): those stay.
 * Before, nothing took a graduation back: the alumni form refuses no year, user management a role against the
 * record, and deleting the learner loses the account and portfolio.
 */
export async function undoGraduation(db: Db, actor: Actor, input: Static<typeof UndoGraduationBody>) {
  const year = input.graduation_year
  return db.transaction(async (tx) => {
    const rows = await g.candidates(tx, { ids: input.student_ids }, true)
    const traces = await g.alumniTraces(tx, input.student_ids)
    const byId = new Map(rows.map((r) => [r.id, r]))
    const back: Graduate[] = []
    const failures: Refusal[] = []
    for (const id of input.student_ids) {
      const r = byId.get(id)
      const refuse = (reason: Msg) => failures.push(refusal(id, r, reason))
      const t = traces.get(id)
      if (!r) refuse(msg('Siswa tidak ditemukan.', 'No such student.'))
      else if (r.graduationYear !== year)
        refuse(
          r.graduationYear === null
            ? msg('Belum lulus: masih siswa kelas XII.', 'Not graduated: still in grade 12.')
            : msg(
                `Alumni tahun ${r.graduationYear}, bukan ${year}.`,
                `Alumnus of ${r.graduationYear}, not ${year}.`,
              ),
        )
      else if (t && t.answers > 0)
        refuse(
          msg('Sudah mengisi tracer study sebagai alumni.', 'Has answered the tracer study as an alumnus.'),
        )
      else if (t && t.applied > 0)
        refuse(msg('Sudah melamar lowongan sebagai alumni.', 'Has applied to a vacancy as an alumnus.'))
      else back.push(graduateOut(r))
    }
    if (back.length > 0) {
      const done = await q.moveGraduation(
        tx,
        back.map((s) => s.id),
        year,
        null,
      )
      await q.auditEach(tx, actor.id, 'ungraduate', done, { graduationYear: year })
    }
    return { graduationYear: year, ...counts(back, failures), learners: back, failures }
  })
}
