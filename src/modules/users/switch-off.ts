import type { Conn } from '../../db/client.js'
import { ACCOUNT_DEACTIVATED, giveUpEmailsTo } from '../../jobs/outbox.js'
import * as q from './queries.js'

/** What switching an account off did: whether it was on (the caller audits a `deactivate` then), sessions ended. */
export interface SwitchedOff {
  wasActive: boolean
  revoked: number
}

/**
 * Switches the account off, in the caller's transaction: the flag (only when it is on: an account already off keeps
 * its version), every session ended, the e-mails still owed to it given up (`ACCOUNT_DEACTIVATED`: a password link,
 * a test invitation, sent once the SMTP server is back to someone the school has just switched off). The sessions and
 * e-mails go even when the account was already off: a caller that has just written to it in this transaction (the
 * test cancellations of a learner who left school) needs them gone too. The one owner of "switch an account off":
 * user management's deactivation, a learner who left school (Keluar/Mutasi), `disable-demo`. Each caller keeps its
 * checks, its audit row (when `wasActive`) and its answer.
 */
export async function switchAccountOff(tx: Conn, userId: number): Promise<SwitchedOff> {
  const wasActive = await q.deactivate(tx, userId)
  const revoked = await q.revokeTokens(tx, userId)
  await giveUpEmailsTo(tx, userId, ACCOUNT_DEACTIVATED)
  return { wasActive, revoked }
}
