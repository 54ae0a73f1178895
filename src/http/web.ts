import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { errorBody } from './errors.js'
import { langOf, msg } from './i18n.js'

export const webDist = resolve(import.meta.dirname, '../../web/dist')

/**
 * The CSP hashes (`sha256-…`) of the inline scripts of the built page: index.html starts the first
 * screen's API calls in an inline script (saving a round trip), which the Content-Security-Policy admits
 * by its hash rather than by `'unsafe-inline'`. Read once at start; none when the client is not built.
 */
export function inlineScriptHashes(root = webDist): string[] {
  const index = join(root, 'index.html')
  if (!existsSync(index)) return []
  const html = readFileSync(index, 'utf8')
  const hashes = new Set<string>()
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attrs) || !body.trim()) continue
    hashes.add(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`)
  }
  return [...hashes]
}

/**
 * Serves the web client (web/dist, built by `npm run build:web`) at `/`: a file when it exists, otherwise
 * index.html so the client's router handles the path. /api and /docs paths never fall back to the page.
 * Hashed assets are cached for a year; gzip/brotli copies written by the build are sent when accepted.
 */
export async function webClient(app: FastifyInstance, opts: { root?: string } = {}) {
  const root = opts.root ?? webDist
  const built = existsSync(join(root, 'index.html'))
  if (built) {
    await app.register(fastifyStatic, { root, serve: false, preCompressed: true })
  }
  const page = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false })

  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    const path = (req.params as { '*': string })['*'] ?? ''
    if (/^(api|docs)(\/|$)/.test(path)) return reply.callNotFound()
    if (!built) {
      return reply
        .code(404)
        .send(
          errorBody(
            langOf(req),
            msg(
              'Aplikasi web belum dibangun: jalankan `npm run build:web`.',
              'The web client is not built: run `npm run build:web`.',
            ),
          ),
        )
    }
    const file = resolve(root, path)
    if (path && file.startsWith(root) && existsSync(file) && statSync(file).isFile()) {
      if (path.startsWith('assets/')) {
        return reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(path, {
          cacheControl: false,
        })
      }
      return reply.sendFile(path)
    }
    return page(reply)
  })
}
