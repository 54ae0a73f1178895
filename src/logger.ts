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
  const logger = pino({ level, serializers: { err: serializeError } }, stream)
  return { logger, stream }
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
  return out
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
