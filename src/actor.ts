import type { Role } from './db/schema/index.js'

/**
 * The authenticated caller, as every service receives it. Made by the token check (src/http/auth.ts);
 * a domain type of its own so that db/ (the audit row) and http/ can both name it without importing
 * each other.
 */
export interface Actor {
  id: number
  email: string
  fullName: string
  role: Role
  /** For `hrd`: the company every query is scoped to. */
  companyId: number | null
  /** For `siswa` and `alumni`: their learner record. */
  studentId: number | null
  tokenId: number
}
