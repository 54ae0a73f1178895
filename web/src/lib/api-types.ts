import type { paths } from '../api/schema'

/** The `data` of a GET route's 200 answer. */
export type DataOf<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': { data: infer D } } } } }
}
  ? D
  : never

/** One row of a GET list route's `data`. */
export type ListRow<P extends keyof paths> = DataOf<P> extends (infer R)[] ? R : never

/** The JSON body a route takes with `method`. */
export type BodyOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } }
}
  ? B
  : never
