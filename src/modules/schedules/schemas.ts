import { Type } from '@sinclair/typebox'
import { TEST_KINDS } from '../../db/schema/index.js'
import { DateTime, Nullable, StringEnum } from '../../http/schemas.js'

const Str = Nullable(Type.String())
export const SCHEDULE_STATUSES = ['scheduled', 'ongoing', 'done', 'cancelled'] as const

/** A schedule as every route answers it: the list row and the detail are the same. */
export const ScheduleOut = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: StringEnum(TEST_KINDS),
  scheduledAt: DateTime,
  durationMinutes: Nullable(Type.Integer()),
  location: Type.String(),
  description: Str,
  minimumScore: Nullable(Type.Number()),
  status: StringEnum(SCHEDULE_STATUSES, {
    description:
      '`scheduled` while ahead; `ongoing` from its start until `durationMinutes` have passed (without a duration, until the end of its day in WIB); `done` after; `cancelled` when called off',
  }),
  cancelledAt: Nullable(DateTime),
  cancelReason: Str,
  vacancy: Type.Object({ id: Type.Integer(), title: Type.String(), position: Type.String() }),
  participantCount: Type.Integer(),
  attendance: Type.Object({
    hadir: Type.Integer(),
    izin: Type.Integer(),
    alpa: Type.Integer(),
    unmarked: Type.Integer(),
  }),
  validation: Type.Object({ pending: Type.Integer(), verified: Type.Integer(), rejected: Type.Integer() }),
  createdAt: DateTime,
  updatedAt: DateTime,
})
