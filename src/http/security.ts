import type { IncomingMessage, ServerResponse } from 'node:http'
import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * The browser's side of security, on every answer (pages, JSON, files, errors):
 * - a Content-Security-Policy: scripts only from the service itself plus the web page's inline script by
 *   its hash (`scriptHashes`, see web.ts), styles from the service or inline (Mantine and Swagger UI set
 *   inline styles), no plugins, no framing (`frame-ancestors 'none'` and `X-Frame-Options: DENY`);
 * - `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`, and helmet's other defaults;
 * - `Cache-Control: no-store` on every /api answer (an answer may carry a token or personal data; a
 *   route that set its own no-store keeps it), while the web client's assets keep their caching.
 * Answers the headers, for the router's own errors (`frameworkErrors`), which no hook sees.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { scriptHashes: string[] },
): Promise<Record<string, string>> {
  const headers = headersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'", ...opts.scriptHashes.map((h) => `'${h}'`)],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // No `upgrade-insecure-requests`: a school may serve bursa over plain http on its own network,
        // where upgraded requests would fail.
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Ignored by browsers over http; over https it must not bind the school's other sub-domains.
    strictTransportSecurity: { maxAge: 15552000, includeSubDomains: false },
  })
  // The same headers on every answer: set from one object computed at start. (@fastify/helmet ran helmet
  // per request, re-building the policy each time: 2–3% of the CPU of every route, docs/performance.md.)
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers)
    done()
  })
  app.addHook('onSend', async (req, reply) => {
    // The route's own path: the raw URL may spell `/api` percent-encoded (`/%61pi/me`), which the router
    // decodes and answers all the same.
    if (!/^\/api(\/|\?|$)/.test(req.routeOptions.url ?? req.url)) return
    const current = reply.getHeader('cache-control')
    if (!String(current ?? '').includes('no-store')) reply.header('cache-control', 'no-store')
  })
  return headers
}

/** The headers helmet sets for these options, computed once by running its middleware on a recorder. */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
  }
  let failure: unknown = null
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err ?? null
  })
  if (failure) throw failure
  return headers
}

/**
 * `CORS_ORIGINS`: a front-end served from one of these origins may call the API (the browser's preflight
 * included, the `Authorization` header allowed); any other origin gets no CORS header. Tokens travel in
 * `Authorization`, never in cookies, so credentials stay off.
 */
export async function registerCors(app: FastifyInstance, origins: readonly string[]) {
  if (origins.length === 0) return
  const allowed = new Set(origins)
  await app.register(cors, {
    // A function rather than the list: with a list, other origins would still get the preflight's
    // Allow-Methods/Allow-Headers and Expose-Headers; `false` leaves their answers without any.
    origin: (origin: string | undefined, done: (err: Error | null, allow: string | false) => void) =>
      done(null, origin !== undefined && allowed.has(origin) ? origin : false),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      'Accept',
      'Accept-Language',
      'X-Request-Id',
      'If-Match',
      'If-None-Match',
      'X-Background',
    ],
    exposedHeaders: ['Content-Disposition', 'Retry-After', 'X-Request-Id'],
    credentials: false,
    maxAge: 600,
  })
}
