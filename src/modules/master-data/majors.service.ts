import type { Static } from '@sinclair/typebox'
import { eq, sql } from 'drizzle-orm'
import type { Actor } from '../../actor.js'
import { audit } from '../../db/audit.js'
import type { Db } from '../../db/client.js'
import { majors } from '../../db/schema/index.js'
import { pageOf } from '../../http/envelope.js'
import { conflict, invalidField, notFound } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import { assertVersion } from '../../http/versions.js'
import { nonBlank, normaliseCode } from './departments.service.js'
import * as q from './majors.queries.js'
import type { CreateMajorBody, MajorListQuery, MajorOptionsQuery, UpdateMajorBody } from './majors.schemas.js'

const notFoundMajor = () => notFound(msg('Kompetensi keahlian tidak ditemukan.', 'Major not found.'))

const codeTaken = (code: string): never =>
  conflict(msg('Kode kompetensi keahlian sudah dipakai.', 'The major code is already in use.'), {
    code: [
      msg(`Kode ${code} sudah dipakai kompetensi keahlian lain.`, `Code ${code} is used by another major.`),
    ],
  })

const unknownDepartment = () =>
  invalidField('department_id', msg('Bidang keahlian tidak ditemukan.', 'The department does not exist.'))

const clean = (s: string | null | undefined) => (s == null ? s : s.trim() || null)

export function majorOut(row: q.MajorRow) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    department: row.department,
    studentCount: row.studentCount,
    alumniCount: row.alumniCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** A page of majors for the list's query as the route checked it. */
export async function listMajors(db: Db, query: Static<typeof MajorListQuery>) {
  const page = pageOf(query)
  const filter = { search: query.search, departmentId: query.department_id, isActive: query.is_active }
  const { rows, total } = await q.listMajors(db, filter, page)
  return { rows: rows.map(majorOut), total, page }
}

export function majorOptions(db: Db, query: Static<typeof MajorOptionsQuery>) {
  return q.majorOptions(db, {
    includeInactive: query.include_inactive ?? false,
    departmentId: query.department_id,
  })
}

export async function getMajor(db: Db, id: number) {
  return majorOut((await q.majorById(db, id)) ?? notFoundMajor())
}

export async function createMajor(db: Db, actor: Actor, input: Static<typeof CreateMajorBody>) {
  const code = normaliseCode(input.code)
  const name = nonBlank(input.name, 'name')
  return db.transaction(async (tx) => {
    if (!(await q.departmentExists(tx, input.department_id))) unknownDepartment()
    const [row] = await tx
      .insert(majors)
      .values({
        departmentId: input.department_id,
        code,
        name,
        description: clean(input.description),
        isActive: input.is_active ?? true,
      })
      .onConflictDoNothing({ target: majors.code })
      .returning({ id: majors.id })
    if (!row) codeTaken(code)
    await audit(tx, actor, 'create', 'major', row.id, { ...input, code })
    return majorOut((await q.majorById(tx, row.id))!)
  })
}

export async function updateMajor(
  db: Db,
  actor: Actor,
  id: number,
  input: Static<typeof UpdateMajorBody>,
  versions?: string[],
) {
  const code = input.code === undefined ? undefined : normaliseCode(input.code)
  const name = nonBlank(input.name, 'name')
  return db.transaction(async (tx) => {
    const current = (await q.lockMajor(tx, id, 'change')) ?? notFoundMajor()
    assertVersion(current.updatedAt, versions)
    if (
      input.department_id !== undefined &&
      input.department_id !== current.departmentId &&
      !(await q.departmentExists(tx, input.department_id))
    )
      unknownDepartment()
    if (code !== undefined && code !== current.code && (await q.majorCodeTaken(tx, code, id))) codeTaken(code)
    await tx
      .update(majors)
      .set({
        departmentId: input.department_id,
        code,
        name,
        description: clean(input.description),
        isActive: input.is_active,
        updatedAt: sql`now()`,
      })
      .where(eq(majors.id, id))
    await audit(tx, actor, 'update', 'major', id, { ...input, ...(code ? { code } : {}) })
    const major = majorOut((await q.majorById(tx, id))!)
    return { major, message: updatedMessage(current.isActive, major) }
  })
}

/**
 * What a save of a major answers. Switched off while it still has learners, it says what that means for them: a
 * learner sees only vacancies naming their own major, so its students and alumni keep seeing vacancies only where
 * a vacancy names it (vacancy forms still offer it, as no longer offered). Nothing moves them to another major.
 */
function updatedMessage(wasActive: boolean, major: ReturnType<typeof majorOut>) {
  if (!wasActive || major.isActive || major.studentCount + major.alumniCount === 0)
    return msg('Kompetensi keahlian diperbarui.', 'Major updated.')
  const who = [
    major.studentCount > 0 ? [`${major.studentCount} siswa`, `${major.studentCount} student(s)`] : null,
    major.alumniCount > 0 ? [`${major.alumniCount} alumni`, `${major.alumniCount} alumni`] : null,
  ].filter((x) => x !== null)
  const id = who.map((w) => w[0]).join(' dan ')
  const en = who.map((w) => w[1]).join(' and ')
  return msg(
    `Kompetensi keahlian ${major.name} dinonaktifkan: tidak dapat dipilih untuk siswa baru. ${id} tetap di kompetensi ini dan hanya melihat lowongan yang mencantumkan ${major.name}; perusahaan dan BKK masih dapat mencantumkannya pada lowongan (tertulis "tidak dibuka lagi").`,
    `Major ${major.name} switched off: it cannot be chosen for new students. Its ${en} stay in it and see only vacancies that name ${major.name}; companies and the career center can still name it on a vacancy (shown as "no longer offered").`,
  )
}

export async function deleteMajor(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const current = (await q.lockMajor(tx, id, 'delete')) ?? notFoundMajor()
    const used = await q.majorUsage(tx, id)
    if (used.learners > 0 || used.vacancies > 0) {
      const inId: string[] = []
      const inEn: string[] = []
      if (used.learners > 0) {
        inId.push(`${used.learners} data siswa/alumni`)
        inEn.push(`${used.learners} student/alumni record(s)`)
      }
      if (used.vacancies > 0) {
        inId.push(`${used.vacancies} lowongan`)
        inEn.push(`${used.vacancies} vacanc${used.vacancies === 1 ? 'y' : 'ies'}`)
      }
      conflict(
        msg(
          `Kompetensi keahlian ${current.name} tidak dapat dihapus karena masih dipakai oleh ${inId.join(' dan ')}. Nonaktifkan kompetensi keahlian ini sebagai gantinya.`,
          `Major ${current.name} cannot be deleted: it is still used by ${inEn.join(' and ')}. Deactivate it instead.`,
        ),
      )
    }
    await tx.delete(majors).where(eq(majors.id, id))
    await audit(tx, actor, 'delete', 'major', id, { code: current.code, name: current.name })
  })
}
