import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ROLES } from '../../db/schema/index.js'
import { ok, paged } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import {
  DateTime,
  Envelope,
  IdParams,
  ListEnvelope,
  Nullable,
  noBodyIsEmpty,
  Ok,
  StringEnum,
  ToggleBody,
} from '../../http/schemas.js'
import { IfMatchHeaders, versionsOf } from '../../http/versions.js'
import { CreateUserBody, ResetPasswordBody, UpdateUserBody, UserListQuery } from './schemas.js'
import {
  createUser,
  deleteUser,
  getUser,
  listUsers,
  resetPassword,
  toggleUserActive,
  updateUser,
} from './service.js'

const UserOut = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  fullName: Type.String(),
  role: StringEnum(ROLES),
  isActive: Type.Boolean(),
  companyId: Nullable(Type.Integer()),
  companyName: Nullable(Type.String()),
  companyCity: Nullable(
    Type.String({ description: "The HR account's company's city: tells apart two branches of one name" }),
  ),
  companyIsActive: Nullable(
    Type.Boolean({ description: "Whether the HR account's company is switched on (its HR routes work)" }),
  ),
  studentId: Nullable(Type.Integer({ description: 'The linked student or alumni record' })),
  lastLoginAt: Nullable(DateTime),
  createdAt: DateTime,
  updatedAt: DateTime,
})

const config = { roles: ['superadmin'] } as const
const tags = ['users']

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'List accounts, newest first (search by name or e-mail)',
        querystring: UserListQuery,
        response: { 200: ListEnvelope(UserOut) },
      },
    },
    async (req) => {
      const { rows, total, page } = await listUsers(app.db, req.query)
      return paged(rows, total, page)
    },
  )

  app.get(
    '/:id',
    {
      config,
      schema: { tags, summary: 'One account', params: IdParams, response: { 200: Envelope(UserOut) } },
    },
    async (req) => ok(await getUser(app.db, req.params.id)),
  )

  app.post(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Create an account (duplicate e-mail: 409)',
        body: CreateUserBody,
        response: { 201: Envelope(UserOut) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(ok(await createUser(app.db, req.user, req.body), msg('Akun dibuat.', 'Account created.'))),
  )

  app.put(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Update e-mail, name, role or company of an account',
        params: IdParams,
        headers: IfMatchHeaders,
        body: UpdateUserBody,
        response: { 200: Envelope(UserOut) },
      },
    },
    async (req) =>
      ok(
        await updateUser(app.db, req.user, req.params.id, req.body, versionsOf(req)),
        msg('Akun diperbarui.', 'Account updated.'),
      ),
  )

  app.patch(
    '/:id/toggle-active',
    {
      config,
      preValidation: noBodyIsEmpty,
      schema: {
        tags,
        summary: 'Activate or deactivate an account (deactivating ends its sessions at once)',
        params: IdParams,
        body: ToggleBody,
        response: { 200: Envelope(UserOut) },
      },
    },
    async (req) => {
      const user = await toggleUserActive(app.db, req.user, req.params.id, req.body)
      return ok(
        user,
        user.isActive
          ? msg('Akun diaktifkan.', 'Account activated.')
          : msg('Akun dinonaktifkan.', 'Account deactivated.'),
      )
    },
  )

  app.post(
    '/:id/reset-password',
    {
      config,
      // No body at all means "generate one", like `{}`.
      preValidation: noBodyIsEmpty,
      schema: {
        tags,
        summary: 'Set a new password, or generate one (answered once); ends the sessions of the account',
        params: IdParams,
        body: ResetPasswordBody,
        response: {
          200: Envelope(Type.Object({ user: UserOut, temporaryPassword: Nullable(Type.String()) })),
        },
      },
    },
    async (req) =>
      ok(
        await resetPassword(app.db, req.user, req.params.id, req.body),
        msg('Kata sandi diatur ulang.', 'Password reset.'),
      ),
  )

  app.delete(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete an account (a linked student/alumni record is kept)',
        params: IdParams,
        response: { 200: Ok },
      },
    },
    async (req) => {
      await deleteUser(app.db, req.user, req.params.id)
      return ok(null, msg('Akun dihapus.', 'Account deleted.'))
    },
  )
}
