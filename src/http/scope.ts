import type { Actor } from '../actor.js'
import { forbidden } from './errors.js'

/**
 * The HR caller's company: every HR query is scoped to it. The role hook already refuses an HR account
 * without an active company (src/http/auth.ts); a caller without one reaching a service is a 403 here.
 */
export const companyOf = (actor: Actor): number => actor.companyId ?? forbidden()
