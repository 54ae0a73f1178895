import AjvCompiler from '@fastify/ajv-compiler'
import SerializerSelector from '@fastify/fast-json-stringify-compiler'
import type { FastifyServerOptions } from 'fastify'

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>
/** What Fastify passes a compiler for each part of a route (the packages' types describe Ajv's own `compile`). */
type RouteSchema = {
  schema: unknown
  method: string
  url: string
  httpPart?: string
  httpStatus?: string
  contentType?: string
}
type Validate = ((data: unknown, context?: unknown) => boolean) & { errors?: unknown }
type Serialize = (data: unknown) => string
type Factory<F> = (externalSchemas: unknown, options: unknown) => (route: RouteSchema) => F

/**
 * The request options with AJV's type coercion off. Coercion reads text as the schema's type: a query's
 * `page=2`, a form's `score=80`. JSON has types of its own, and coercing them turned a `null` sent for a
 * field that cannot be cleared into `false`, `0` or `""` before any check: `is_active: null` switched a
 * company off. A JSON body is validated by an instance without it, so such a `null` is a 422 naming the field.
 */
function withoutCoercion(options: unknown): unknown {
  const o = options as { customOptions?: Record<string, unknown> }
  return { ...o, customOptions: { ...o.customOptions, coerceTypes: false } }
}

/** Whether every property a (header) schema names is in lower case. */
function namesInLowerCase(schema: unknown) {
  const properties = (schema as { properties?: Record<string, unknown> }).properties ?? {}
  return Object.keys(properties).every((name) => name === name.toLowerCase())
}

/** What `compileRest` did: how many it compiled, and each one that failed (route, part, error). */
export interface CompileReport {
  compiled: number
  failed: { what: string; error: Error }[]
}

/**
 * Fastify's own compilers (Ajv for requests, fast-json-stringify for answers, with the same options), each
 * route's validators and serializers compiled on their first use instead of while the service starts.
 *
 * Compiling them all at start was half of start-up's CPU: 1.4–1.6 s of the 2.9–3.3 s to `/ready` on existing
 * data (docs/performance.md, "Schemas compiled on first use"). `compileRest` compiles what no request has
 * needed yet, one at a time between requests; app.ts runs it once the service listens, so a schema Fastify
 * cannot compile is logged within seconds of start, and test/http/compile-on-use.test.ts compiles every
 * route's schemas. Until then, a request to a route whose schema cannot compile gets a 500.
 *
 * A header schema must name its headers in lower case (`if-match`), as Node gives them: Fastify lowercases
 * the names only for its default compiler. One that does not is refused when the route is added.
 */
export function compileOnUse() {
  const pending = new Set<{ what: string; compile: () => void }>()

  function onUse<F>(what: string, compile: () => F): { get: () => F } {
    let compiled: F | undefined
    const entry = {
      what,
      compile: () => {
        compiled ??= compile()
        pending.delete(entry)
      },
    }
    pending.add(entry)
    return {
      get: () => {
        if (compiled === undefined) entry.compile()
        return compiled as F
      },
    }
  }

  const validators = AjvCompiler() as unknown as Factory<Validate>
  const serializers = SerializerSelector() as unknown as Factory<Serialize>
  const buildValidator: Factory<Validate> = (externalSchemas, options) => {
    const compile = validators(externalSchemas, options)
    const compileExact = validators(externalSchemas, withoutCoercion(options))
    return (route) => {
      if (route.httpPart === 'headers' && !namesInLowerCase(route.schema))
        throw new Error(
          `${route.method} ${route.url}: a header schema's names must be in lower case (src/http/compile-on-use.ts)`,
        )
      const what = `${route.method} ${route.url} ${route.httpPart}`
      // A body is checked as sent; only text (a query, a path) is coerced. The one route that takes a
      // multipart form for its body reads the form's text as JSON's types first (src/http/form-body.ts).
      const validator = onUse(what, () => (route.httpPart === 'body' ? compileExact : compile)(route))
      // Fastify hands Ajv the request as the parent of the value (so that a coerced root value can be
      // replaced) only to a function that carries `schemaEnv`, as Ajv's do; it reads `errors` after a `false`.
      const validate: Validate = (data, context) => {
        const inner = validator.get()
        const valid = inner(data, context)
        validate.errors = inner.errors
        return valid
      }
      return Object.assign(validate, { schemaEnv: true })
    }
  }
  const buildSerializer: Factory<Serialize> = (externalSchemas, options) => {
    const compile = serializers(externalSchemas, options)
    return (route) => {
      const type = route.contentType ? ` ${route.contentType}` : ''
      const serializer = onUse(`${route.method} ${route.url} ${route.httpStatus}${type}`, () =>
        compile(route),
      )
      return (data) => serializer.get()(data)
    }
  }
  const compilersFactory = { buildValidator, buildSerializer } as unknown as CompilersFactory

  /** Compiles every validator and serializer not used yet, one each turn of the event loop, until `signal` aborts. */
  async function compileRest(signal?: AbortSignal): Promise<CompileReport> {
    const report: CompileReport = { compiled: 0, failed: [] }
    for (const entry of [...pending]) {
      await new Promise((next) => setImmediate(next))
      if (signal?.aborted) break
      if (!pending.has(entry)) continue
      try {
        entry.compile()
        report.compiled++
      } catch (error) {
        pending.delete(entry)
        report.failed.push({ what: entry.what, error: error as Error })
      }
    }
    return report
  }

  return { compilersFactory, compileRest }
}
