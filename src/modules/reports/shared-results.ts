/**
 * Report results shared between the staff who ask for the same report with the same filters: one
 * computation for requests that arrive while it runs, and its result kept `ttlMs` (REPORT_CACHE_SECONDS)
 * for those that come just after. Any change made through this instance (a POST, PUT, PATCH or DELETE
 * answered) starts a new generation, so staff see their own changes at once; a change made through
 * another instance shows after at most `ttlMs`. See docs/decisions.md (Reports).
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type Lang, langOf, type Msg, tr } from '../../http/i18n.js'

export type SharedResults = ReturnType<typeof sharedResults>

export function sharedResults(ttlMs: number) {
  let generation = 0
  const kept = new Map<string, { generation: number; until: number; value: Promise<unknown> }>()

  /** Called by the app after every answered change (src/app.ts). */
  const changed = () => {
    generation++
  }

  function shared<T>(name: string, filters: object, compute: () => Promise<T>): Promise<T> {
    const { format: _format, ...rest } = filters as Record<string, unknown>
    const key = `${name} ${JSON.stringify(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b)))}`
    const now = Date.now()
    const hit = kept.get(key)
    if (hit && hit.generation === generation && (hit.until === Number.POSITIVE_INFINITY || hit.until > now))
      return hit.value as Promise<T>
    // Kept while running (until = ∞) so that requests arriving meanwhile share it; then for ttlMs.
    const entry = { generation, until: Number.POSITIVE_INFINITY, value: compute() as Promise<unknown> }
    kept.set(key, entry)
    entry.value.then(
      () => {
        if (ttlMs > 0) entry.until = Date.now() + ttlMs
        else if (kept.get(key) === entry) kept.delete(key)
      },
      () => {
        if (kept.get(key) === entry) kept.delete(key)
      },
    )
    if (kept.size > 200) {
      for (const [k, e] of kept) if (e.until <= now || e.generation !== generation) kept.delete(k)
    }
    return entry.value as Promise<T>
  }

  return { shared, changed }
}

/** Serialized answers, per shared result and language; a result's go when the result itself is dropped. */
const bodies = new WeakMap<object, Partial<Record<Lang, Buffer>>>()

/**
 * Sends the JSON answer of a shared `result`, serialized once per language and kept with it: staff asking
 * within REPORT_CACHE_SECONDS get the same bytes, with no serialization and no garbage per request (the
 * recruitment report of a district is 270 kB of JSON). `envelope` builds the answer as the route would send
 * it (in the caller's language, where its data has labels); it is serialized by the route's response schema
 * (`reply.serialize`, as Fastify itself would) with its message in the caller's language (what the
 * preSerialization hook of src/http/i18n.ts does otherwise).
 */
export function sendShared(
  req: FastifyRequest,
  reply: FastifyReply,
  result: object,
  envelope: (lang: Lang) => { message: string },
) {
  const lang = langOf(req)
  let byLang = bodies.get(result)
  if (!byLang) {
    byLang = {}
    bodies.set(result, byLang)
  }
  let body = byLang[lang]
  if (!body) {
    const answer = envelope(lang)
    const json = reply.serialize({ ...answer, message: tr(answer.message as Msg, lang) })
    body = typeof json === 'string' ? Buffer.from(json) : Buffer.from(json as ArrayBuffer)
    byLang[lang] = body
  }
  return reply.type('application/json; charset=utf-8').send(body)
}
