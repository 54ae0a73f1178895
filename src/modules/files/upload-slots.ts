import type { ServerResponse } from 'node:http'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../../http/errors.js'
import { msg } from '../../http/i18n.js'

/**
 * An upload is read whole into memory (`readUpload`: at most UPLOAD_LIMIT_BYTES) before it is judged and stored,
 * so how many are read at once bounds the service's memory. One account may have two in flight, the instance
 * eight: 30 uploads of 9.5 MB sent together by one learner (or one HR account's decision letters) held 285 MB of
 * a service that runs in about 250 MB. The per-hour limits count requests as they start, so they did not stop it.
 */
export const UPLOADS_PER_ACCOUNT = 2
export const UPLOADS_AT_ONCE = 8

declare module 'fastify' {
  interface FastifyInstance {
    /** The uploads this instance is reading, per account (`takeUploadSlot`). */
    uploadSlots: UploadSlots
  }
}

class UploadSlots {
  private readonly perAccount = new Map<number, number>()
  private total = 0
  private readonly held = new WeakMap<FastifyRequest, number>()
  /** Each upload request's answer, whose `close` gives the slot back (`registerUploadSlots`). */
  readonly answers = new WeakMap<FastifyRequest, ServerResponse>()

  /**
   * One of the account's and the instance's slots for `req`, held until its answer's connection closes: after the
   * answer has gone, or when the client went away. A client already gone (while its token was checked) takes none.
   */
  take(req: FastifyRequest) {
    if (this.held.has(req)) return
    const answer = this.answers.get(req)
    if (!answer || answer.closed) return
    const account = req.user?.id ?? 0
    const mine = this.perAccount.get(account) ?? 0
    if (mine >= UPLOADS_PER_ACCOUNT)
      throw new AppError(
        429,
        msg(
          'Unggahan Anda yang lain masih berjalan. Tunggu sampai selesai, lalu coba lagi.',
          'Your other uploads are still in progress. Wait for them to finish, then try again.',
        ),
        undefined,
        { retryAfter: 5 },
      )
    if (this.total >= UPLOADS_AT_ONCE)
      throw new AppError(
        503,
        msg(
          'Server sedang menerima banyak unggahan. Coba lagi sebentar lagi.',
          'The server is receiving many uploads. Try again in a moment.',
        ),
        undefined,
        { retryAfter: 10 },
      )
    this.perAccount.set(account, mine + 1)
    this.total++
    this.held.set(req, account)
    answer.once('close', () => this.release(req))
  }

  release(req: FastifyRequest) {
    const account = this.held.get(req)
    if (account === undefined) return
    this.held.delete(req)
    this.total--
    const left = (this.perAccount.get(account) ?? 1) - 1
    if (left > 0) this.perAccount.set(account, left)
    else this.perAccount.delete(account)
  }
}

/**
 * The instance's upload slots (`app.uploadSlots`), given back when the answer's connection closes: after the
 * answer has gone, or when the client went away. `onResponse` and `onRequestAbort` missed a client that sent its
 * whole file and left before the answer (a closed tab, a proxy's timeout): its slot was never given back, two
 * such made the account's uploads 429 and eight every upload of the instance 503, until a restart. The slot's
 * listener is added when it is taken: one added earlier missed a client gone while its token was still checked
 * (the `close` had fired). Call it in the context of the upload routes only: its hook runs on their requests only.
 */
export function registerUploadSlots(uploads: FastifyInstance) {
  const slots = new UploadSlots()
  uploads.decorate('uploadSlots', slots)
  uploads.addHook('onRequest', (req, reply, done) => {
    slots.answers.set(req, reply.raw)
    done()
  })
}
