import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ROLES } from '../../db/schema/index.js'
import { ok, paged } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import {
  Envelope,
  Id,
  IdParams,
  ListEnvelope,
  Nullable,
  noBodyIsEmpty,
  Ok,
  Option,
  StringEnum,
  ToggleBody,
} from '../../http/schemas.js'
import { IfMatchHeaders, versionsOf } from '../../http/versions.js'
import { mailingOf } from '../schedules/service.js'
import {
  CompanyListQuery,
  CompanyOptionsQuery,
  CreateCompanyBody,
  HrAccountBody,
  UpdateCompanyBody,
} from './companies.schemas.js'
import {
  companyOptions,
  createCompany,
  deleteCompany,
  getCompany,
  linkHrAccount,
  listCompanies,
  toggleCompanyActive,
  unlinkHrAccount,
  updateCompany,
} from './companies.service.js'

const CompanyItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  industry: Nullable(Type.String()),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  address: Nullable(Type.String()),
  city: Nullable(Type.String()),
  province: Nullable(Type.String()),
  website: Nullable(Type.String()),
  description: Nullable(Type.String()),
  isActive: Type.Boolean(),
  vacanciesNeedApproval: Type.Boolean({
    description: "The company's new vacancies wait for the career center's approval before they are shown",
  }),
  hrdCount: Type.Integer({ description: 'HR accounts linked to the company, switched off ones included' }),
  activeHrdCount: Type.Integer({
    description: 'Those of the linked HR accounts that are active (may sign in)',
  }),
  vacancyCount: Type.Integer({ description: 'Vacancies of the company, not counting deleted ones' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})

const HrAccount = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  fullName: Type.String(),
  isActive: Type.Boolean(),
})

const CompanyDetail = Type.Composite([CompanyItem, Type.Object({ hrAccounts: Type.Array(HrAccount) })])

const LinkedAccount = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  fullName: Type.String(),
  role: StringEnum(ROLES),
  isActive: Type.Boolean(),
  companyId: Nullable(Type.Integer()),
})

const config = { roles: ['admin'] } as const
const tags = ['companies']

export const companyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'List partner companies (search: name, industry, city)',
        querystring: CompanyListQuery,
        response: { 200: ListEnvelope(CompanyItem) },
      },
    },
    async (req) => {
      const { rows, total, page } = await listCompanies(app.db, req.query)
      return paged(rows, total, page)
    },
  )

  app.get(
    '/options',
    {
      config,
      schema: {
        tags,
        summary: 'Companies for a dropdown (active ones unless include_inactive=true), optionally by name',
        querystring: CompanyOptionsQuery,
        response: { 200: Envelope(Type.Array(Option)) },
      },
    },
    async (req) => ok(await companyOptions(app.db, req.query)),
  )

  app.get(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One company with its linked HR accounts',
        params: IdParams,
        response: { 200: Envelope(CompanyDetail) },
      },
    },
    async (req) => ok(await getCompany(app.db, req.params.id)),
  )

  app.post(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Create a partner company',
        body: CreateCompanyBody,
        response: { 201: Envelope(CompanyDetail) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          ok(await createCompany(app.db, req.user, req.body), msg('Perusahaan dibuat.', 'Company created.')),
        ),
  )

  app.put(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Update a partner company',
        params: IdParams,
        headers: IfMatchHeaders,
        body: UpdateCompanyBody,
        response: { 200: Envelope(CompanyDetail) },
      },
    },
    async (req) =>
      ok(
        await updateCompany(app.db, req.user, req.params.id, req.body, mailingOf(app), versionsOf(req)),
        msg('Perusahaan diperbarui.', 'Company updated.'),
      ),
  )

  app.patch(
    '/:id/toggle-active',
    {
      config,
      preValidation: noBodyIsEmpty,
      schema: {
        tags,
        summary: "Activate or deactivate a company (an inactive company's HR accounts get 403 on HR routes)",
        description:
          'Deactivating cancels the tests of its selections that have not begun; each participant is told (the same as deactivating through the update).',
        params: IdParams,
        body: ToggleBody,
        response: { 200: Envelope(CompanyDetail) },
      },
    },
    async (req) => {
      const company = await toggleCompanyActive(
        app.db,
        req.user,
        req.params.id,
        req.body ?? {},
        mailingOf(app),
      )
      return ok(
        company,
        company.isActive
          ? msg('Perusahaan diaktifkan.', 'Company activated.')
          : msg('Perusahaan dinonaktifkan.', 'Company deactivated.'),
      )
    },
  )

  app.delete(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a company without vacancies, HR accounts or placements (otherwise 409)',
        params: IdParams,
        response: { 200: Ok },
      },
    },
    async (req) => {
      await deleteCompany(app.db, req.user, req.params.id)
      return ok(null, msg('Perusahaan dihapus.', 'Company deleted.'))
    },
  )

  app.post(
    '/:id/hr-accounts',
    {
      config,
      schema: {
        tags,
        summary: 'Link an existing HR account to the company, or create a new one for it',
        params: IdParams,
        body: HrAccountBody,
        response: { 201: Envelope(LinkedAccount) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await linkHrAccount(app.db, req.user, req.params.id, req.body),
            msg('Akun HRD terhubung.', 'HR account linked.'),
          ),
        ),
  )

  app.delete(
    '/:id/hr-accounts/:userId',
    {
      config,
      schema: {
        tags,
        summary: 'Unlink an HR account from the company (the account stays, without a company)',
        params: Type.Object({ id: Id, userId: Id }),
        response: { 200: Envelope(LinkedAccount) },
      },
    },
    async (req) =>
      ok(
        await unlinkHrAccount(app.db, req.user, req.params.id, req.params.userId),
        msg('Akun HRD dilepas dari perusahaan.', 'HR account unlinked from the company.'),
      ),
  )
}
