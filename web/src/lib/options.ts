import { label, type Vocabulary } from './labels'

/** Select options from an options endpoint's `{ value, label }` (ids as text, as Select wants them). */
export const idOptions = (xs: readonly { value: string | number; label: string }[] | undefined) =>
  (xs ?? []).map((x) => ({ value: String(x.value), label: x.label }))

/** The codes an options endpoint offers, worded by the client's one vocabulary (lib/labels). */
export const codeOptions = (vocabulary: Vocabulary, xs: readonly { value: string | number }[] | undefined) =>
  (xs ?? []).map((x) => ({ value: String(x.value), label: label(vocabulary, String(x.value)) }))
