import type { FastifyRequest } from 'fastify'
import pino, { type Logger } from 'pino'
import sonicBoom, { type SonicBoom } from 'sonic-boom'
import { stackMapper } from './stack-traces.js'

// The CommonJS module's export is the class itself (its `.SonicBoom` is the same class).
const SonicBoomStream = (sonicBoom as unknown as { SonicBoom: typeof SonicBoom }).SonicBoom

/**
 * The process's logger: pino writing JSON lines to stdout asynchronously. A log collector that stops
 * reading (a stalled pipe) never blocks the event loop: lines wait in a buffer of at most `maxBufferBytes`
 * and past that are dropped. The stream is made here rather than by `pino.destination()`, which would
 * register a synchronous flush at exit that retries a full pipe forever; `flushLogs()` bounds the final
 * flush instead.
 */
export function createLogger(level: string, maxBufferBytes = 16 * 1024 * 1024) {
  const stream = new SonicBoomStream({ fd: 1, sync: false, minLength: 0, maxLength: maxBufferBytes })
  // A closed pipe (EPIPE) must not crash the service; the lines are lost, the service goes on.
  stream.on('error', () => {})
  const logger = pino({ level, serializers: { err: serializeError, req: serializeRequest } }, stream)
  return { logger, stream }
}

/**
 * A request in the log: what Fastify logs of it, with the query's values left out (its names stay). Query
 * values are what people type or were sent: a password link's token and e-mail address, a company's
 * confirmation token, a search for a learner's name. Whoever reads the log must not be able to use them.
 */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: withoutQueryValues(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }
}

/** `/a?token=x&page=2` → `/a?token=*&page=*`. */
export function withoutQueryValues(url: string): string {
  const q = url.indexOf('?')
  if (q < 0) return url
  const names = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=', 1)[0]}=*`)
  return `${url.slice(0, q)}?${names.join('&')}`
}

const mapStack = stackMapper(import.meta.url)

/**
 * pino's error serializer, with the bundle's frames named by their lines in src/ (stack-traces.ts), and
 * without the `client` node-postgres hangs on the error of a connection the database ended (its socket,
 * parser and settings: 3.5 KB of JSON a line, one line per pooled connection when the database restarts).
 */
function serializeError(err: Error) {
  const out = pino.stdSerializers.err(err)
  if (typeof out?.stack === 'string') out.stack = mapStack(out.stack)
  if (out && typeof out.client === 'object') delete out.client
  // A malformed request's error (Node's clientError, logged by Fastify at trace) carries the request's raw bytes:
  // its Authorization header, a session token, among them.
  if (out && 'rawPacket' in out) delete out.rawPacket
  if (out) withoutQueryParameters(err, out)
  return out
}

/**
 * A failed query's error (Drizzle's `DrizzleQueryError`) carries the values the query was sent, in its
 * `params` and in its message and stack ("params: …"): e-mail addresses, phone numbers, password hashes.
 * The log keeps the query and how many values it had, not the values.
 */
function withoutQueryParameters(err: Error, out: Record<string, unknown>) {
  const params = (err as { params?: unknown }).params
  if (!Array.isArray(params) || typeof (err as { query?: unknown }).query !== 'string') return
  const listed = `\nparams: ${String(params)}`
  const unlisted = `\nparams: (${params.length} values)`
  for (const key of ['message', 'stack'] as const)
    if (typeof out[key] === 'string') out[key] = (out[key] as string).replace(listed, unlisted)
  out.params = `(${params.length} values)`
}

/** Waits at most `timeoutMs` for buffered log lines to reach stdout. */
export function flushLogs(stream: SonicBoom, timeoutMs = 2000): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(done, timeoutMs)
    timer.unref()
    try {
      stream.flush((err) => {
        clearTimeout(timer)
        done()
        return err
      })
    } catch {
      clearTimeout(timer)
      done()
    }
  })
}

export type { Logger }
