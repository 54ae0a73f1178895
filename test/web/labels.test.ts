/**
 * The web client words every code a person sees from one module (web/src/lib/labels.ts). This checks it
 * against the service's own code lists, so a new status or stage cannot reach a screen as a raw code.
 * (Here rather than beside the module: the web's type-check does not reach the service's sources.)
 */
import { describe, expect, it } from 'vitest'
import * as schema from '../../src/db/schema/index.js'
import { TRANSITIONS } from '../../src/modules/application-lifecycle/transitions.js'
import { MESSAGE_CHANNELS } from '../../src/modules/messages/catalogue.js'
import { COMPLETENESS_ITEMS } from '../../src/modules/portfolio/service.js'
import { SCHEDULE_STATUSES } from '../../src/modules/schedules/schemas.js'
import { CATEGORY_VALUES } from '../../src/modules/vacancies/service.js'
import { VOCABULARIES, type Vocabulary } from '../../web/src/lib/labels.js'

/** Every code list the API answers, as the service defines it, with the vocabulary that words it. */
const SERVER_CODES: [Vocabulary, readonly string[]][] = [
  ['role', schema.ROLES],
  ['jobType', schema.JOB_TYPES],
  ['target', schema.VACANCY_TARGETS],
  ['category', CATEGORY_VALUES],
  ['applicationStatus', schema.APPLICATION_STATUSES],
  ['reviewDecision', schema.REVIEW_DECISIONS],
  ['selectionDecision', schema.SELECTION_DECISIONS],
  ['testKind', schema.TEST_KINDS],
  ['scheduleStatus', SCHEDULE_STATUSES],
  ['attendance', schema.ATTENDANCE_STATUSES],
  ['validation', schema.VALIDATION_STATUSES],
  ['placementStatus', schema.PLACEMENT_STATUSES],
  ['placementSource', schema.PLACEMENT_SOURCES],
  ['approvalStatus', schema.APPROVAL_STATUSES],
  ['careerStatus', schema.CAREER_STATUSES],
  ['jobFit', schema.JOB_FITS],
  ['fileCategory', schema.FILE_CATEGORIES],
  ['profileGap', COMPLETENESS_ITEMS],
  ['registrationStatus', schema.REGISTRATION_STATUSES],
  ['importAction', schema.IMPORT_ACTIONS],
  ['messageChannel', MESSAGE_CHANNELS],
  // Every stage the lifecycle writes.
  ['stage', [...new Set(Object.values(TRANSITIONS).map((m) => m.stage))]],
]

describe("the web client's labels", () => {
  it.each(SERVER_CODES)('%s: every code the service defines has an Indonesian label', (vocabulary, codes) => {
    const words = VOCABULARIES[vocabulary] as Record<string, string>
    expect(codes.filter((c) => !words[c])).toEqual([])
  })
})
