import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ROLES } from '../../db/schema/index.js'
import { ok, PageQuery, paged, pageOf } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import {
  DateTime,
  Envelope,
  Id,
  IdParams,
  ListEnvelope,
  Nullable,
  Ok,
  StringEnum,
} from '../../http/schemas.js'
import {
  createUser,
  deleteUser,
  EMAIL_MAX,
  getUser,
  listUsers,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
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
  studentId: Nullable(Type.Integer({ description: 'The linked student or alumni record' })),
  lastLoginAt: Nullable(DateTime),
  createdAt: DateTime,
  updatedAt: DateTime,
})

const Email = Type.String({
  format: 'email',
  maxLength: EMAIL_MAX,
  description: 'Unique, case-insensitively',
})
const FullName = Type.String({ minLength: 1, maxLength: NAME_MAX })
const Password = Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX })
/** An id that `null` clears, as OpenAPI's `nullable` (one error message instead of one per anyOf branch). */
const NullableId = (description: string) => Type.Unsafe<number | null>({ ...Id, nullable: true, description })

const CreateBody = Type.Object(
  {
    email: Email,
    full_name: FullName,
    password: Password,
    role: StringEnum(ROLES),
    company_id: Type.Optional(
      NullableId('Required for `hrd` (links the account to the company); refused otherwise'),
    ),
    student_id: Type.Optional(
      NullableId('For `siswa`/`alumni`: an existing learner record without an account, to link'),
    ),
  },
  { additionalProperties: false },
)

const UpdateBody = Type.Object(
  {
    email: Type.Optional(Email),
    full_name: Type.Optional(FullName),
    role: Type.Optional(StringEnum(ROLES)),
    company_id: Type.Optional(NullableId('For `hrd` only; leaving `hrd` clears it')),
  },
  { additionalProperties: false, description: 'Only the fields sent change.' },
)

const ResetBody = Type.Object(
  {
    password: Type.Optional(
      Type.String({ ...Password, description: 'Omit to have a random 12-character password generated' }),
    ),
  },
  { additionalProperties: false },
)

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
        querystring: Type.Object({
          ...PageQuery,
          role: Type.Optional(StringEnum(ROLES)),
          is_active: Type.Optional(Type.Boolean()),
          company_id: Type.Optional(Id),
        }),
        response: { 200: ListEnvelope(UserOut) },
      },
    },
    async (req) => {
      const page = pageOf(req.query)
      const { search, role, is_active: isActive, company_id: companyId } = req.query
      const { rows, total } = await listUsers(app.db, { search, role, isActive, companyId }, page)
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
        body: CreateBody,
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
        body: UpdateBody,
        response: { 200: Envelope(UserOut) },
      },
    },
    async (req) =>
      ok(
        await updateUser(app.db, req.user, req.params.id, req.body),
        msg('Akun diperbarui.', 'Account updated.'),
      ),
  )

  app.patch(
    '/:id/toggle-active',
    {
      config,
      schema: {
        tags,
        summary: 'Activate or deactivate an account (deactivating ends its sessions at once)',
        params: IdParams,
        response: { 200: Envelope(UserOut) },
      },
    },
    async (req) => {
      const user = await toggleUserActive(app.db, req.user, req.params.id)
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
      preValidation: async (req) => {
        req.body ??= {}
      },
      schema: {
        tags,
        summary: 'Set a new password, or generate one (answered once); ends the sessions of the account',
        params: IdParams,
        body: ResetBody,
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
