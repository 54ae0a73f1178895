import { randomUUID } from 'node:crypto'
import multipart from '@fastify/multipart'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyServerOptions } from 'fastify'
import type { Config } from './config.js'
import type { Database, Db } from './db/client.js'
import { checkSchoolTimeZone } from './db/school-day.js'
import { registerAuth } from './http/auth.js'
import { type CompileReport, compileOnUse } from './http/compile-on-use.js'
import { frameworkErrors, registerErrorHandling } from './http/errors.js'
import { registerMessageLanguage } from './http/i18n.js'
import { registerJsonBody } from './http/json-body.js'
import { documentRoute, shareRefusals } from './http/openapi.js'
import { registerProxyCheck } from './http/proxy.js'
import type { RateLimitStore } from './http/rate-limit.js'
import { registerSaneInput } from './http/sane-input.js'
import { serviceFormats } from './http/schemas.js'
import { registerActingCompany } from './http/scope.js'
import { registerCors, registerSecurityHeaders } from './http/security.js'
import { inlineScriptHashes, webClient } from './http/web.js'
import { createMailer } from './jobs/mailer.js'
import { createOutbox, EMAIL_RETRY_SECONDS, type Outbox } from './jobs/outbox.js'
import { createJobs, type JobOptions, type Jobs } from './jobs/queue.js'
import { registerWorkers } from './jobs/workers.js'
import { serializeRequest } from './logger.js'
import { applicantReviewRoutes } from './modules/applicant-reviews/routes.js'
import { applicationRoutes } from './modules/applications/routes.js'
import { learnerApplicationRoutes } from './modules/applications/staff.routes.js'
import { attendanceRoutes } from './modules/attendance/routes.js'
import { passwordLinkAdminRoutes, passwordRoutes } from './modules/auth/password.routes.js'
import { tokenAccount, touchToken } from './modules/auth/queries.js'
import { authRoutes } from './modules/auth/routes.js'
import { calendarRoutes } from './modules/calendar/routes.js'
import { checkInCodeRoutes, checkInRoutes } from './modules/check-in/routes.js'
import { registrationAdminRoutes, registrationRoutes } from './modules/company-registrations/routes.js'
import { fileRoutes } from './modules/files/routes.js'
import { registerUploadSlots } from './modules/files/upload-slots.js'
import { importRoutes } from './modules/imports/routes.js'
import { masterDataRoutes } from './modules/master-data/routes.js'
import { messageTemplateRoutes } from './modules/messages/routes.js'
import { recruitmentSelectionRoutes } from './modules/monitoring/routes.js'
import { notificationRoutes } from './modules/notifications/routes.js'
import { personalDataRoutes } from './modules/personal-data/routes.js'
import { adminPlacementRoutes } from './modules/placements/admin.routes.js'
import { placementRoutes } from './modules/placements/routes.js'
import { portfolioRoutes } from './modules/portfolio/routes.js'
import { reminderRoutes } from './modules/reminders/routes.js'
import { dashboardRoutes, reportRoutes } from './modules/reports/routes.js'
import { type SharedResults, sharedResults } from './modules/reports/shared-results.js'
import { scheduleRoutes } from './modules/schedules/routes.js'
import { calendarSettings } from './modules/schedules/service.js'
import { selectionRoutes } from './modules/selection/routes.js'
import { systemRoutes } from './modules/system/routes.js'
import { tracerStudyRoutes } from './modules/tracer-study/routes.js'
import { staffTracerStudyRoutes } from './modules/tracer-study/staff.routes.js'
import { userRoutes } from './modules/users/routes.js'
import { hrdVacancyRoutes, staffVacancyRoutes, vacancyBrowseRoutes } from './modules/vacancies/routes.js'
import { vocabularyRoutes } from './modules/vocabulary/routes.js'
import { guarded, type Storage } from './storage/storage.js'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    db: Db
    database: Database
    storage: Storage
    jobs: Jobs
    /** E-mails written with the change they announce, sent by the worker (src/jobs/outbox.ts). */
    outbox: Outbox
    /** Where the rate limits count (RATE_LIMIT_STORE): every limit is made on it (http/rate-limit.ts). */
    rateLimits: RateLimitStore
    /** Report results shared by staff asking the same within REPORT_CACHE_SECONDS (reports module). */
    reportResults: SharedResults
    /** Every route as registered (method, path, who may call it): the authorization test reads it. */
    routeList: RouteEntry[]
    /** Compiles the request and answer schemas no request has used yet (http/compile-on-use.ts). */
    compileSchemas: () => Promise<CompileReport>
  }
}

export interface RouteEntry {
  method: string
  url: string
  roles: readonly string[] | null
  public: boolean
  hidden: boolean
}

export interface AppDeps {
  config: Config
  database: Database
  storage: Storage
  logger?: FastifyServerOptions['logger']
  /** The process's own pino logger (main.ts: asynchronous stdout); otherwise `logger` options or the config's level. */
  loggerInstance?: FastifyServerOptions['loggerInstance']
  /** Queue tuning (tests poll faster and retry sooner). */
  jobOptions?: JobOptions
}

/** Fastify's own logger (tests), with the process logger's request serializer: no query values logged. */
function loggerOptions(level: string, given: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (given === false) return false
  const options = typeof given === 'object' ? given : {}
  return { level, ...options, serializers: { req: serializeRequest, ...options.serializers } }
}

export async function buildApp({ config, database, storage, logger, loggerInstance, jobOptions }: AppDeps) {
  // The date rules in SQL read the zone the pool's connections carry; the texts read the configuration.
  if (database.schoolTimeZone !== config.schoolTimeZone)
    throw new Error(
      `The database's connections carry the time zone ${database.schoolTimeZone}, the configuration ${config.schoolTimeZone}: open the database with SCHOOL_TIME_ZONE`,
    )
  await checkSchoolTimeZone(database.db, config.schoolTimeZone)
  const schemas = compileOnUse()
  let securityHeaders: Record<string, string> = {}
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: loggerOptions(config.logLevel, logger) }),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    // Slow clients: a connection idle for a minute is closed; headers and the whole request must arrive
    // within their timeouts (408), checked every second rather than Node's default 30 s.
    connectionTimeout: 60_000,
    requestTimeout: config.timeouts.request,
    http: {
      headersTimeout: config.timeouts.headers,
      connectionsCheckingInterval: Math.min(1000, config.timeouts.headers / 2),
    },
    ajv: {
      customOptions: { allErrors: true, removeAdditional: true, coerceTypes: 'array', useDefaults: true },
      onCreate: serviceFormats,
    },
    // Each route's validators and serializers compiled on first use, the rest once the service listens.
    schemaController: { compilersFactory: schemas.compilersFactory },
    frameworkErrors: frameworkErrors(() => securityHeaders),
  }).withTypeProvider<TypeBoxTypeProvider>()
  app.decorate('compileSchemas', () => schemas.compileRest())
  const compiling = new AbortController()
  app.addHook('onListen', (done) => {
    const t0 = performance.now()
    void schemas.compileRest(compiling.signal).then(({ compiled, failed }) => {
      for (const { what, error } of failed)
        app.log.error({ err: error }, `schema of ${what} cannot be compiled`)
      app.log.debug({ compiled, ms: Math.round(performance.now() - t0) }, 'schemas compiled after start')
    })
    done()
  })

  const routeList: RouteEntry[] = []
  app.decorate('routeList', routeList)
  // Handlers still running, whether or not their client is still there: closing waits for them (up to
  // 10 s) so that the database is never closed under a request that is writing. The wrapper keeps each
  // handler's own contract: a promise comes back as the same promise's value, and a handler that answers
  // by itself (returns nothing, as @fastify/static's, which streams the file after returning) still
  // returns nothing synchronously: an async wrapper resolving `undefined` would make Fastify send an
  // empty answer before the file.
  let running = 0
  let drained: (() => void) | null = null
  const finished = () => {
    running--
    if (running === 0) drained?.()
  }
  app.addHook('onRoute', (route) => {
    const handler = route.handler
    route.handler = function (this: unknown, req, reply) {
      running++
      let result: unknown
      try {
        result = handler.call(this as never, req, reply)
      } catch (err) {
        finished()
        throw err
      }
      if (result instanceof Promise) return result.finally(finished)
      finished()
      return result
    } as typeof handler
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue
      routeList.push({
        method,
        url: route.url,
        roles: route.config?.roles ?? null,
        public: route.config?.public === true,
        hidden: (route.schema as { hide?: boolean } | undefined)?.hide === true,
      })
    }
  })
  app.decorate('config', config)
  app.decorate('database', database)
  app.decorate('db', database.db)
  app.decorate('storage', guarded(storage))
  // Background work: the queue's workers run in every instance, started when the app is ready and
  // stopped (in-flight jobs finished) before it closes.
  const mailer = createMailer(config.smtp)
  const jobs = createJobs(database, app.log, jobOptions)
  const outbox = createOutbox(mailer !== null, jobs, app.log, {
    holdSeconds: jobOptions?.emailChangeHoldSeconds,
  })
  const rateLimits: RateLimitStore =
    config.rateLimitStore === 'database' ? { kind: 'database', pool: database.pool } : { kind: 'memory' }
  app.decorate<RateLimitStore>('rateLimits', rateLimits)
  registerWorkers(jobs, {
    db: database.db,
    mailer,
    log: app.log,
    storage: app.storage,
    calendar: calendarSettings(config),
    rateLimits: rateLimits.kind,
    emailRetrySeconds: jobOptions?.emailRetrySeconds ?? EMAIL_RETRY_SECONDS,
  })
  app.decorate('jobs', jobs)
  app.decorate('outbox', outbox)
  app.addHook('onReady', () => jobs.start())
  app.addHook('onClose', async () => {
    compiling.abort()
    const t0 = performance.now()
    if (running > 0)
      await new Promise<void>((resolve) => {
        drained = resolve
        setTimeout(resolve, 10_000).unref()
      })
    const t1 = performance.now()
    await jobs.stop()
    mailer?.close()
    app.log.info(
      { requestsMs: Math.round(t1 - t0), queueMs: Math.round(performance.now() - t1), stillRunning: running },
      'shutdown: requests finished and job queue stopped',
    )
  })
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id)
  })
  const reportResults = sharedResults(config.reportCacheMs)
  app.decorate('reportResults', reportResults)
  // Any answered change starts a new generation of shared report results: staff see their own changes.
  app.addHook('onResponse', (req, _reply, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') reportResults.changed()
    done()
  })

  registerErrorHandling(app)
  // JSON or multipart only: Fastify's own text/plain parser made a text body a 422 ("must be an object")
  // where every other content type the API does not take is a 415.
  app.removeContentTypeParser('text/plain')
  registerJsonBody(app)
  registerMessageLanguage(app)
  registerSaneInput(app)
  registerProxyCheck(app, config.trustProxy)
  // Before the token check, so that its refusals carry the browser headers (and CORS headers) too.
  securityHeaders = await registerSecurityHeaders(app, { scriptHashes: inlineScriptHashes() })
  await registerCors(app, config.corsOrigins)
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'bursa API',
        version: '0.1.0',
        description:
          'Recruitment information service of a vocational school career center (BKK). Every answer is `{ success, message, data }`; lists add `meta`. Log in with `POST /api/login` and send `Authorization: Bearer <token>`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: documentRoute,
    transformObject: shareRefusals,
  })
  await app.register(swaggerUi, { routePrefix: '/docs' })
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  // The token hook (http/) with the auth module's token SQL, which http/ may not import itself.
  registerAuth(app, {
    lookup: (tokenId) => tokenAccount(database.db, tokenId),
    touch: (tokenId) => touchToken(database.db, tokenId),
  })
  // HR routes that staff may use for a company without HR: the company acted for (src/http/scope.ts).
  registerActingCompany(app, database.db)

  await app.register(systemRoutes)
  await app.register(authRoutes, { prefix: '/api' })
  await app.register(passwordRoutes, { prefix: '/api' })
  await app.register(userRoutes, { prefix: '/api/admin/users' })
  await app.register(passwordLinkAdminRoutes, { prefix: '/api/admin/users' })
  await app.register(masterDataRoutes, { prefix: '/api/admin' })
  await app.register(learnerApplicationRoutes, { prefix: '/api/admin' })
  await app.register(registrationRoutes, { prefix: '/api/company-registrations' })
  await app.register(registrationAdminRoutes, { prefix: '/api/admin/company-registrations' })
  await app.register(hrdVacancyRoutes, { prefix: '/api/hrd/job-vacancies' })
  await app.register(staffVacancyRoutes, { prefix: '/api/admin/job-vacancies' })
  await app.register(vacancyBrowseRoutes, { prefix: '/api/job-vacancies' })
  await app.register(applicationRoutes, { prefix: '/api/my-applications' })
  await app.register(calendarRoutes, { prefix: '/api/my-applications' })
  await app.register(applicantReviewRoutes, { prefix: '/api/hrd/applicant-reviews' })
  await app.register(notificationRoutes, { prefix: '/api/notifications' })
  await app.register(fileRoutes, { prefix: '/api/files' })
  await app.register(scheduleRoutes, { prefix: '/api/hrd/test-schedules' })
  await app.register(reminderRoutes, { prefix: '/api/hrd/test-schedules' })
  await app.register(checkInCodeRoutes, { prefix: '/api/hrd/test-schedules' })
  await app.register(checkInRoutes, { prefix: '/api/test-check-ins' })
  await app.register(placementRoutes, { prefix: '/api/hrd/job-placements' })
  await app.register(adminPlacementRoutes, { prefix: '/api/admin/job-placements' })
  await app.register(attendanceRoutes, { prefix: '/api/admin/attendances' })
  await app.register(recruitmentSelectionRoutes, { prefix: '/api/admin/recruitment-selections' })
  await app.register(reportRoutes, { prefix: '/api/admin/reports' })
  await app.register(dashboardRoutes, { prefix: '/api/admin/dashboard' })
  await app.register(messageTemplateRoutes, { prefix: '/api/admin/message-templates' })
  await app.register(tracerStudyRoutes, { prefix: '/api/alumni/tracer-study' })
  await app.register(staffTracerStudyRoutes, { prefix: '/api/admin/tracer-studies' })
  await app.register(personalDataRoutes, { prefix: '/api' })
  await app.register(vocabularyRoutes, { prefix: '/api/vocabulary' })
  // The routes that take uploads, in a context of their own: only they parse multipart bodies (at most one
  // file per request, streamed; the size limit is enforced while reading), and the multipart plugin's
  // per-request hooks stay off every other route (a multipart body sent elsewhere is a 415).
  await app.register(async (uploads) => {
    registerUploadSlots(uploads)
    await uploads.register(multipart, {
      limits: { fileSize: config.uploadLimit, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 },
    })
    await uploads.register(importRoutes, { prefix: '/api/admin/imports' })
    await uploads.register(portfolioRoutes, { prefix: '/api/siswa/portfolio', role: 'siswa' })
    await uploads.register(portfolioRoutes, { prefix: '/api/alumni/portfolio', role: 'alumni' })
    await uploads.register(selectionRoutes, { prefix: '/api/hrd/selection-results' })
  })
  // The web client (web/dist) at `/`, with the single-page fallback for every non-/api, non-/docs path.
  await app.register(webClient, {
    schoolTimeZone: config.schoolTimeZone,
    uploadLimit: config.uploadLimit,
    schoolName: config.schoolName,
  })

  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>
