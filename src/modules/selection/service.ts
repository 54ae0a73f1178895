import { createHash } from 'node:crypto'
import type { Static } from '@sinclair/typebox'
import type { Actor } from '../../actor.js'
import type { Conn, Db, Tx } from '../../db/client.js'
import type { SelectionDecision } from '../../db/schema/index.js'
import { pageOf } from '../../http/envelope.js'
import { AppError, type FieldErrors, notFound, unprocessable } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'
import { companyOf } from '../../http/scope.js'
import { applicantOut } from '../../http/shapes/applicant.js'
import { fileOut } from '../../http/shapes/file.js'
import { assertReadAs, EDITED_ELSEWHERE } from '../../http/versions.js'
import type { Storage } from '../../storage/storage.js'
import { labelOf } from '../../vocabulary/index.js'
import { moveApplications } from '../application-lifecycle/service.js'
import { discardUpload, removeStored } from '../files/service.js'
import { displayName, newStorageKey, sniff, type UploadedFile } from '../files/upload.js'
import type { MessageKey } from '../messages/catalogue.js'
import { defaultTemplate, loadTemplates, renderTemplate, type Template } from '../messages/render.js'
import { openPlacements } from '../placements/service.js'
import { type Mailing, releaseFromTests } from '../schedules/service.js'
import * as q from './queries.js'
import type { DecisionBody, PublishBody, ResultBody, ResultListQuery } from './schemas.js'

export { STAGES } from './queries.js'

const INVALID = msg('Data yang dikirim tidak valid.', 'The given data was invalid.')
const applicationNotFound = () => notFound(msg('Lamaran tidak ditemukan.', 'Application not found.'))
const vacancyNotFound = () => notFound(msg('Lowongan tidak ditemukan.', 'Vacancy not found.'))
const cleanNotes = (notes: string | null | undefined) =>
  notes === undefined ? undefined : notes?.trim() || null

function itemOut(r: q.ResultRow) {
  return {
    applicationId: r.applicationId,
    status: r.status,
    applicant: applicantOut(r),
    vacancy: { id: r.vacancyId, title: r.vacancyTitle, quota: r.vacancyQuota, deleted: r.vacancyDeleted },
    attendance: r.attendance.map((a) => ({ ...a, scheduledAt: new Date(a.scheduledAt).toISOString() })),
    psychotestScore: r.psychotestScore,
    interviewScore: r.interviewScore,
    mcuScore: r.mcuScore,
    finalScore: r.finalScore,
    notes: r.notes,
    /** No result yet reads as a pending draft. */
    decision: r.decision ?? ('pending' as const),
    isPublished: r.isPublished ?? false,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    letter: r.letter ? fileOut(r.letter) : null,
    updatedAt: r.resultUpdatedAt?.toISOString() ?? null,
    placedElsewhere: r.placedElsewhere,
  }
}

// ---------------------------------------------------------------------------------------------
// List

/**
 * How the vacancy's quota stands before publishing: accepted (every acceptance), `freed` (places hires gave back:
 * declined, quit, moved), draft `diterima`, places left. A place given back is taken again by the waiting list.
 */
function quotaOut(u: {
  quota: number
  accepted: number
  freed: number
  draftAccepted: number
  draftRejected: number
  draftWaitlisted: number
  draftsVersion: string
}) {
  const left = u.quota - (u.accepted - u.freed) - u.draftAccepted
  return {
    quota: u.quota,
    accepted: u.accepted,
    freed: u.freed,
    draftAccepted: u.draftAccepted,
    draftRejected: u.draftRejected,
    draftWaitlisted: u.draftWaitlisted,
    draftsVersion: u.draftsVersion,
    placesLeft: Math.max(0, left),
    /** Publishing now would be refused: the drafts accept more than the places left. */
    overQuota: left < 0,
  }
}

/** The company's applicants who reached the tests, with their scores, decisions and attendance. */
export async function listResults(db: Db, actor: Actor, query: Static<typeof ResultListQuery>) {
  const companyId = companyOf(actor)
  const page = pageOf(query)
  const filters: q.ResultFilters = {
    jobVacancyId: query.job_vacancy_id,
    testScheduleId: query.test_schedule_id,
    decision: query.decision,
    published: query.published,
    search: query.search,
  }
  const [rows, total, quota] = await Promise.all([
    q.resultPage(db, companyId, filters, page),
    q.countResults(db, companyId, filters),
    query.job_vacancy_id ? q.quotaUse(db, companyId, query.job_vacancy_id) : undefined,
  ])
  return { rows: rows.map(itemOut), total, page, quota: quota ? quotaOut(quota) : undefined }
}

export async function resultOf(conn: Conn, actor: Actor, applicationId: number) {
  return itemOut((await q.resultItem(conn, companyOf(actor), applicationId)) ?? applicationNotFound())
}

// ---------------------------------------------------------------------------------------------
// Drafts

const SCORE_FIELDS = [
  ['psychotest_score', 'psychotestScore'],
  ['interview_score', 'interviewScore'],
  ['mcu_score', 'mcuScore'],
  ['final_score', 'finalScore'],
] as const

export type ResultInput = Static<typeof ResultBody>

/** At most two decimals (the schema already holds scores to 0-100). */
function checkScores(input: ResultInput) {
  const errors: FieldErrors = {}
  for (const [field] of SCORE_FIELDS) {
    const v = input[field]
    if (typeof v === 'number' && Math.abs(Math.round(v * 100) - v * 100) > 1e-6)
      errors[field] = [msg('maksimal 2 angka di belakang koma', 'must have at most 2 decimal places')]
  }
  if (Object.keys(errors).length > 0) unprocessable(INVALID, errors)
}

/**
 * Locks the application for a change of its result and checks it may change: the company's, in
 * progress (a published `cadangan` included: it becomes a draft again), otherwise 404 or 422. A published
 * result (accepted, not accepted, or on the waiting list) takes a decision letter alone (`letterOnly`): one
 * that was not ready at the publication.
 */
async function lockScorable(tx: Tx, companyId: number, applicationId: number, letterOnly: boolean) {
  if (!(await q.shareVacancyOf(tx, companyId, applicationId, letterOnly))) applicationNotFound()
  const app = (await q.lockForScoring(tx, applicationId)) ?? applicationNotFound()
  if (letterOnly && app.isPublished && app.status !== 'withdrawn') return app
  if (app.status === 'in_progress') return app
  if (app.status === 'accepted' && app.isPublished) {
    unprocessable(
      msg(
        'Hasil seleksi pelamar ini sudah diumumkan dan pelamar sudah diterima; hasilnya tidak dapat diubah lagi (surat keputusan masih dapat dilampirkan).',
        'This result was announced and the applicant accepted; it can no longer be changed (a decision letter can still be attached).',
      ),
    )
  }
  return unprocessable(
    msg(
      `Hasil seleksi hanya dapat diisi untuk lamaran yang sedang dalam proses seleksi (status lamaran ini: "${labelOf('applicationStatus', app.status)}").`,
      `Results can only be entered for applications in the selection process (this one is "${labelOf('applicationStatus', app.status, 'en')}").`,
    ),
  )
}

/**
 * Whether a save would leave the stored result as it is: there is one, every value given equals its own, and a
 * letter sent has the stored letter's bytes (`letterSha256`: the SHA-256 of the upload, compared with the one
 * kept when the stored letter was saved; a letter saved before migration 0028 has none, so it is a change).
 */
function unchanged(stored: q.ScorableResult | undefined, values: q.ResultValues, letterSha256?: string) {
  if (!stored) return false
  if (letterSha256 !== undefined && stored.letterSha256 !== letterSha256) return false
  return Object.entries(values).every(([column, value]) => {
    const was = stored[column as keyof q.ScorableResult]
    return column !== 'letterFileId' && (was ?? null) === (value ?? null)
  })
}

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** A draft step on the timeline: the applicant sees it only once the result is published. */
async function draftEvent(
  tx: Tx,
  actor: Actor,
  applicationId: number,
  move: 'selectionScored' | 'selectionDecided',
  status: string,
  notes: string | null,
) {
  await moveApplications(tx, actor, [{ applicationId, move, status, notes }])
}

/**
 * Stores the scores, notes, decision and decision letter of an application as a draft (created or
 * changed; absent fields keep their value, null clears one). The letter is judged (415) and written
 * to storage before the transaction, and removed again if the transaction fails or the letter is the stored
 * one sent again (its SHA-256, a retry: no change); a replaced letter's bytes are removed after the commit. `versions`: what the form read (`assertReadAs`).
 */
export async function storeResult(
  db: Db,
  storage: Storage,
  actor: Actor,
  applicationId: number,
  input: ResultInput,
  letter: UploadedFile | null,
  versions?: string[],
) {
  const companyId = companyOf(actor)
  checkScores(input)
  if (letter && letter.buffer.length === 0)
    unprocessable(INVALID, { decision_letter: [msg('berkas kosong', 'the file is empty')] })
  const type = letter ? await sniff(letter.buffer) : null
  const key = letter ? newStorageKey('letters') : null
  const letterSha256 = letter ? sha256Of(letter.buffer) : undefined
  // A letter sent alone: the one thing a published acceptance or rejection still takes (a published waiting
  // list's place takes it too, and stays published).
  const letterOnly =
    letter !== null &&
    [...SCORE_FIELDS.map(([field]) => field), 'notes', 'decision'].every(
      (field) => input[field as keyof ResultInput] === undefined,
    )
  if (letter && key) await storage.put(key, letter.buffer)
  try {
    const { item, replacedKey, sameLetter } = await db.transaction(async (tx) => {
      const app = await lockScorable(tx, companyId, applicationId, letterOnly)
      const values: q.ResultValues = {}
      for (const [field, column] of SCORE_FIELDS)
        if (input[field] !== undefined) values[column] = input[field]
      const notes = cleanNotes(input.notes)
      if (notes !== undefined) values.notes = notes
      if (input.decision) values.decision = input.decision
      // A save that changes nothing (a retry whose answer was lost, a double click, the dialog saved as it was)
      // is no change, whatever version it was read at: it overwrites nothing, so nothing of a colleague's can be
      // lost. A published result stays published, and the timeline gets no second row. A letter is no change when
      // it has the stored letter's bytes (the same retry, with its file): the upload just written is discarded.
      if (unchanged(app.result, values, letterSha256))
        return { item: await resultOf(tx, actor, applicationId), sameLetter: letter !== null }
      assertReadAs(app.result, versions)
      let replacedKey: string | undefined
      if (letter && key && type) {
        values.letterFileId = await q.insertLetter(tx, {
          studentId: app.studentId,
          uploadedBy: actor.id,
          category: 'decision_letter',
          title: `Surat keputusan seleksi: ${app.vacancyTitle}`,
          originalName: displayName(letter.filename, `surat-keputusan.${type.ext}`),
          mimeType: type.mime,
          size: letter.buffer.length,
          sha256: letterSha256,
          storageKey: key,
        })
      }
      // The letter of a published result, sent alone: attached as it is, still published (the applicant finds
      // it on the application's page). A published rejection could take none (422), and a waiting list's
      // place became a draft again, its applicant losing the result until HR published once more.
      if (letterOnly && app.isPublished && values.letterFileId) {
        await q.setLetter(tx, applicationId, values.letterFileId)
        const replacedKey = app.letterFileId ? await q.deleteLetter(tx, app.letterFileId) : undefined
        return { item: await resultOf(tx, actor, applicationId), replacedKey }
      }
      await q.upsertDraft(tx, applicationId, values, actor.id)
      if (app.letterFileId && (values.letterFileId || ofAnotherDecision(app, values)))
        replacedKey = await q.deleteLetter(tx, app.letterFileId)
      const item = await resultOf(tx, actor, applicationId)
      await draftEvent(tx, actor, applicationId, 'selectionScored', item.decision, item.notes)
      return { item, replacedKey }
    })
    if (replacedKey) await removeStored(db, storage, [replacedKey])
    if (sameLetter && key) await discardUpload(db, storage, key)
    return item
  } catch (err) {
    if (key) await discardUpload(db, storage, key)
    throw err
  }
}

export type DecisionInput = Static<typeof DecisionBody>

/** Changes the decision (and notes) of the application's result, as a draft until published. */
export async function changeDecision(
  db: Db,
  storage: Storage,
  actor: Actor,
  applicationId: number,
  input: DecisionInput,
  versions?: string[],
) {
  const companyId = companyOf(actor)
  const { item, detachedKey } = await db.transaction(async (tx) => {
    const app = await lockScorable(tx, companyId, applicationId, false)
    const notes = cleanNotes(input.notes)
    const values = { decision: input.decision, ...(notes !== undefined ? { notes } : {}) }
    // No change (a retry): answered as stored before the version is compared, as in `storeResult`.
    if (unchanged(app.result, values)) return { item: await resultOf(tx, actor, applicationId) }
    assertReadAs(app.result, versions)
    await q.upsertDraft(tx, applicationId, values, actor.id)
    const detachedKey =
      app.letterFileId && ofAnotherDecision(app, values)
        ? await q.deleteLetter(tx, app.letterFileId)
        : undefined
    const item = await resultOf(tx, actor, applicationId)
    await draftEvent(tx, actor, applicationId, 'selectionDecided', input.decision, item.notes)
    return { item, detachedKey }
  })
  if (detachedKey) await removeStored(db, storage, [detachedKey])
  return item
}

/**
 * Whether a save changes the decision a stored letter was written for: from one decision to another (an
 * acceptance to the waiting list, say) with no new letter. The letter then goes with the old decision: the
 * applicant was offered, once published, an acceptance letter on a waiting-list result. A letter attached
 * while no decision was made (`pending`) stays with the first one made.
 */
function ofAnotherDecision(
  app: { result?: { decision: SelectionDecision } },
  values: { decision?: SelectionDecision; letterFileId?: number | null },
) {
  const was = app.result?.decision ?? 'pending'
  return (
    values.letterFileId === undefined &&
    values.decision !== undefined &&
    was !== 'pending' &&
    values.decision !== was
  )
}

// ---------------------------------------------------------------------------------------------
// Publishing

const ACCEPTED_EN = labelOf('selectionDecision', 'diterima', 'en')
const RESERVE_EN = labelOf('selectionDecision', 'cadangan', 'en')

const quotaExceeded = (v: { title: string; quota: number }, accepted: number, drafts: number) =>
  unprocessable(
    msg(
      `Kuota lowongan "${v.title}" adalah ${v.quota} orang: ${accepted} sudah diterima dan ${drafts} lagi berkeputusan "diterima" di draf. Ubah ${accepted + drafts - v.quota} keputusan "diterima" (misalnya menjadi cadangan) sebelum mengumumkan. Tidak ada hasil yang diumumkan.`,
      `The vacancy "${v.title}" has a quota of ${v.quota}: ${accepted} already accepted and ${drafts} more "${ACCEPTED_EN}" in the drafts. Change ${accepted + drafts - v.quota} "${ACCEPTED_EN}" decision(s) (e.g. to "${RESERVE_EN}") before announcing. Nothing was announced.`,
    ),
    {
      job_vacancy_id: [
        msg(
          `keputusan "diterima" melebihi kuota (${accepted + drafts} dari ${v.quota})`,
          `"${ACCEPTED_EN}" decisions exceed the quota (${accepted + drafts} of ${v.quota})`,
        ),
      ],
    },
  )

/**
 * Acceptances of a vacancy the career center refused (its terms changed after people applied, say, and the
 * school refused them): nobody is hired under terms the school refused until HR corrects the vacancy and it is
 * approved. Refusals and waiting-list places are not hires: the caller refuses only a publication that accepts.
 */
const refusedTerms = (v: { title: string; approvalReason: string | null }): never =>
  unprocessable(
    msg(
      `Lowongan "${v.title}" ditolak BKK sekolah${v.approvalReason ? ` (alasan: ${v.approvalReason})` : ''}: pelamar tidak dapat diterima dengan ketentuan yang ditolak. Perbaiki lowongan dan kirim lagi untuk disetujui, atau ubah keputusan "diterima". Tidak ada hasil yang diumumkan.`,
      `The school refused the vacancy "${v.title}"${v.approvalReason ? ` (reason: ${v.approvalReason})` : ''}: applicants cannot be accepted under refused terms. Correct the vacancy and send it for approval again, or change the "${ACCEPTED_EN}" decisions. Nothing was announced.`,
    ),
    {
      job_vacancy_id: [
        msg(
          'lowongan ditolak BKK sekolah: tidak dapat menerima pelamar',
          'the school refused the vacancy: no acceptances',
        ),
      ],
    },
  )

const draftsChanged = (): never => {
  throw new AppError(
    412,
    msg(
      'Hasil draf lowongan ini sudah diubah (atau diumumkan) rekan Anda sejak halaman dibuka, jadi belum ada yang diumumkan. Periksa daftar yang dimuat ulang, lalu umumkan lagi.',
      "A colleague changed (or announced) this vacancy's draft results after you opened the page, so nothing was announced. Check the reloaded list, then announce again.",
    ),
    undefined,
    { code: EDITED_ELSEWHERE },
  )
}

/** The message each published decision sends the applicant (src/modules/messages/catalogue.ts). */
const PUBLISHED_MESSAGES = {
  diterima: 'selection.accepted',
  tidak_diterima: 'selection.rejected',
  cadangan: 'selection.waitlisted',
} as const satisfies Record<Exclude<SelectionDecision, 'pending'>, MessageKey>
type PublishedMessage = (typeof PUBLISHED_MESSAGES)[keyof typeof PUBLISHED_MESSAGES]

/**
 * The in-app notice of a published decision, in `templates` (the school's wording, loaded once per
 * publication; the catalogue's defaults unless given: the demo seeding writes those).
 */
export function publishedNotice(
  r: {
    applicationId: number
    userId: number
    fullName?: string
    decision: Exclude<SelectionDecision, 'pending'>
  },
  v: { id: number; title: string; companyName: string },
  templates?: Record<PublishedMessage, Template>,
) {
  const key = PUBLISHED_MESSAGES[r.decision]
  const text = renderTemplate(templates?.[key] ?? defaultTemplate(key), {
    nama: r.fullName,
    lowongan: v.title,
    perusahaan: v.companyName,
  })
  return {
    userId: r.userId,
    kind: 'selection.published' as const,
    ...text,
    data: { applicationId: r.applicationId, jobVacancyId: v.id, decision: r.decision },
  }
}

/** The lifecycle move each published decision makes. */
const PUBLISH_MOVES = {
  diterima: 'publishedAccepted',
  tidak_diterima: 'publishedRejected',
  cadangan: 'publishedWaitlisted',
} as const satisfies Record<Exclude<SelectionDecision, 'pending'>, string>

/**
 * Publishes the vacancy's draft results in one transaction, the vacancy locked so that two
 * publications take turns: `diterima` accepts the application and opens its placement,
 * `tidak_diterima` rejects it, `cadangan` keeps it in progress (the waiting list). Each applicant
 * gets a visible timeline row and a notification, and the draft rows before it become visible.
 * Drafts still `pending` stay drafts. If the accepted would exceed the quota, nothing changes.
 */
export async function publish(
  db: Db,
  actor: Actor,
  input: Static<typeof PublishBody>,
  mailing: Mailing,
  shown?: string[],
) {
  const companyId = companyOf(actor)
  const published = await db.transaction(async (tx) => {
    const vacancy = (await q.lockVacancy(tx, companyId, input.job_vacancy_id)) ?? vacancyNotFound()
    const drafts = await q.lockDrafts(tx, vacancy.id)
    // What the confirmation showed (`draftsVersion`, in If-Match): a colleague's decision or publication since,
    // or an applicant's withdrawal, is not published unseen.
    if (shown !== undefined && !shown.includes(await q.draftsVersion(tx, vacancy.id))) draftsChanged()
    const decided = drafts.filter(
      (d): d is typeof d & { decision: Exclude<SelectionDecision, 'pending'> } => d.decision !== 'pending',
    )
    const ids = (decision: SelectionDecision) =>
      decided.filter((d) => d.decision === decision).map((d) => d.applicationId)
    const accepting = ids('diterima')
    const rejecting = ids('tidak_diterima')
    const waitlisting = ids('cadangan')
    const summary = {
      published: decided.length,
      accepted: accepting.length,
      rejected: rejecting.length,
      waitlisted: waitlisting.length,
      pendingLeft: drafts.length - decided.length,
    }
    if (decided.length === 0) return summary

    if (accepting.length > 0 && vacancy.approvalStatus === 'rejected') refusedTerms(vacancy)
    if (accepting.length > 0) {
      const { accepted, freed } = (await q.quotaUse(tx, companyId, vacancy.id)) ?? vacancyNotFound()
      if (accepted - freed + accepting.length > vacancy.quota)
        quotaExceeded(vacancy, accepted - freed, accepting.length)
    }

    await q.markPublished(
      tx,
      decided.map((d) => d.applicationId),
    )
    await openPlacements(
      tx,
      decided
        .filter((d) => d.decision === 'diterima')
        .map((d) => ({
          applicationId: d.applicationId,
          studentId: d.studentId,
          companyId: vacancy.companyId,
          jobVacancyId: vacancy.id,
          position: vacancy.position,
        })),
    )
    const templates = await loadTemplates(tx, Object.values(PUBLISHED_MESSAGES))
    await moveApplications(
      tx,
      actor,
      decided.map((d) => ({
        applicationId: d.applicationId,
        move: PUBLISH_MOVES[d.decision],
        status: d.decision,
        notes: d.notes,
      })),
      {
        notices: () =>
          decided.flatMap((d) =>
            d.userId
              ? [publishedNotice({ ...d, userId: d.userId, decision: d.decision }, vacancy, templates)]
              : [],
          ),
      },
    )
    // Accepted or rejected, they left the selection: a test still ahead leaves their calendars (a waiting
    // list's place stays in it).
    await releaseFromTests(tx, mailing, [...accepting, ...rejecting])
    return summary
  })
  mailing.outbox.kick()
  return published
}
