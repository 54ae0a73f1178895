import { applicantOut } from '../../http/shapes/applicant.js'
import type { ParticipantRow, ScheduleRow } from './queries.js'

/** The rows of queries.ts as the answers of schemas.ts (`ScheduleOut`, `ParticipantOut`). */

const iso = (d: Date | null) => d?.toISOString() ?? null

export function scheduleOut(r: ScheduleRow) {
  const c = r.counts
  return {
    id: r.id,
    name: r.name,
    kind: r.kind,
    scheduledAt: r.scheduledAt.toISOString(),
    durationMinutes: r.durationMinutes,
    location: r.location,
    description: r.description,
    minimumScore: r.minimumScore,
    status: r.status,
    cancelledAt: iso(r.cancelledAt),
    cancelReason: r.cancelReason,
    vacancy: { id: r.vacancyId, title: r.vacancyTitle, position: r.vacancyPosition },
    participantCount: Number(c.total),
    attendance: {
      hadir: Number(c.hadir),
      izin: Number(c.izin),
      alpa: Number(c.alpa),
      unmarked: Number(c.unmarked),
      released: Number(c.released),
    },
    validation: { pending: Number(c.pending), verified: Number(c.verified), rejected: Number(c.rejected) },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }
}

export function participantOut(r: ParticipantRow) {
  return {
    participantId: r.id,
    applicationId: r.applicationId,
    applicationStatus: r.applicationStatus,
    applicant: applicantOut(r),
    attendanceStatus: r.attendanceStatus,
    attendanceNotes: r.attendanceNotes,
    markedAt: iso(r.markedAt),
    validationStatus: r.validationStatus,
    validationNotes: r.validationNotes,
    validatedAt: iso(r.validatedAt),
    validatedBy: r.validatorId ? { id: r.validatorId, fullName: r.validatorName ?? '' } : null,
    score: r.score,
    lastRemindedAt: iso(r.lastRemindedAt),
    checkedInAt: iso(r.checkedInAt),
  }
}
