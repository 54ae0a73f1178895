import type { Static } from '@sinclair/typebox'
import type { Actor } from '../../actor.js'
import { audit } from '../../db/audit.js'
import type { Conn, Db } from '../../db/client.js'
import { pageOf } from '../../http/envelope.js'
import { addFieldError, type FieldErrors, notFound, unprocessable } from '../../http/errors.js'
import { type Msg, msg } from '../../http/i18n.js'
import { assertReadAs } from '../../http/versions.js'
import {
  descriptionOf,
  exampleOf,
  isMessageKey,
  MESSAGE_KEYS,
  MESSAGES,
  type MessageDefinition,
  type MessageKey,
} from './catalogue.js'
import * as q from './queries.js'
import { defaultTemplate, renderTemplate, type Template } from './render.js'
import type { PreviewBody, TemplateBody, TemplateListQuery } from './schemas.js'

/** Longest title and body the school may write (a title is also an e-mail's subject). */
export const TITLE_MAX = 200
export const BODY_MAX = 5000

const templateNotFound = () => notFound(msg('Template pesan tidak ditemukan.', 'Message template not found.'))

const keyOf = (key: string): MessageKey => (isMessageKey(key) ? key : templateNotFound())

function updatedOut(saved: q.SavedTemplate | undefined) {
  return {
    customised: saved !== undefined,
    updatedAt: saved?.updatedAt.toISOString() ?? null,
    updatedBy:
      saved?.updatedById != null ? { id: saved.updatedById, fullName: saved.updatedByName ?? '' } : null,
  }
}

function itemOut(key: MessageKey, saved: q.SavedTemplate | undefined) {
  const m: MessageDefinition = MESSAGES[key]
  return {
    key,
    label: m.label,
    channel: m.channel,
    title: saved?.title ?? m.title,
    ...updatedOut(saved),
  }
}

function placeholdersOut(key: MessageKey) {
  const m: MessageDefinition = MESSAGES[key]
  return Object.entries(m.placeholders).map(([name, p]) => ({
    name,
    description: descriptionOf(p),
    example: exampleOf(name, p),
    required: m.required?.includes(name) ?? false,
  }))
}

function detailOut(key: MessageKey, saved: q.SavedTemplate | undefined) {
  const m: MessageDefinition = MESSAGES[key]
  return {
    ...itemOut(key, saved),
    body: saved?.body ?? m.body,
    defaultTitle: m.title,
    defaultBody: m.body,
    placeholders: placeholdersOut(key),
  }
}

/** Every message of the catalogue, in key order (so each area's messages stand together). */
export async function listTemplates(db: Db, query: Static<typeof TemplateListQuery>) {
  const page = pageOf(query)
  const saved = new Map((await q.savedTemplates(db)).map((r) => [r.key, r]))
  const search = query.search?.trim().toLowerCase()
  const rows = [...MESSAGE_KEYS]
    .sort()
    .map((key) => itemOut(key, saved.get(key)))
    .filter(
      (r) =>
        (query.customised === undefined || r.customised === query.customised) &&
        (!search || [r.key, r.label, r.title].some((s) => s.toLowerCase().includes(search))),
    )
  return { rows: rows.slice(page.offset, page.offset + page.limit), total: rows.length, page }
}

export async function templateDetail(conn: Conn, key: string) {
  const k = keyOf(key)
  return detailOut(k, await q.savedTemplate(conn, k))
}

// ---------------------------------------------------------------------------------------------
// Checking a text

/** `{{…}}` with anything but braces inside: a placeholder, well written or not. */
const BRACED = /\{\{([^{}]*)\}\}/g
const NAME = /^[a-z_][a-z0-9_]*$/
const list = (names: string[]) => names.map((n) => `{{${n}}}`).join(', ')

/** A few characters either side of position `at`, on one line, for a message. */
function around(text: string, at: number) {
  const from = Math.max(0, at - 15)
  const to = Math.min(text.length, at + 17)
  return `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`.replace(/\s+/g, ' ')
}

/** What is wrong with one field's text: unknown placeholders and unpaired braces. */
function textErrors(text: string, allowed: string[]): Msg[] {
  const errors: Msg[] = []
  const unknown = new Set<string>()
  for (const m of text.matchAll(BRACED)) {
    const name = (m[1] as string).trim()
    if (!NAME.test(name) || !allowed.includes(name)) unknown.add(name)
  }
  if (unknown.size > 0) {
    const names = [...unknown]
    errors.push(
      msg(
        `placeholder tidak dikenal: ${list(names)}. Yang dapat dipakai: ${list(allowed)}`,
        `unknown placeholder${names.length > 1 ? 's' : ''}: ${list(names)}. Allowed: ${list(allowed)}`,
      ),
    )
  }
  // What is left once every {{…}} is taken out must hold no half of a pair.
  const rest = text.replace(BRACED, (m) => ' '.repeat(m.length))
  const loose = rest.search(/\{\{|\}\}/)
  if (loose >= 0) {
    const where = around(text, loose)
    errors.push(
      msg(
        `tanda {{ atau }} tanpa pasangan di "${where}". Tulis placeholder sebagai {{nama}}`,
        `an unpaired {{ or }} in "${where}". Write a placeholder as {{name}}`,
      ),
    )
  }
  return errors
}

/** The text normalised as it is stored: Unix line ends, no surrounding blanks. */
const clean = (text: string) => text.replace(/\r\n?/g, '\n').trim()

/**
 * The refusals of a template for `key`, by field: empty text, a title on several lines, unknown
 * placeholders, unpaired braces, a required placeholder left out. Empty when it may be saved.
 */
export function templateErrors(key: MessageKey, t: Template): FieldErrors {
  const m: MessageDefinition = MESSAGES[key]
  const allowed = Object.keys(m.placeholders)
  const errors: FieldErrors = {}
  const add = (field: 'title' | 'body', e: Msg) => {
    addFieldError(errors, field, e)
  }
  for (const field of ['title', 'body'] as const) {
    if (!t[field]) add(field, msg('wajib diisi', 'is required'))
    for (const e of textErrors(t[field], allowed)) add(field, e)
  }
  if (t.title.includes('\n'))
    add(
      'title',
      msg('harus satu baris (judul juga subjek e-mail)', 'must be one line (it is also the e-mail subject)'),
    )
  const used = new Set([...`${t.title}\n${t.body}`.matchAll(BRACED)].map((x) => (x[1] as string).trim()))
  const missing = (m.required ?? []).filter((name) => !used.has(name))
  if (missing.length > 0) add('body', msg(`harus memuat ${list(missing)}`, `must contain ${list(missing)}`))
  return errors
}

function check(key: MessageKey, t: Template) {
  const errors = templateErrors(key, t)
  if (Object.keys(errors).length > 0)
    unprocessable(msg('Template pesan tidak dapat dipakai.', 'The message template cannot be used.'), errors)
}

// ---------------------------------------------------------------------------------------------
// Changes

/**
 * Saves the school's wording of `key` (title and body together), checked first: an unknown placeholder
 * or an unpaired brace is refused here, never sent. A text equal to the default removes the school's
 * copy instead (the message then follows the default again). Audited with the text it replaced.
 * `versions`: what the editor read (`assertReadAs`); undefined, the last save wins.
 */
export async function saveTemplate(
  db: Db,
  actor: Actor,
  key: string,
  input: Static<typeof TemplateBody>,
  versions?: string[],
) {
  const k = keyOf(key)
  const next = { title: clean(input.title), body: clean(input.body) }
  check(k, next)
  return db.transaction(async (tx) => {
    const locked = await q.lockTemplate(tx, k)
    assertReadAs(locked, versions)
    const before = locked && { title: locked.title, body: locked.body }
    const asDefault = next.title === MESSAGES[k].title && next.body === MESSAGES[k].body
    if (asDefault) await q.deleteTemplate(tx, k)
    else await q.upsertTemplate(tx, { key: k, ...next, updatedBy: actor.id })
    await audit(tx, actor, 'update', 'message_template', null, {
      key: k,
      ...next,
      customised: !asDefault,
      previous: before ?? null,
    })
    return detailOut(k, await q.savedTemplate(tx, k))
  })
}

/**
 * Back to the default wording (the school's copy removed); nothing to do when there is none. `versions`: what
 * the editor read (`assertReadAs`): a wording a colleague saved since is not thrown away.
 */
export async function resetTemplate(db: Db, actor: Actor, key: string, versions?: string[]) {
  const k = keyOf(key)
  return db.transaction(async (tx) => {
    const locked = await q.lockTemplate(tx, k)
    assertReadAs(locked, versions)
    if (locked) {
      await q.deleteTemplate(tx, k)
      await audit(tx, actor, 'reset', 'message_template', null, {
        key: k,
        previous: { title: locked.title, body: locked.body },
      })
    }
    return detailOut(k, undefined)
  })
}

/**
 * The message as a recipient would read it, every placeholder filled with its example: the text given
 * (checked as a save would be), or the saved one for what is not given.
 */
export async function previewTemplate(db: Db, key: string, input: Static<typeof PreviewBody>) {
  const k = keyOf(key)
  const saved = await q.savedTemplate(db, k)
  const current = saved ?? defaultTemplate(k)
  const text = {
    title: input.title === undefined ? current.title : clean(input.title),
    body: input.body === undefined ? current.body : clean(input.body),
  }
  check(k, text)
  const values = Object.fromEntries(
    Object.entries((MESSAGES[k] as MessageDefinition).placeholders).map(([name, p]) => [
      name,
      exampleOf(name, p),
    ]),
  )
  return { ...renderTemplate(text, values), values }
}
