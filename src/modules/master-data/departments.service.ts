import type { Static } from '@sinclair/typebox'
import { eq, sql } from 'drizzle-orm'
import type { Actor } from '../../actor.js'
import { audit } from '../../db/audit.js'
import type { Db } from '../../db/client.js'
import { departments } from '../../db/schema/index.js'
import { pageOf } from '../../http/envelope.js'
import { conflict, invalidField, notFound } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import { squeezed } from '../../http/schemas.js'
import { assertVersion } from '../../http/versions.js'
import * as q from './departments.queries.js'
import type {
  CreateDepartmentBody,
  DepartmentListQuery,
  UpdateDepartmentBody,
} from './departments.schemas.js'

const notFoundDepartment = () => notFound(msg('Bidang keahlian tidak ditemukan.', 'Department not found.'))

const codeTaken = (code: string): never =>
  conflict(msg('Kode bidang keahlian sudah dipakai.', 'The department code is already in use.'), {
    code: [
      msg(`Kode ${code} sudah dipakai bidang keahlian lain.`, `Code ${code} is used by another department.`),
    ],
  })

/** Codes are stored trimmed and in capitals (`TKJ`), so `tkj` and `TKJ` are the same code. */
export const normaliseCode = (code: string) => code.trim().toUpperCase()
const clean = (s: string | null | undefined) => (s == null ? s : s.trim() || null)

/**
 * A required one-line text (a name), trimmed, its inner runs of blanks squeezed to one space (as a search is:
 * `likePattern`); only spaces counts as empty (422 for that field).
 */
export function nonBlank<T extends string | undefined>(value: T, field: string): T {
  const trimmed = value === undefined ? undefined : squeezed(value)
  if (trimmed === '') invalidField(field, msg('tidak boleh kosong', 'must not be empty'))
  return trimmed as T
}

export function departmentOut(row: q.DepartmentRow) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    majorCount: row.majorCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** A page of departments for the list's query as the route checked it. */
export async function listDepartments(db: Db, query: Static<typeof DepartmentListQuery>) {
  const page = pageOf(query)
  const { rows, total } = await q.listDepartments(
    db,
    { search: query.search, isActive: query.is_active },
    page,
  )
  return { rows: rows.map(departmentOut), total, page }
}

export function departmentOptions(db: Db, includeInactive = false) {
  return q.departmentOptions(db, includeInactive)
}

export async function getDepartment(db: Db, id: number) {
  return departmentOut((await q.departmentById(db, id)) ?? notFoundDepartment())
}

export async function createDepartment(db: Db, actor: Actor, input: Static<typeof CreateDepartmentBody>) {
  const code = normaliseCode(input.code)
  const name = nonBlank(input.name, 'name')
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(departments)
      .values({
        code,
        name,
        description: clean(input.description),
        isActive: input.is_active ?? true,
      })
      .onConflictDoNothing({ target: departments.code })
      .returning({ id: departments.id })
    if (!row) codeTaken(code)
    await audit(tx, actor, 'create', 'department', row.id, { ...input, code })
    return departmentOut((await q.departmentById(tx, row.id))!)
  })
}

export async function updateDepartment(
  db: Db,
  actor: Actor,
  id: number,
  input: Static<typeof UpdateDepartmentBody>,
  versions?: string[],
) {
  const code = input.code === undefined ? undefined : normaliseCode(input.code)
  const name = nonBlank(input.name, 'name')
  return db.transaction(async (tx) => {
    const current = (await q.lockDepartment(tx, id)) ?? notFoundDepartment()
    assertVersion(current.updatedAt, versions)
    if (code !== undefined && code !== current.code && (await q.departmentCodeTaken(tx, code, id)))
      codeTaken(code)
    await tx
      .update(departments)
      .set({
        code,
        name,
        description: clean(input.description),
        isActive: input.is_active,
        updatedAt: sql`now()`,
      })
      .where(eq(departments.id, id))
    await audit(tx, actor, 'update', 'department', id, { ...input, ...(code ? { code } : {}) })
    return departmentOut((await q.departmentById(tx, id))!)
  })
}

export async function deleteDepartment(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const current = (await q.lockDepartment(tx, id)) ?? notFoundDepartment()
    const majors = await q.majorCountOf(tx, id)
    if (majors > 0)
      conflict(
        msg(
          `Bidang keahlian ${current.name} tidak dapat dihapus karena masih memiliki ${majors} kompetensi keahlian. Hapus atau pindahkan kompetensi keahliannya terlebih dahulu, atau nonaktifkan bidang keahlian ini.`,
          `Department ${current.name} cannot be deleted: it still has ${majors} major(s). Delete or move them first, or deactivate the department.`,
        ),
      )
    await tx.delete(departments).where(eq(departments.id, id))
    await audit(tx, actor, 'delete', 'department', id, { code: current.code, name: current.name })
  })
}
