import type { CareerStatus } from '../../db/schema/index.js'
import type { Lang } from '../../http/i18n.js'
import { STAGE_STATUS, type Stage, vocabularyIn } from '../../vocabulary/index.js'
import { FIELDS_BY_STATUS } from '../tracer-study/service.js'

function build(lang: Lang) {
  const terms = vocabularyIn(lang)
  return {
    ...terms,
    /** With the tracer study's field rule of each status (the rule's owner is the tracer-study module). */
    careerStatus: terms.careerStatus.map((t) => {
      const rule = FIELDS_BY_STATUS[t.code as CareerStatus]
      return { ...t, required: [...rule.required], optional: [...rule.optional] }
    }),
    /** With the group that words a timeline row's `status` at each stage. */
    stage: terms.stage.map((t) => ({ ...t, statusGroup: STAGE_STATUS[t.code as Stage] })),
  }
}

const built: Partial<Record<Lang, ReturnType<typeof build>>> = {}

/** The whole vocabulary in one language: the same for every caller, so built once per language. */
export function vocabulary(lang: Lang) {
  built[lang] ??= build(lang)
  return built[lang]
}
