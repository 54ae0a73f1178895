import { eq } from 'drizzle-orm'
import type { Conn } from '../../db/client.js'
import { messageTemplates } from '../../db/schema/index.js'
import { MESSAGES, type MessageKey } from './catalogue.js'

export interface RenderedMessage {
  title: string
  body: string
}

const PLACEHOLDER = /\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/g

/** Every placeholder name a text uses, in order of first use. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] as string))]
}

/** Fills `{{name}}` with `vars[name]`; a name without a value becomes empty (never `{{name}}`). */
export function fill(text: string, vars: Record<string, string | number>): string {
  return text.replace(PLACEHOLDER, (_, name: string) => String(vars[name] ?? ''))
}

/**
 * The message `key` in the school's wording (its saved template, else the default), filled with `vars`.
 * `vars` must give every placeholder the catalogue names for the key.
 */
export async function renderMessage(
  conn: Conn,
  key: MessageKey,
  vars: Record<string, string | number>,
): Promise<RenderedMessage> {
  const [own] = await conn
    .select({ title: messageTemplates.title, body: messageTemplates.body })
    .from(messageTemplates)
    .where(eq(messageTemplates.key, key))
  const template = own ?? MESSAGES[key]
  return { title: fill(template.title, vars), body: fill(template.body, vars) }
}
