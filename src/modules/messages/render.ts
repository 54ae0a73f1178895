import { type SQL, sql } from 'drizzle-orm'
import type { Conn } from '../../db/client.js'
import { prepared } from '../../db/prepared.js'
import { messageTemplates } from '../../db/schema/index.js'
import { MESSAGES, type MessageDefinition, type MessageKey } from './catalogue.js'

export interface RenderedMessage {
  title: string
  body: string
}

/** A message's wording before it is filled: the school's saved template, else the catalogue's default. */
export type Template = RenderedMessage

export type Vars = Record<string, string | number | null | undefined>

const PLACEHOLDER = /\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/g

/** Every placeholder name a text uses, in order of first use. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] as string))]
}

/** Fills `{{name}}` with `vars[name]`; a name without a value becomes empty (never `{{name}}`). */
export function fill(text: string, vars: Vars): string {
  // One pass over the template: a value that itself reads `{{…}}` is not filled again.
  return text.replace(PLACEHOLDER, (_, name: string) => String(vars[name] ?? ''))
}

/**
 * A template filled with `vars`, each text trimmed: a placeholder left empty at the end (optional HR
 * notes) leaves no trailing space behind.
 */
export function renderTemplate(template: Template, vars: Vars): RenderedMessage {
  return { title: fill(template.title, vars).trim(), body: fill(template.body, vars).trim() }
}

/** The catalogue's default wording of a message. */
export const defaultTemplate = (key: MessageKey): Template => ({
  title: MESSAGES[key].title,
  body: MESSAGES[key].body,
})

const savedTemplates = prepared((conn) =>
  conn
    .select({ key: messageTemplates.key, title: messageTemplates.title, body: messageTemplates.body })
    .from(messageTemplates)
    .where(sql`${messageTemplates.key} = any(${sql.placeholder('keys')}::text[])`)
    .prepare('message_templates_by_keys'),
)

/**
 * The wording of several messages in one query (the school's saved template, else the default): a change
 * that notifies many people loads its templates once and fills them per recipient with `renderTemplate`.
 * Read in the caller's transaction, so a notice uses the wording in force when its change commits.
 */
export async function loadTemplates<K extends MessageKey>(
  conn: Conn,
  keys: readonly K[],
): Promise<Record<K, Template>> {
  const out = {} as Record<K, Template>
  for (const key of keys) out[key] = defaultTemplate(key)
  if (keys.length === 0) return out
  const rows = await savedTemplates(conn).execute({ keys: [...new Set(keys)] })
  for (const r of rows)
    if (Object.hasOwn(out, r.key) && fitsCatalogue(r.key as K, r))
      out[r.key as K] = { title: r.title, body: r.body }
  return out
}

/**
 * Whether a saved text still fits its catalogue entry: only placeholders the message offers, and those it
 * requires. Saving checks far more (src/modules/messages/service.ts); this is the send-time safety net for a
 * text saved before a release that dropped a placeholder: such a text is not sent, the default is.
 */
export function fitsCatalogue(key: MessageKey, t: Template): boolean {
  const m = MESSAGES[key] as MessageDefinition
  const used = placeholdersOf(`${t.title}\n${t.body}`)
  return (
    used.every((name) => Object.hasOwn(m.placeholders, name)) &&
    (m.required ?? []).every((name) => used.includes(name))
  )
}

/**
 * The message `key` in the school's wording (its saved template, else the default), filled with `vars`.
 * `vars` should give every placeholder the catalogue names for the key (a missing one is left empty).
 * One query per call: to notify many people at once, use `loadTemplates` and `renderTemplate`.
 */
export async function renderMessage(conn: Conn, key: MessageKey, vars: Vars): Promise<RenderedMessage> {
  const templates = await loadTemplates(conn, [key])
  return renderTemplate(templates[key], vars)
}

/**
 * A template's text as one SQL expression (`concat` of its literal parts, bound as parameters, and the
 * placeholders' values), for an INSERT … SELECT that fills a notice per row. A placeholder without a
 * value reads empty. Trimmed like `renderTemplate`.
 */
export function fillSql(text: string, values: Record<string, unknown>): SQL {
  const parts: SQL[] = []
  let at = 0
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (m.index > at) parts.push(sql`${text.slice(at, m.index)}::text`)
    const value = values[m[1] as string]
    parts.push(value === undefined ? sql`''` : sql`(${value})::text`)
    at = m.index + m[0].length
  }
  if (at < text.length) parts.push(sql`${text.slice(at)}::text`)
  if (parts.length === 0) return sql`''`
  return sql`btrim(${concatOf(parts)}, E' \\t\\r\\n')`
}

/** PostgreSQL's `concat` takes at most 100 arguments: a text of more parts is a concat of concats. */
const CONCAT_MAX = 100
function concatOf(parts: SQL[]): SQL {
  if (parts.length <= CONCAT_MAX) return sql`concat(${sql.join(parts, sql`, `)})`
  const groups: SQL[] = []
  for (let i = 0; i < parts.length; i += CONCAT_MAX) groups.push(concatOf(parts.slice(i, i + CONCAT_MAX)))
  return concatOf(groups)
}
