import { type Static, Type } from '@sinclair/typebox'
import { DateOnly, Id, SchoolYear, StringEnum } from '../../http/schemas.js'

/** The query every report takes (DESIGN 8); the report routes share it. */
export const ReportQuery = Type.Object({
  school_year: Type.Optional({
    ...SchoolYear,
    description: '`2025/2026` = 1 July 2025 .. 30 June 2026 (the second year must follow the first)',
  }),
  major_id: Type.Optional(Id),
  date_from: Type.Optional(DateOnly),
  date_to: Type.Optional(DateOnly),
  format: Type.Optional(
    StringEnum(['json', 'csv', 'xlsx'] as const, {
      description: '`csv` or `xlsx` answers a download instead of the JSON envelope',
    }),
  ),
})
export type ReportQuery = Static<typeof ReportQuery>
