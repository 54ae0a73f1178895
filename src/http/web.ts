import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join, resolve, sep } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ADDRESS_TOO_LONG, errorBody, send } from './errors.js'
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

/** The name of the page's meta tag that tells the client the school's time zone (web/src/lib/school-zone.ts). */
export const TIME_ZONE_META = 'bursa-school-time-zone'
/** The name of the page's meta tag that tells the client the largest file the service takes (web/src/lib/files.ts). */
export const UPLOAD_LIMIT_META = 'bursa-upload-limit'

/** The name of the page's meta tag that names the school (`SCHOOL_NAME`, web/src/lib/school.ts); none when unset. */
export const SCHOOL_NAME_META = 'bursa-school'

/** What the page tells the client of the service's settings, one meta tag each. */
export type PageSettings = { schoolTimeZone: string; uploadLimit: number; schoolName?: string }

/**
 * The page as served: index.html with the school's time zone (the client shows dates and times, and reads
 * typed ones, on the school's clock) and the upload limit (`UPLOAD_LIMIT_BYTES`: the client refuses a
 * larger file before sending it, and names the limit) in meta tags, the school's name (`SCHOOL_NAME`, when
 * set: the header, the tab and the printed sheets name it) in another, and its gzip and brotli copies, made
 * once at start.
 */
function pageOf(root: string, settings: PageSettings) {
  const meta = (name: string, value: string) =>
    `  <meta name="${name}" content="${value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}" />\n`
  const html = Buffer.from(
    readFileSync(join(root, 'index.html'), 'utf8').replace(
      '</head>',
      `${meta(TIME_ZONE_META, settings.schoolTimeZone)}${meta(UPLOAD_LIMIT_META, String(settings.uploadLimit))}${
        settings.schoolName ? meta(SCHOOL_NAME_META, settings.schoolName) : ''
      }  </head>`,
    ),
  )
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`
  return { html, gzip: gzipSync(html), br: brotliCompressSync(html), etag }
}
type Page = ReturnType<typeof pageOf>

/**
 * Serves the web client (web/dist, built by `npm run build:web`) at `/`: a file when it exists, otherwise
 * the page (index.html) so the client's router handles the path. /api and /docs paths never fall back to
 * the page, nor does a missing file of `assets/` (a 404: a tab left open across a release asks for the
 * old hashed script, which must fail as a script, not load the page as one). Hashed assets are cached for
 * a year; gzip/brotli copies written by the build are sent when accepted.
 */
export async function webClient(app: FastifyInstance, opts: { root?: string } & PageSettings) {
  const root = resolve(opts.root ?? webDist)
  const inside = root + sep
  const assets = join(root, 'assets') + sep
  const served = existsSync(join(root, 'index.html')) ? pageOf(root, opts) : null
  if (served) {
    await app.register(fastifyStatic, { root, serve: false, preCompressed: true })
  }
  const page = (req: FastifyRequest, reply: FastifyReply, served: Page) => {
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', served.etag)
    if (req.headers['if-none-match'] === served.etag) return reply.code(304).send()
    const accepted = String(req.headers['accept-encoding'] ?? '')
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null
    reply.type('text/html; charset=utf-8')
    if (encoding) reply.header('content-encoding', encoding)
    return reply.send(encoding ? served[encoding] : served.html)
  }

  const maxParamLength = app.initialConfig.maxParamLength ?? 100
  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    const path = (req.params as { '*': string })['*'] ?? ''
    if (/^(api|docs)(\/|$)/.test(path)) {
      // A GET whose path parameter is over the router's limit falls through to this route (PUT and the
      // others get the router's 414): the same 414 here.
      if (path.split('/').some((segment) => segment.length > maxParamLength))
        return send(reply, 414, errorBody(langOf(req), ADDRESS_TOO_LONG))
      return reply.callNotFound()
    }
    if (!served) {
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
    // Only a file inside the root (`web/dist-old/…` starts with `web/dist` too); anything else gets the page.
    const file = resolve(root, path)
    if (
      path &&
      path !== 'index.html' &&
      file.startsWith(inside) &&
      existsSync(file) &&
      statSync(file).isFile()
    ) {
      if (path.startsWith('assets/')) {
        return reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(path, {
          cacheControl: false,
        })
      }
      return reply.sendFile(path)
    }
    // A hashed file the build no longer has (the client reloads, or says the screen did not load); a path
    // whose dots lead out of `assets/` gets the page as any other.
    if (file.startsWith(assets)) {
      return send(
        reply.header('cache-control', 'no-cache'),
        404,
        errorBody(langOf(req), msg('Berkas tidak ditemukan.', 'File not found.')),
      )
    }
    return page(req, reply, served)
  })
}
