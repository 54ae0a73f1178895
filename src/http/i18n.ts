import type { FastifyInstance, FastifyRequest } from 'fastify'

export type Lang = 'id' | 'en'
/** A user-facing message: Indonesian first, English on request (`Accept-Language: en`). */
export type Msg = string | { id: string; en: string }

export const msg = (id: string, en: string): Msg => ({ id, en })

export function langOf(req: Pick<FastifyRequest, 'headers'>): Lang {
  const header = req.headers['accept-language']
  if (typeof header !== 'string') return 'id'
  // Of the languages we speak, the one the client weighs most (`q`, 1 when absent, its name in any case; `q=0`
  // means "not this"); the first listed among equals. Indonesian when it names neither, unless it refused Indonesian.
  let best: Lang = 'id'
  let bestWeight = 0
  let refusesId = false
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';')
    const tag = name.trim().toLowerCase()
    const lang: Lang | null = tag.startsWith('en')
      ? 'en'
      : tag.startsWith('id') || tag.startsWith('in')
        ? 'id'
        : null
    if (lang === null) continue
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    if (weight === 0 && lang === 'id') refusesId = true
    if (weight > bestWeight) {
      best = lang
      bestWeight = weight
    }
  }
  return bestWeight === 0 && refusesId ? 'en' : best
}

export function tr(m: Msg, lang: Lang): string {
  return typeof m === 'string' ? m : m[lang]
}

/**
 * Success messages in the caller's language: `ok(data, msg('…', '…'))` carries both (src/http/envelope.ts)
 * and this hook keeps the one asked for, before the answer is serialized. A plain string passes as it is;
 * only an answer whose `message` is an object costs a look at `Accept-Language`.
 */
export function registerMessageLanguage(app: FastifyInstance) {
  app.addHook('preSerialization', (req, _reply, payload, done) => {
    const message = (payload as { message?: unknown } | null)?.message
    if (typeof message === 'object' && message !== null)
      (payload as { message: string }).message = tr(message as Msg, langOf(req))
    done(null, payload)
  })
}
