import { connect, type Socket } from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../support/app.js'

/**
 * Timeouts against slow clients ("slowloris"), on a real port: a client that never finishes its
 * headers, or trickles its body, is answered 408 and disconnected instead of holding a connection.
 */
const t = useTestApp({ HEADERS_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '2' })
let port = 0

beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  port = (t.app.server.address() as { port: number }).port
})

/** Opens a raw connection, writes `first`, then calls `drip` every 300 ms until the server hangs up. */
function slowClient(first: string, drip?: () => string) {
  return new Promise<{ answer: string; closedAfterMs: number }>((resolve, reject) => {
    const started = Date.now()
    let answer = ''
    const socket: Socket = connect(port, '127.0.0.1', () => socket.write(first))
    const timer = drip ? setInterval(() => socket.writable && socket.write(drip()), 300) : undefined
    socket.on('data', (chunk) => {
      answer += chunk.toString()
    })
    socket.on('error', () => {})
    socket.on('close', () => {
      clearInterval(timer)
      resolve({ answer, closedAfterMs: Date.now() - started })
    })
    setTimeout(() => {
      clearInterval(timer)
      socket.destroy()
      reject(new Error(`the server kept the connection open for 10 s; got: ${answer}`))
    }, 10_000)
  })
}

describe('slow clients', () => {
  it('a client that never finishes its headers gets 408 and is disconnected', async () => {
    const { answer, closedAfterMs } = await slowClient(
      'GET /health HTTP/1.1\r\nHost: x\r\n',
      () => 'X-a: b\r\n',
    )
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
    expect(closedAfterMs).toBeLessThan(5000)
  })

  it('a client that trickles its body past the request timeout gets 408 and is disconnected', async () => {
    const { answer, closedAfterMs } = await slowClient(
      'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"',
      () => 'a',
    )
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
    expect(closedAfterMs).toBeLessThan(6000)
  })

  it('a normal request on the same server is answered', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/health`)
    expect(res.status).toBe(200)
  })
})
