import type { FastifyInstance } from 'fastify'
import ipaddr from 'ipaddr.js'

/** Addresses a reverse proxy in front of the service has: this machine's, or the school's network's. */
const PROXY_RANGES = new Set(['loopback', 'private', 'uniqueLocal', 'linkLocal'])

const proxyLike = (address: string | undefined) =>
  address !== undefined && ipaddr.isValid(address) && PROXY_RANGES.has(ipaddr.process(address).range())

/**
 * With `TRUST_PROXY` off, the first request from this machine or a private address that carries
 * `X-Forwarded-For` is a `warn`, once per process: a reverse proxy (nginx, Caddy; production's https needs one)
 * is in front and its clients' addresses are ignored. Every per-address limit (failed logins, password links,
 * company sign-ups) then counts the whole world as the proxy's one address: the 11th stranger in an hour to ask
 * for a password link gets 429, and 60 wrong passwords lock every login. The address is not logged (the
 * header's value is a person's address; the proxy's says nothing new).
 */
export function registerProxyCheck(app: FastifyInstance, trustProxy: false | string[]) {
  if (trustProxy !== false) return
  let warned = false
  app.addHook('onRequest', (req, _reply, done) => {
    if (!warned && req.headers['x-forwarded-for'] !== undefined && proxyLike(req.socket.remoteAddress)) {
      warned = true
      req.log.warn(
        'requests come through a reverse proxy (X-Forwarded-For) but TRUST_PROXY is not set: every client is counted as the proxy by the per-address limits (failed logins, password links, sign-ups) and in the log. Set TRUST_PROXY=true for a proxy on this machine, or TRUST_PROXY=<its address> (docs/operations.md)',
      )
    }
    done()
  })
}
