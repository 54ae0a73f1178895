import type { Actor } from '../../actor.js'
import { audit } from '../../db/audit.js'
import type { Conn, Db } from '../../db/client.js'
import type { ImportAction, ImportTotals, LeftReason } from '../../db/schema/index.js'
import { readSchoolToday } from '../../db/school-day.js'
import type { Page } from '../../http/envelope.js'
import { AppError, addFieldError, type FieldErrors } from '../../http/errors.js'
import { type Lang, type Msg, msg, tr } from '../../http/i18n.js'
import { hashInitialPasswords } from '../auth/passwords.js'
import { toXlsx } from '../reports/export.js'
import { temporaryPassword } from '../users/service.js'
import { credentialsKey, type KeySource, open, seal } from './credentials.js'
import * as q from './queries.js'
import {
  birthDateOf,
  type Checked,
  emailOf,
  type Field,
  genderOf,
  headerOf,
  nisnOf,
  nisOf,
  phoneOf,
  type Roster,
  type RosterRow,
  readRoster,
  textField,
} from './roster.js'

/*
 * The student roster import (issue 16): a CSV or XLSX file, matched by NISN against the learners, is
 * planned row by row (create, update, unchanged or error) and, unless it is a dry run and when no row
 * is in error, written in one transaction. New students get a `siswa` account that must change its
 * password at first login; their initial passwords wait, encrypted, for one download of the sheet.
 */

export interface ImportSettings extends KeySource {
  schoolEmailDomain: string
  schoolTimeZone: string
}

export interface ImportFile {
  buffer: Buffer
  filename: string
}

interface RowError {
  field: Field
  message: Msg
}

/** The roster fields of a learner as the import writes them. */
interface Values {
  nis: string
  nisn: string
  fullName: string
  gender: 'L' | 'P' | null
  birthPlace: string | null
  birthDate: string | null
  className: string
  majorId: number
  email: string | null
  phone: string | null
}

interface PlannedRow {
  row: number
  action: ImportAction
  nisn: string | null
  nis: string | null
  fullName: string | null
  className: string | null
  major: string | null
  /** The login e-mail of the account a new student gets (given, or made from the NISN). */
  login: string | null
  generatedLogin: boolean
  changes: Field[]
  errors: RowError[]
  /** left: the day the learner left school (Keluar/Mutasi) and why; the row is skipped. */
  left: { date: string; reason: LeftReason } | null
  /** What will be written: the learner (update) and the full values. */
  studentId?: number
  userId?: number | null
  values?: Values
}

interface Plan {
  rows: PlannedRow[]
  totals: Required<ImportTotals>
}

/** The report's field names for what an update changes (the column it comes from). */
const CHANGE_FIELD: Record<keyof Values, Field> = {
  nis: 'nis',
  nisn: 'nisn',
  fullName: 'full_name',
  gender: 'gender',
  birthPlace: 'birth_place',
  birthDate: 'birth_date',
  className: 'class_name',
  majorId: 'major',
  email: 'email',
  phone: 'phone',
}

const REQUIRED = msg('wajib diisi', 'is required')
const normalName = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim()

// ---------------------------------------------------------------------------------------------
// Planning: what each row would do (reads only)

type Majors = Awaited<ReturnType<typeof q.allMajors>>

function majorFinder(majors: Majors) {
  const byCode = new Map(majors.map((m) => [m.code.toUpperCase(), m]))
  const byName = new Map<string, Majors>()
  for (const m of majors) byName.set(normalName(m.name), [...(byName.get(normalName(m.name)) ?? []), m])
  return (text: string): Checked<Majors[number]> => {
    const m = byCode.get(text.toUpperCase().replace(/\s+/g, ''))
    if (m) return { value: m }
    const named = byName.get(normalName(text)) ?? []
    if (named.length === 1) return { value: named[0] }
    if (named.length > 1)
      return {
        error: msg(
          `nama "${text}" dipakai beberapa kompetensi keahlian; tulis kodenya`,
          `the major name "${text}" is used by several majors; write its code`,
        ),
      }
    return {
      error: msg(
        `kompetensi keahlian "${text}" tidak dikenal (tulis kode atau namanya)`,
        `unknown major "${text}" (write the major's code or name)`,
      ),
    }
  }
}

/** Reads one row's cells into values, noting every problem the row alone shows. */
function readRow(r: RosterRow, findMajor: ReturnType<typeof majorFinder>, day: string) {
  const errors: RowError[] = []
  const take = <T>(field: Field, checked: Checked<T>, required = false): T | null => {
    if ('error' in checked) {
      errors.push({ field, message: checked.error })
      return null
    }
    if (checked.value === null && required) errors.push({ field, message: REQUIRED })
    return checked.value
  }
  const c = r.cells
  const majorText = take('major', textField(c.major, 100), true)
  const major = majorText === null ? null : take('major', findMajor(majorText))
  return {
    errors,
    nisn: take('nisn', nisnOf(c.nisn), true),
    nis: take('nis', nisOf(c.nis), true),
    fullName: take('full_name', textField(c.full_name, 150), true),
    gender: take('gender', genderOf(c.gender)),
    birthPlace: take('birth_place', textField(c.birth_place, 100)),
    birthDate: take('birth_date', birthDateOf(c.birth_date, day)),
    className: take('class_name', textField(c.class_name, 50), true),
    major,
    majorText,
    email: take('email', emailOf(c.email)),
    phone: take('phone', phoneOf(c.phone)),
  }
}

/**
 * Plans the file against the database as it is now: one query for the majors, one for the learners
 * holding the file's NISNs and NISs, one for the e-mails the new accounts would take.
 */
async function plan(
  conn: Conn,
  settings: ImportSettings,
  roster: Roster,
  { lock = false }: { lock?: boolean } = {},
): Promise<Plan> {
  const findMajor = majorFinder(await q.allMajors(conn))
  const day = await readSchoolToday(conn)
  const read = roster.rows.map((r) => ({ r, v: readRow(r, findMajor, day) }))

  const nisns = [...new Set(read.flatMap(({ v }) => (v.nisn ? [v.nisn] : [])))]
  const niss = [...new Set(read.flatMap(({ v }) => (v.nis ? [v.nis] : [])))]
  const existing = await q.learnersByNisnOrNis(conn, nisns, niss, lock)
  const byNisn = new Map(existing.flatMap((e) => (e.nisn ? [[e.nisn, e] as const] : [])))
  // By the NIS in capitals: two learners may hold it in two cases, as stored before NIS were kept in capitals.
  const byNis = new Map<string, q.Existing[]>()
  for (const e of existing) byNis.set(e.nis.toUpperCase(), [...(byNis.get(e.nis.toUpperCase()) ?? []), e])

  // The same NISN, NIS or login twice in the file: every row that shares it is in error.
  const count = (keys: (string | null)[]) => {
    const n = new Map<string, number>()
    for (const k of keys) if (k) n.set(k, (n.get(k) ?? 0) + 1)
    return n
  }
  const nisnCount = count(read.map(({ v }) => v.nisn))
  const nisCount = count(read.map(({ v }) => v.nis))

  const rows: PlannedRow[] = read.map(({ r, v }) => {
    const errors = v.errors
    const out: PlannedRow = {
      row: r.row,
      action: 'error',
      nisn: v.nisn,
      nis: v.nis,
      fullName: v.fullName,
      className: v.className,
      major: v.major?.code ?? v.majorText,
      login: null,
      generatedLogin: false,
      changes: [],
      errors,
      left: null,
    }
    if (v.nisn && (nisnCount.get(v.nisn) ?? 0) > 1)
      errors.push({
        field: 'nisn',
        message: msg(
          'NISN ini muncul lebih dari sekali di berkas',
          'this NISN appears more than once in the file',
        ),
      })
    if (v.nis && (nisCount.get(v.nis) ?? 0) > 1)
      errors.push({
        field: 'nis',
        message: msg(
          'NIS ini muncul lebih dari sekali di berkas',
          'this NIS appears more than once in the file',
        ),
      })

    // Who the row is: the learner with its NISN; else the one with its NIS that has no NISN yet.
    let current = v.nisn ? byNisn.get(v.nisn) : undefined
    if (current && current.graduationYear !== null)
      errors.push({
        field: 'nisn',
        message: msg(
          `milik alumni ${current.fullName} (lulus ${current.graduationYear}); impor hanya untuk siswa kelas XII`,
          `belongs to ${current.fullName}, an alumnus (class of ${current.graduationYear}); the import is for grade-12 students only`,
        ),
      })
    const holders = v.nis ? (byNis.get(v.nis) ?? []) : []
    const [only] = holders
    if (!current && holders.length === 1 && only.nisn === null && only.graduationYear === null) current = only
    const holder = holders.find((h) => h.id !== current?.id)
    if (holder) {
      const nisn = holder.nisn ? ` (NISN ${holder.nisn})` : ''
      errors.push({
        field: 'nis',
        message:
          holder.graduationYear !== null
            ? msg(
                `sudah dipakai alumni ${holder.fullName} (lulus ${holder.graduationYear})`,
                `is already used by ${holder.fullName}, an alumnus (class of ${holder.graduationYear})`,
              )
            : holder.leftOn !== null
              ? msg(
                  `sudah dipakai siswa lain: ${holder.fullName}${nisn}, Keluar/Mutasi sejak ${holder.leftOn}`,
                  `is already used by another student: ${holder.fullName}${nisn}, who left school on ${holder.leftOn}`,
                )
              : msg(
                  `sudah dipakai siswa lain: ${holder.fullName}${nisn}`,
                  `is already used by another student: ${holder.fullName}${nisn}`,
                ),
      })
    }

    const major = v.major
    const inactive = msg(
      `kompetensi keahlian ${major?.code} sedang nonaktif`,
      `the major ${major?.code} is inactive`,
    )
    if (!current) {
      if (major && !major.isActive) errors.push({ field: 'major', message: inactive })
      out.login = v.email ?? (v.nisn ? `${v.nisn}@${settings.schoolEmailDomain}` : null)
      out.generatedLogin = v.email === null
      if (errors.length > 0) return out
      out.action = 'create'
      out.values = {
        nis: v.nis!,
        nisn: v.nisn!,
        fullName: v.fullName!,
        gender: v.gender,
        birthPlace: v.birthPlace,
        birthDate: v.birthDate,
        className: v.className!,
        majorId: major!.id,
        email: out.login,
        phone: v.phone,
      }
      return out
    }

    // A learner recorded as Keluar/Mutasi is not taken back, rewritten or counted unchanged by a file that still
    // lists them (an old export, or Dapodik not caught up yet): the row is skipped and says so. Staff undo
    // Keluar/Mutasi on the students page when it was a mistake, and import again.
    if (current.leftOn !== null && errors.length === 0) {
      out.action = 'left'
      out.studentId = current.id
      out.left = { date: current.leftOn, reason: current.leftReason! }
      return out
    }
    if (major && !major.isActive && major.id !== current.majorId)
      errors.push({ field: 'major', message: inactive })
    if (errors.length > 0) return out
    // The school's fields follow the file; an empty cell keeps what is stored. E-mail and phone are the
    // learner's own (kept in their profile): the file only fills them in when bursa has none, and never
    // touches the e-mail of a learner who has an account (it is the login).
    const values: Values = {
      nis: v.nis!,
      nisn: v.nisn!,
      fullName: v.fullName!,
      gender: v.gender ?? (current.gender as Values['gender']),
      birthPlace: v.birthPlace ?? current.birthPlace,
      birthDate: v.birthDate ?? current.birthDate,
      className: v.className!,
      majorId: major!.id,
      email: current.email ?? (current.userId === null ? v.email : null),
      phone: current.phone ?? v.phone,
    }
    const changes = (Object.keys(values) as (keyof Values)[]).filter((k) => values[k] !== current[k])
    out.action = changes.length > 0 ? 'update' : 'unchanged'
    out.changes = changes.map((k) => CHANGE_FIELD[k])
    out.studentId = current.id
    out.userId = current.userId
    out.values = values
    return out
  })

  // The new accounts' logins: not twice in the file, not already an account's.
  const logins = rows
    .filter((r) => r.action === 'create' || (r.action === 'error' && r.login))
    .map((r) => r.login!)
  const loginCount = count(logins)
  const taken = await q.emailsTaken(conn, [...new Set(logins)])
  for (const r of rows) {
    if (!r.login || (r.action !== 'create' && r.action !== 'error')) continue
    const problems: Msg[] = []
    if ((loginCount.get(r.login) ?? 0) > 1)
      problems.push(
        msg(
          'e-mail ini muncul lebih dari sekali di berkas',
          'this e-mail appears more than once in the file',
        ),
      )
    if (taken.has(r.login))
      problems.push(
        r.generatedLogin
          ? msg(
              `e-mail untuk masuk ${r.login} (dibuat dari NISN) sudah dipakai akun lain; isi kolom Email`,
              `the login e-mail ${r.login} (made from the NISN) is already used by another account; fill in the Email column`,
            )
          : msg('sudah dipakai akun lain', 'is already used by another account'),
      )
    if (problems.length === 0) continue
    r.errors.push(...problems.map((message) => ({ field: 'email' as const, message })))
    r.action = 'error'
  }

  const totals = { rows: rows.length, create: 0, update: 0, unchanged: 0, left: 0, error: 0 }
  for (const r of rows) totals[r.action]++
  return { rows, totals }
}

// ---------------------------------------------------------------------------------------------
// The answer

function reportOf(roster: Roster, plan: Plan, fileName: string, lang: Lang) {
  const column = new Map(roster.columns.flatMap((c) => (c.field ? [[c.field, c.header] as const] : [])))
  return {
    fileName,
    format: roster.format,
    headerRow: roster.headerRow,
    columns: roster.columns.filter((c) => c.field).map((c) => ({ header: c.header, field: c.field! })),
    unknownColumns: roster.unknownColumns,
    totals: plan.totals,
    rows: plan.rows.map((r) => ({
      row: r.row,
      action: r.action,
      nisn: r.nisn,
      nis: r.nis,
      fullName: r.fullName,
      className: r.className,
      major: r.major,
      login: r.action === 'create' || r.action === 'error' ? r.login : null,
      changes: r.changes,
      left: r.left,
      note: r.left ? tr(leftAsIs(r.left.date), lang) : null,
      errors: r.errors.map((e) => ({
        field: e.field,
        column: column.get(e.field) ?? headerOf(e.field),
        message: tr(e.message, lang),
      })),
    })),
  }
}

export type ImportReport = ReturnType<typeof reportOf>

const leftAsIs = (day: string) =>
  msg(
    `Keluar/Mutasi sejak ${day}: baris ini dilewati, data siswa tidak diubah dan tidak dibuatkan akun. Bila keliru, batalkan Keluar/Mutasi di halaman Siswa lalu impor lagi.`,
    `Left school (dropped out or moved) on ${day}: this row is skipped, the learner is not changed and gets no account. If that is a mistake, undo "Keluar/Mutasi" on the Students page, then import again.`,
  )

function refused(report: ImportReport): never {
  const errors: FieldErrors = {}
  for (const r of report.rows)
    for (const e of r.errors) {
      const key = `rows.${r.row}.${e.field}`
      addFieldError(errors, key, e.message)
    }
  const n = report.totals.error
  throw new AppError(
    422,
    msg(
      `Tidak ada yang diimpor: ${n} baris bermasalah. Perbaiki berkasnya lalu unggah lagi.`,
      `Nothing was imported: ${n} row(s) have errors. Fix the file and upload it again.`,
    ),
    errors,
    { report: { id: null, dryRun: false, ...report, credentials: null } },
  )
}

// ---------------------------------------------------------------------------------------------
// Import

/**
 * A dry run answers the plan and writes nothing. A real run refuses the whole file (422, the same
 * report) when a row is in error; otherwise it writes everything in one transaction, under a lock that
 * makes imports take turns, planning again inside it. Hashing (slow) runs before the transaction.
 */
export async function importStudents(
  db: Db,
  settings: ImportSettings,
  actor: Actor,
  file: ImportFile,
  opts: { dryRun: boolean; lang: Lang },
) {
  const roster = await readRoster(file.buffer)
  const first = await plan(db, settings, roster)
  if (opts.dryRun)
    return { id: null, dryRun: true, ...reportOf(roster, first, file.filename, opts.lang), credentials: null }
  if (first.totals.error > 0) refused(reportOf(roster, first, file.filename, opts.lang))

  const passwords = new Map<number, { plain: string; hash: string }>()
  const hashFor = async (rows: PlannedRow[]) => {
    const plains = rows.map(() => temporaryPassword())
    const hashes = await hashInitialPasswords(plains)
    rows.forEach((r, i) => {
      passwords.set(r.row, { plain: plains[i], hash: hashes[i] })
    })
  }
  await hashFor(first.rows.filter((r) => r.action === 'create'))
  const key = first.totals.create > 0 ? await credentialsKey(settings) : null

  return db.transaction(async (tx) => {
    await q.lockImports(tx)
    // The matched learners locked: a graduation or an edit committing meanwhile is waited for and seen (a
    // learner who became an alumnus is then refused, not rewritten).
    const p = await plan(tx, settings, roster, { lock: true })
    const report = reportOf(roster, p, file.filename, opts.lang)
    if (p.totals.error > 0) refused(report)
    const creates = p.rows.filter((r) => r.action === 'create')
    const updates = p.rows.filter((r) => r.action === 'update')
    // Rows that became new since the first plan (a learner deleted meanwhile): rare, hashed here.
    await hashFor(creates.filter((r) => !passwords.has(r.row)))

    const accountIds = await q.insertAccounts(
      tx,
      creates.map((r) => ({
        email: r.login!,
        fullName: r.values!.fullName,
        passwordHash: passwords.get(r.row)!.hash,
      })),
    )
    const created = await q.insertLearners(
      tx,
      creates.map((r) => ({ ...r.values!, userId: accountIds.get(r.login!.toLowerCase())! })),
    )
    await q.updateLearners(
      tx,
      updates.map((r) => ({ id: r.studentId!, ...r.values! })),
    )
    await q.renameAccounts(
      tx,
      updates.flatMap((r) =>
        r.userId != null && r.changes.includes('full_name')
          ? [{ id: r.userId, fullName: r.values!.fullName }]
          : [],
      ),
    )

    // The stored report is Indonesian, as every text the service keeps; each row names the learner it wrote, by
    // which a learner erased later is blanked from it (`eraseFromTrail`, whatever their NISN has become).
    const learnerOfRow = new Map<number, number>([
      ...creates.map((r, i) => [r.row, created[i]] as const),
      ...p.rows.flatMap((r) => (r.studentId ? [[r.row, r.studentId] as const] : [])),
    ])
    const said = reportOf(roster, p, file.filename, 'id')
    const stored = {
      ...said,
      rows: said.rows.map((r) => ({ ...r, studentId: learnerOfRow.get(r.row) ?? null })),
    }
    const runId = await q.insertRun(tx, {
      kind: 'students',
      createdBy: actor.id,
      fileName: file.filename,
      totals: p.totals,
      report: stored,
    })
    let credentials: { count: number; expiresAt: string; downloadUrl: string } | null = null
    if (creates.length > 0) {
      const sheet: SealedAccount[] = creates.map((r) => ({
        userId: accountIds.get(r.login!.toLowerCase())!,
        password: passwords.get(r.row)!.plain,
      }))
      const expiresAt = await q.setRunCredentials(
        tx,
        runId,
        seal(key ?? (await credentialsKey(settings)), runId, sheet),
        sheet.length,
      )
      credentials = {
        count: sheet.length,
        expiresAt: expiresAt.toISOString(),
        downloadUrl: downloadUrlOf(runId),
      }
    }
    await q.auditImport(
      tx,
      actor.id,
      runId,
      created,
      updates.map((r) => ({ id: r.studentId!, changes: r.changes })),
      p.totals,
    )
    return { id: runId, dryRun: false, ...report, credentials }
  })
}

interface SealedAccount {
  userId: number
  password: string
}

const downloadUrlOf = (id: number) => `/api/admin/imports/${id}/credentials.xlsx`

// ---------------------------------------------------------------------------------------------
// Runs

export async function listImports(db: Db, actor: Actor, page: Page) {
  const { rows, total } = await q.listRuns(db, page)
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      fileName: r.fileName,
      createdAt: r.createdAt.toISOString(),
      createdBy: r.createdById === null ? null : { id: r.createdById, fullName: r.createdByName ?? '' },
      // Runs stored before Keluar/Mutasi rows were told apart had none.
      totals: { ...r.totals, left: r.totals.left ?? 0 },
      credentials:
        r.credentialsCount === 0
          ? null
          : {
              count: r.credentialsCount,
              expiresAt: r.credentialsExpiresAt?.toISOString() ?? null,
              downloadedAt: r.credentialsDownloadedAt?.toISOString() ?? null,
              // Only the account that ran the import may download its sheet, once, within 24 hours.
              available: r.credentialsHeld && r.createdById === actor.id,
              downloadUrl: downloadUrlOf(r.id),
            },
    })),
  }
}

const noSheet = () =>
  new AppError(
    404,
    msg('Lembar akun impor ini tidak ditemukan.', "This import's credentials sheet was not found."),
  )

/**
 * The credentials sheet of a run, once: read, decrypted, written as XLSX and wiped in one transaction
 * (an answer lost on the way cannot be asked for again: the passwords are then reset in user management).
 * Only the account that ran the import gets it; anyone else is told it does not exist.
 * `checkOnly` (a HEAD request: a link checker, a download manager asking first) answers as the download
 * would, without making the sheet or using it up.
 */
export async function downloadCredentials(
  db: Db,
  settings: ImportSettings,
  actor: Actor,
  id: number,
  { checkOnly = false } = {},
): Promise<{ fileName: string; buffer: Buffer | null }> {
  const key = await credentialsKey(settings)
  const at = (d: Date) => schoolTime(d, settings.schoolTimeZone)
  await q.wipeExpired(db, id)
  return db.transaction(async (tx) => {
    const run = await q.lockRun(tx, id)
    if (!run || run.createdBy !== actor.id || run.credentialsCount === 0) throw noSheet()
    if (run.downloadedAt)
      throw new AppError(
        410,
        msg(
          `Lembar akun sudah diunduh pada ${at(run.downloadedAt)} dan hanya dapat diunduh sekali. Kata sandi yang hilang: kirim tautan atur ulang kata sandi dari menu Siswa atau Alumni.`,
          `The credentials sheet was downloaded at ${at(run.downloadedAt)} and can be downloaded only once. For a lost password, send a password reset link from the Students or Alumni menu.`,
        ),
      )
    if (!run.credentials || run.expired)
      throw new AppError(
        410,
        msg(
          'Lembar akun sudah kedaluwarsa (berlaku 24 jam setelah impor) dan kata sandinya telah dihapus. Kirim tautan atur ulang kata sandi dari menu Siswa atau Alumni.',
          'The credentials sheet has expired (it is kept for 24 hours after the import) and its passwords were wiped. Send a password reset link from the Students or Alumni menu.',
        ),
      )
    const accounts = open<SealedAccount[]>(key, run.id, run.credentials)
    if (!accounts)
      throw new AppError(
        503,
        msg(
          'Lembar akun tidak dapat dibuka di server ini: kunci enkripsinya berbeda (CREDENTIALS_KEY atau DATA_DIR/credentials.key). Hubungi pengelola server.',
          'The credentials sheet cannot be opened on this server: its encryption key differs (CREDENTIALS_KEY or DATA_DIR/credentials.key). Contact the server administrator.',
        ),
      )
    const fileName = `akun-siswa-impor-${run.id}.xlsx`
    if (checkOnly) return { fileName, buffer: null }
    const password = new Map(accounts.map((a) => [a.userId, a.password]))
    const rows = await q.accountsOfSheet(tx, [...password.keys()])
    const buffer = await toXlsx({
      title: 'Akun siswa baru',
      sheet: 'Akun siswa',
      columns: [
        { header: 'Rombel', value: (r: (typeof rows)[number]) => r.className },
        { header: 'Jurusan', kind: 'identifier', value: (r) => r.majorCode },
        { header: 'NISN', kind: 'identifier', value: (r) => r.nisn },
        { header: 'NIS', kind: 'identifier', value: (r) => r.nis },
        { header: 'Nama', value: (r) => r.fullName },
        { header: 'E-mail untuk masuk', value: (r) => r.email },
        { header: 'Kata sandi awal', value: (r) => password.get(r.userId) ?? '' },
      ],
      rows,
      notes: [
        ['Impor', `#${run.id}`],
        ['Diunduh', at(new Date())],
        [
          'Catatan',
          'Kata sandi awal hanya berlaku sampai pertama kali masuk: siswa wajib menggantinya saat itu.',
        ],
        [
          'Kerahasiaan',
          'Lembar ini hanya dapat diunduh sekali. Serahkan kata sandi kepada masing-masing siswa saja.',
        ],
      ],
    })
    await q.markDownloaded(tx, run.id)
    await audit(tx, actor, 'download_credentials', 'import_run', run.id, { accounts: rows.length })
    return { fileName, buffer }
  })
}

/** `23/11/2026, 08.15 WIB` in the school's time zone. */
const schoolTime = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('id-ID', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(d)

/** The periodic sweep (src/jobs/workers.ts): ciphertexts past their 24 hours are wiped. */
export function wipeExpiredCredentials(db: Db) {
  return q.wipeExpired(db)
}
