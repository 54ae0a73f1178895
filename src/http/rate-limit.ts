import type { FastifyRequest } from 'fastify'
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { AppError } from './errors.js'
import { msg } from './i18n.js'

/**
 * A per-account limit for one kind of request (applying, uploading), counted per instance as the
 * login limits are. Use as the route's `preHandler`: over the limit the route answers 429 in the
 * envelope with `Retry-After`.
 */
export function perAccount(name: string, points: number, windowSeconds: number) {
  const limiter = new RateLimiterMemory({ keyPrefix: name, points, duration: windowSeconds })
  return async (req: FastifyRequest) => {
    try {
      await limiter.consume(String(req.user.id))
    } catch (res) {
      if (!(res instanceof RateLimiterRes)) throw res
      const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000))
      throw new AppError(
        429,
        msg(
          `Terlalu banyak permintaan. Coba lagi dalam ${seconds} detik.`,
          `Too many requests. Try again in ${seconds} seconds.`,
        ),
        undefined,
        { retryAfter: seconds },
      )
    }
  }
}
