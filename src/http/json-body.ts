import type { FastifyInstance } from 'fastify'
import { AppError } from './errors.js'
import { msg } from './i18n.js'

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)/i

/**
 * JSON bodies are UTF-8 (RFC 8259), and are read as such or refused. Fastify's own parser decoded any bytes
 * as UTF-8 leniently: a body sent in Latin-1 (PowerShell 5, older PHP and Java clients), or declared
 * `charset=iso-8859-1`, was stored with U+FFFD in place of its letters ("José" as "Jos�") and answered 201.
 * Another charset is a 415, bytes that are not UTF-8 a 400; the JSON itself is read by Fastify's parser, with
 * its checks against `__proto__` and `constructor.prototype`.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  const utf8 = new TextDecoder('utf-8', { fatal: true })
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    const charset = CHARSET.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase()
    if (charset && charset !== 'utf-8' && charset !== 'utf8')
      return done(
        new AppError(415, msg('JSON harus dikirim dalam UTF-8.', 'JSON must be sent in UTF-8.')),
        undefined,
      )
    let text: string
    try {
      text = utf8.decode(body as Buffer)
    } catch {
      return done(
        new AppError(
          400,
          msg('Isi permintaan bukan teks UTF-8 yang valid.', 'The request body is not valid UTF-8 text.'),
        ),
        undefined,
      )
    }
    parseJson(req, text, done)
  })
}
