import type { Static } from '@sinclair/typebox'
import type { Actor } from '../../actor.js'
import { audit } from '../../db/audit.js'
import type { Db, Tx } from '../../db/client.js'
import { readSchoolToday } from '../../db/school-day.js'
import { notFound } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import { fileOut } from '../../http/shapes/file.js'
import { timelineOut } from '../applications/timeline.js'
import { type Kind, notFoundLearner } from '../master-data/learners.service.js'
import { biodataOut } from '../portfolio/service.js'
import * as q from './queries.js'
import type { PersonalData } from './schemas.js'

type Document = Static<typeof PersonalData>

/**
 * What the document leaves out of what bursa holds about the learner, said in it (Indonesian, as every text the
 * service keeps), so that whoever reads it knows what to ask the school for. docs/decisions.md says why.
 */
export const OMITTED = [
  'Hasil seleksi yang belum diumumkan perusahaan (draf nilai dan keputusan) dan riwayat lamaran yang menyertainya: dimuat setelah hasilnya diumumkan.',
  'Catatan kerja HRD dan staf BKK: catatan kehadiran tes, catatan validasi kehadiran, catatan penempatan dan catatan tindak lanjut penempatan.',
  'Isi berkas (dokumen portofolio dan surat keputusan): unduh masing-masing berkas lewat akun; dokumen ini memuat nama, jenis, ukuran dan waktu unggahnya.',
  'Kata sandi, token sesi dan tautan atur kata sandi: hanya sidik (hash) yang disimpan, dan tidak diberikan.',
  'Isi e-mail: tidak disimpan setelah terkirim; dokumen ini memuat alamat tujuan, subjek dan waktunya.',
]

const noLearner = () =>
  notFound(
    msg(
      'Data siswa/alumni untuk akun ini belum ada. Hubungi admin BKK sekolah.',
      "There is no learner record for this account. Contact the school's career center.",
    ),
  )

/** Keys never given from a stored JSON value (an audit row, a notice), whatever wrote them. */
const SECRET_KEY = /password|token|secret|hash|storage_?key/i

const iso = (at: Date | string) => new Date(at).toISOString()
const isoOrNull = (at: Date | string | null) => (at === null ? null : iso(at))

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !SECRET_KEY.test(k))
      .map(([k, v]) => [k, withoutSecrets(v)]),
  )
}

/** An audit row's stored text as an object (null when it is none). */
function auditData(text: string | null): Record<string, unknown> | null {
  if (!text) return null
  try {
    const parsed = JSON.parse(text) as unknown
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (withoutSecrets(parsed) as Record<string, unknown>)
      : { value: parsed }
  } catch {
    return { value: text }
  }
}

function learnerOut({ student: s, major, department }: q.LearnerRow): Document['learner'] {
  return {
    ...biodataOut(s, major, department),
    left: s.leftOn && s.leftReason ? { date: s.leftOn, reason: s.leftReason, note: s.leftNote } : null,
    createdAt: iso(s.createdAt),
    updatedAt: iso(s.updatedAt),
  }
}

const fileWithTime = (f: Parameters<typeof fileOut>[0] & { createdAt: Date | string }) => ({
  ...fileOut(f),
  createdAt: iso(f.createdAt),
})

/** Reads the whole document in the caller's transaction (one snapshot). */
async function documentOf(tx: Tx, row: q.LearnerRow, by: Actor): Promise<Document> {
  const s = row.student
  const userId = s.userId
  // One after the other: a transaction is one connection, which runs one statement at a time.
  const account = userId === null ? undefined : await q.account(tx, userId)
  const sessions = userId === null ? [] : await q.sessions(tx, userId)
  const links = userId === null ? [] : await q.passwordLinksOf(tx, userId)
  const files = await q.portfolioFiles(tx, s.id)
  const apps = await q.applicationsOf(tx, s.id)
  const tests = await q.testsOf(tx, s.id)
  const placements = await q.placementsOf(tx, s.id)
  const tracer = await q.tracerVersions(tx, s.id)
  const notices = userId === null ? [] : await q.notificationsOf(tx, userId)
  const emails = userId === null ? [] : await q.emailsOf(tx, userId)
  const imports = await q.importRowsOf(tx, s)
  const trail = await q.auditOf(
    tx,
    s,
    placements.map((p) => p.id),
  )

  return {
    exportedAt: new Date().toISOString(),
    exportedBy: { id: by.id, fullName: by.fullName, role: by.role },
    omitted: OMITTED,
    learner: learnerOut(row),
    account: account
      ? {
          ...account,
          lastLoginAt: isoOrNull(account.lastLoginAt),
          createdAt: iso(account.createdAt),
          updatedAt: iso(account.updatedAt),
          sessions: sessions.map((x) => ({
            createdAt: iso(x.createdAt),
            lastUsedAt: isoOrNull(x.lastUsedAt),
            expiresAt: iso(x.expiresAt),
          })),
          passwordLinks: links.map((l) => ({
            purpose: l.purpose,
            createdAt: iso(l.createdAt),
            expiresAt: iso(l.expiresAt),
            usedAt: isoOrNull(l.usedAt),
          })),
        }
      : null,
    files: files.map(fileWithTime),
    applications: apps.map((a) => ({
      id: a.id,
      status: a.status,
      applicantRole: a.applicantRole,
      withdrawnBySchool: a.withdrawnBySchool,
      coverLetter: a.coverLetter,
      createdAt: iso(a.createdAt),
      updatedAt: iso(a.updatedAt),
      vacancy: {
        id: a.vacancy.id,
        title: a.vacancy.title,
        position: a.vacancy.position,
        jobType: a.vacancy.jobType,
        city: a.vacancy.city,
        province: a.vacancy.province,
        deleted: a.vacancy.deletedAt !== null,
      },
      company: a.company,
      review: a.reviewDecision
        ? { decision: a.reviewDecision, notes: a.reviewNotes, reviewedAt: isoOrNull(a.reviewedAt) }
        : null,
      files: a.files.map(fileWithTime),
      timeline: timelineOut(a.timeline),
      tests: tests
        .filter((t) => t.applicationId === a.id)
        .map(({ applicationId: _, ...t }) => ({
          ...t,
          scheduledAt: iso(t.scheduledAt),
          markedAt: isoOrNull(t.markedAt),
          checkedInAt: isoOrNull(t.checkedInAt),
          validatedAt: isoOrNull(t.validatedAt),
        })),
      // Joined only when published; a published result always carries a decision (never `pending`).
      result:
        a.result && a.result.decision !== 'pending' && a.result.publishedAt
          ? {
              decision: a.result.decision,
              psychotestScore: a.result.psychotestScore,
              interviewScore: a.result.interviewScore,
              mcuScore: a.result.mcuScore,
              finalScore: a.result.finalScore,
              notes: a.result.notes,
              letter: a.letter ? fileWithTime(a.letter) : null,
              publishedAt: iso(a.result.publishedAt),
            }
          : null,
    })),
    placements: placements.map((p) => ({
      id: p.id,
      source: p.source,
      applicationId: p.applicationId,
      company: { id: p.companyId, name: p.companyName },
      position: p.position,
      acceptedAt: p.acceptedAt,
      startDate: p.startDate,
      status: p.status,
      createdAt: iso(p.createdAt),
      updatedAt: iso(p.updatedAt),
      deletedAt: isoOrNull(p.deletedAt),
      followUps: p.followUps.map((c) => ({
        monthMark: c.monthMark,
        status: c.status as Document['placements'][number]['status'],
        recordedAt: iso(c.recordedAt),
      })),
    })),
    tracerStudy: tracer.map(({ enteredById, enteredByName, ...v }) => ({
      ...v,
      submittedAt: iso(v.submittedAt),
      enteredBy:
        enteredById !== null && enteredByName !== null ? { id: enteredById, fullName: enteredByName } : null,
    })),
    notifications: notices.map((n) => ({
      ...n,
      data: withoutSecrets(n.data ?? {}) as Record<string, unknown>,
      readAt: isoOrNull(n.readAt),
      createdAt: iso(n.createdAt),
    })),
    emails: emails.map((e) => ({ ...e, createdAt: iso(e.createdAt), sentAt: isoOrNull(e.sentAt) })),
    rosterImports: imports.map((r) => ({
      importId: r.importId,
      importedAt: iso(r.importedAt),
      fileName: r.fileName,
      row: withoutSecrets(r.row ?? {}) as Record<string, unknown>,
    })),
    auditTrail: trail.map((r) => ({
      at: iso(r.at),
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      actor:
        r.actorId !== null && r.actorName !== null && r.actorRole !== null
          ? { id: r.actorId, fullName: r.actorName, role: r.actorRole }
          : null,
      data: auditData(r.data),
    })),
  }
}

/** A file name's piece made of what a name may hold everywhere (the NISN, or the NIS). */
const safe = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'tanpa-nomor'

export interface Export {
  document: Document
  fileName: string
}

/**
 * One snapshot of everything: a repeatable-read transaction, so a change committed while the copy is read (a
 * result published, a notice sent) is either wholly in it or wholly out of it.
 */
const snapshot = <T>(db: Db, work: (tx: Tx) => Promise<T>) =>
  db.transaction(work, { isolationLevel: 'repeatable read' })

/** The caller's own copy (siswa, alumni). */
export function myPersonalData(db: Db, actor: Actor): Promise<Export> {
  const studentId = actor.studentId ?? noLearner()
  return snapshot(db, async (tx) => {
    const row = (await q.learner(tx, studentId)) ?? noLearner()
    const today = await readSchoolToday(tx)
    return {
      document: await documentOf(tx, row, actor),
      fileName: `data-saya-${safe(row.student.nisn ?? row.student.nis)}-${today}.json`,
    }
  })
}

/**
 * A learner's copy for career-center staff (a parent's request for a minor): a disclosure, written to the trail
 * (`export_personal_data` on the learner, the staff member as actor) in the same transaction, so no copy leaves
 * without its row. The row names the kind only: the learner is its entity, and it holds nothing an erasure must
 * blank (`eraseFromTrail`).
 */
export function learnerPersonalData(db: Db, actor: Actor, kind: Kind, id: number): Promise<Export> {
  return snapshot(db, async (tx) => {
    const row = (await q.learner(tx, id, kind)) ?? notFoundLearner(kind)
    const today = await readSchoolToday(tx)
    const document = await documentOf(tx, row, actor)
    await audit(tx, actor, 'export_personal_data', 'student', id, { kind })
    return { document, fileName: `data-pribadi-${safe(row.student.nisn ?? row.student.nis)}-${today}.json` }
  })
}
