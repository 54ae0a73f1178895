import { connect, createServer, type Server, type Socket } from 'node:net'

/**
 * A TCP proxy to stand between the service and PostgreSQL, to take the database away and bring it
 * back. `cut()` resets every open connection and refuses new ones, as a database that went down;
 * `restore()` lets connections through again on the same port.
 */
export interface TcpProxy {
  port: number
  cut(): Promise<void>
  /** A partition: open connections stay open but nothing passes; new ones are accepted and stall too. */
  stall(): void
  restore(): void
  close(): Promise<void>
  /** Connections currently open through the proxy. */
  readonly open: number
}

export async function startProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let down = false
  let stalled = false
  const held = new Set<Socket>()
  const server: Server = createServer((client) => {
    if (down) {
      client.resetAndDestroy()
      return
    }
    if (stalled) {
      held.add(client)
      client.on('error', () => {})
      client.on('close', () => held.delete(client))
      return
    }
    const upstream = connect(target.port, target.host)
    sockets.add(client)
    sockets.add(upstream)
    const drop = () => {
      sockets.delete(client)
      sockets.delete(upstream)
      client.destroy()
      upstream.destroy()
    }
    client.on('error', drop)
    upstream.on('error', drop)
    client.on('close', drop)
    upstream.on('close', drop)
    client.on('data', (d) => {
      if (!stalled) upstream.write(d)
    })
    upstream.on('data', (d) => {
      if (!stalled) client.write(d)
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const port = (server.address() as { port: number }).port
  return {
    port,
    get open() {
      return sockets.size / 2
    },
    async cut() {
      down = true
      for (const s of sockets) s.resetAndDestroy()
      sockets.clear()
    },
    stall() {
      stalled = true
    },
    restore() {
      down = false
      stalled = false
      for (const s of held) s.destroy()
      held.clear()
    },
    async close() {
      down = true
      for (const s of [...sockets, ...held]) s.destroy()
      await new Promise<void>((ok) => server.close(() => ok()))
    },
  }
}
