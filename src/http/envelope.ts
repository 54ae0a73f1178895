import { Type } from '@sinclair/typebox'
import { type Msg, msg } from './i18n.js'
import { squeezed } from './schemas.js'

export interface Page {
  page: number
  perPage: number
  limit: number
  offset: number
}

export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 15 })),
  search: Type.Optional(Type.String({ maxLength: 100 })),
}

export function pageOf(q: { page?: number; per_page?: number }): Page {
  const page = q.page ?? 1
  const perPage = q.per_page ?? 15
  return { page, perPage, limit: perPage, offset: (page - 1) * perPage }
}

/**
 * A page's total: its rows carry it (`count(*) over ()`); a page past the last one has no row to carry
 * it, so `count` runs then, and only then.
 */
export async function totalOf(
  rows: readonly { total: number }[],
  page: Page,
  count: () => PromiseLike<{ n: number }[]>,
): Promise<number> {
  if (rows.length > 0 || page.offset === 0) return rows[0]?.total ?? 0
  return (await count())[0]?.n ?? 0
}

const DONE = msg('Berhasil.', 'Done.')

/**
 * A success. `message` may be a `msg('id', 'en')`: it leaves in the caller's language, put there just
 * before serializing (`registerMessageLanguage`, src/http/i18n.ts); typed `string` because that is what
 * the client receives.
 */
export function ok<T>(data: T, message: Msg = DONE) {
  return { success: true as const, message: message as string, data }
}

export function paged<T, M extends object = {}>(rows: T[], total: number, page: Page, extraMeta?: M) {
  return {
    success: true as const,
    message: DONE as string,
    data: rows,
    meta: {
      page: page.page,
      perPage: page.perPage,
      total,
      totalPages: Math.ceil(total / page.perPage),
      ...(extraMeta ?? ({} as M)),
    },
  }
}

/**
 * Escapes a user's search text for ILIKE '%…%', its blanks squeezed as names are when stored (a name pasted
 * from a roster sheet with two spaces finds the learner stored with one).
 */
export function likePattern(search: string): string {
  return `%${squeezed(search).replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
