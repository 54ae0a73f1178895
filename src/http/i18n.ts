import type { FastifyInstance, FastifyRequest } from 'fastify'

export type Lang = 'id' | 'en'
/** A user-facing message: Indonesian first, English on request (`Accept-Language: en`). */
export type Msg = string | { id: string; en: string }

export const msg = (id: string, en: string): Msg => ({ id, en })

export function langOf(req: Pick<FastifyRequest, 'headers'>): Lang {
  const header = req.headers['accept-language']
  if (typeof header !== 'string') return 'id'
  // The first language the client lists that we speak wins.
  for (const part of header.split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase()
    if (tag.startsWith('en')) return 'en'
    if (tag.startsWith('id') || tag.startsWith('in')) return 'id'
  }
  return 'id'
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
