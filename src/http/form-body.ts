import type { TObject, TSchema } from '@sinclair/typebox'

/** A decimal as a form is typed: digits, at most one decimal point or comma (`88.5`, `88,5`), a leading minus. */
const DECIMAL = /^-?\d+(?:[.,]\d+)?$/

/** The JSON types a field's schema takes: its `type`, or each branch's of a union; `nullable` adds null. */
function typesOf(schema: TSchema): Set<string> {
  const types = new Set<string>()
  const branches: TSchema[] = schema.anyOf ?? [schema]
  for (const branch of branches) {
    for (const type of [branch.type].flat()) if (typeof type === 'string') types.add(type)
    if (branch.nullable === true) types.add('null')
  }
  return types
}

/**
 * A multipart form's text fields (trimmed by `readUpload`) read as the JSON body that `schema` describes, so
 * that the form is validated as a JSON body is, by the same rules and without AJV's type coercion, which read
 * `0x10` as 16, `1e2` as 100 and `Infinity` as a number. A number field takes decimal text only; an empty
 * field of a nullable one is null (it clears); `true`/`false` are booleans. Anything else stays text, for the
 * validation to refuse on its field ("must be number").
 */
export function formBody(fields: Record<string, string>, schema: TObject): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const [name, text] of Object.entries(fields)) {
    const property: TSchema | undefined = Object.hasOwn(schema.properties, name)
      ? schema.properties[name]
      : undefined
    const types = property ? typesOf(property) : new Set<string>()
    const numeric = types.has('number') || types.has('integer')
    let value: unknown = text
    if (text === '' && types.has('null') && !types.has('string')) value = null
    else if (numeric && DECIMAL.test(text)) value = Number(text.replace(',', '.'))
    else if (types.has('boolean') && (text === 'true' || text === 'false')) value = text === 'true'
    Object.defineProperty(body, name, { value, enumerable: true, writable: true, configurable: true })
  }
  return body
}
