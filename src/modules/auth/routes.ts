import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ROLES } from '../../db/schema/index.js'
import { ok } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import { clientOf } from '../../http/rate-limit.js'
import { Envelope, Nullable, Ok, StringEnum } from '../../http/schemas.js'
import { CompanyRef } from '../../http/shapes/company.js'
import { login, loginLimiter, logout, me } from './service.js'

const MustChangePassword = Type.Boolean({
  description:
    'The account must change its password (`POST /api/change-password`) before any route but `GET /api/me` and `POST /api/logout`',
})

const UserOut = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  fullName: Type.String(),
  role: StringEnum(ROLES),
  companyId: Nullable(Type.Integer()),
  mustChangePassword: MustChangePassword,
})

/** The account as `/api/me` answers it (also the answer of `POST /api/change-password`). */
export const MeOut = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  fullName: Type.String(),
  role: StringEnum(ROLES),
  isActive: Type.Boolean(),
  mustChangePassword: MustChangePassword,
  lastLoginAt: Nullable(Type.String({ format: 'date-time' })),
  company: Nullable(
    Type.Object({
      ...CompanyRef.properties,
      isActive: Type.Boolean({
        description:
          'False while the company is switched off: its HR may use no HR route (403 `company_unavailable`)',
      }),
    }),
  ),
  student: Nullable(
    Type.Object({
      id: Type.Integer(),
      nis: Type.String(),
      majorId: Type.Integer(),
      majorName: Type.String(),
      graduationYear: Nullable(Type.Integer()),
    }),
  ),
})

const LoginOut = Type.Object({ token: Type.String(), user: UserOut })

/**
 * The envelope, plus what clients written for the reference front-end read: the token as `access_token`
 * and the account as `user`, at the top level (the same values as `data`).
 */
const LoginAnswer = Type.Object({
  ...Envelope(LoginOut).properties,
  access_token: Type.String({ description: 'The same token as `data.token`' }),
  user: Type.Object(UserOut.properties, { description: 'The same account as `data.user`' }),
})
const MeAnswer = Type.Object({
  ...Envelope(MeOut).properties,
  user: Type.Object(MeOut.properties, { description: 'The same account as `data`' }),
})

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limiter = loginLimiter(app.config, app.rateLimits)

  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Log in with e-mail and password; returns a personal access token',
        body: Type.Object({
          email: Type.String({ minLength: 1, maxLength: 254 }),
          password: Type.String({ minLength: 1, maxLength: 200 }),
        }),
        response: { 200: LoginAnswer },
      },
    },
    async (req) => {
      const answer = await login(app.db, app.config, limiter, req.body, clientOf(req))
      return {
        ...ok(answer, msg('Berhasil masuk.', 'Logged in.')),
        access_token: answer.token,
        user: answer.user,
      }
    },
  )

  app.get(
    '/me',
    {
      config: { whilePasswordChangeRequired: true },
      schema: { tags: ['auth'], summary: 'The logged-in account', response: { 200: MeAnswer } },
    },
    async (req) => {
      const account = await me(app.db, req.user)
      return { ...ok(account), user: account }
    },
  )

  app.post(
    '/logout',
    {
      config: { whilePasswordChangeRequired: true },
      schema: { tags: ['auth'], summary: 'Revoke the token in use', response: { 200: Ok } },
    },
    async (req) => {
      await logout(app.db, req.user)
      return ok(null, msg('Berhasil keluar.', 'Logged out.'))
    },
  )
}
