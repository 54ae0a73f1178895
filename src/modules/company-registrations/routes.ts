import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { REGISTRATION_STATUSES, ROLES } from '../../db/schema/index.js'
import { ok, PageQuery, paged, pageOf } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import { clientOf } from '../../http/rate-limit.js'
import { Envelope, IdParams, ListEnvelope, Meta, Nullable, StringEnum } from '../../http/schemas.js'
import { CompanyRef } from '../../http/shapes/company.js'
import { ConfirmBody, RegistrationBody, RejectBody } from './schemas.js'
import {
  approveRegistration,
  confirmRegistration,
  countRegistration,
  getRegistration,
  listRegistrations,
  registrationLimiter,
  rejectRegistration,
  submitRegistration,
} from './service.js'

const tags = ['company-registrations']

const Status = StringEnum(REGISTRATION_STATUSES)

const RegistrationItem = Type.Object({
  id: Type.Integer(),
  status: Status,
  name: Type.String(),
  industry: Nullable(Type.String()),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  address: Nullable(Type.String()),
  city: Nullable(Type.String()),
  province: Nullable(Type.String()),
  website: Nullable(Type.String()),
  description: Nullable(Type.String()),
  contact: Type.Object({ name: Type.String(), email: Type.String(), phone: Type.String() }),
  emailConfirmed: Type.Boolean({
    description: 'The contact confirmed the e-mail; false in the queue when it was sent while e-mail was off',
  }),
  confirmedAt: Nullable(Type.String({ format: 'date-time' })),
  createdAt: Type.String({ format: 'date-time' }),
  decidedAt: Nullable(Type.String({ format: 'date-time' })),
  decidedBy: Nullable(Type.Object({ id: Type.Integer(), fullName: Type.String() })),
  rejectReason: Nullable(Type.String()),
  company: Type.Union([CompanyRef, Type.Null()], { description: 'The company the approval created' }),
  account: Type.Union([Type.Object({ id: Type.Integer(), email: Type.String() }), Type.Null()], {
    description: 'The HR account the approval created',
  }),
  duplicates: Type.Object(
    {
      name: Type.Boolean({ description: 'Another partner company has the same name' }),
      email: Type.Boolean({
        description: "A partner company has one of the request's e-mails, or an account the contact e-mail",
      }),
    },
    { description: 'Worked out when read; approving while one is true is refused (409)' },
  ),
})

const RegistrationDetail = Type.Composite([
  RegistrationItem,
  Type.Object({
    matches: Type.Object({
      companies: Type.Array(
        Type.Object({
          id: Type.Integer(),
          name: Type.String(),
          email: Nullable(Type.String()),
          isActive: Type.Boolean(),
          sameName: Type.Boolean(),
          sameEmail: Type.Boolean(),
        }),
      ),
      account: Nullable(
        Type.Object({
          id: Type.Integer(),
          email: Type.String(),
          fullName: Type.String(),
          role: StringEnum(ROLES),
          company: Nullable(CompanyRef),
        }),
      ),
    }),
  }),
])

const Decision = Type.Composite([
  RegistrationDetail,
  Type.Object({
    emailQueued: Type.Boolean({ description: 'The contact is told by e-mail (false: e-mail is off)' }),
    setPasswordLink: Type.Union(
      [Type.Object({ url: Type.String(), expiresAt: Type.String({ format: 'date-time' }) }), Type.Null()],
      {
        description:
          'Approval with e-mail off: the link that sets the HR account’s first password, for staff to hand over',
      },
    ),
  }),
])

const ListMeta = Type.Object({
  ...Meta.properties,
  counts: Type.Object(
    { pending: Type.Integer(), approved: Type.Integer(), rejected: Type.Integer() },
    { description: 'Requests staff see, per status' },
  ),
})

/** The public side: the sign-up form and the confirmation link. */
export const registrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limiter = registrationLimiter(app.config, app.rateLimits)

  app.post(
    '/',
    {
      config: { public: true },
      preHandler: async (req) => countRegistration(limiter, clientOf(req)),
      schema: {
        tags,
        summary:
          'A company signs up as a partner (no token; REGISTRATION_MAX_PER_HOUR per address, then 429). With e-mail on, the contact confirms by a link before staff see it',
        body: RegistrationBody,
        response: {
          201: Envelope(
            Type.Object({
              status: Status,
              emailConfirmation: Type.Boolean({
                description:
                  'A confirmation link was sent to the contact (false: e-mail is off, queued at once)',
              }),
              contactEmail: Type.String(),
            }),
          ),
        },
      },
    },
    async (req, reply) => {
      const answer = await submitRegistration(app, req.body)
      return reply
        .code(201)
        .send(
          ok(
            answer,
            answer.emailConfirmation
              ? msg(
                  `Pendaftaran diterima. Buka tautan yang kami kirim ke ${answer.contactEmail} untuk mengonfirmasi e-mail.`,
                  `Registration received. Open the link we sent to ${answer.contactEmail} to confirm the e-mail.`,
                )
              : msg(
                  'Pendaftaran diterima dan diteruskan ke petugas BKK. Kami akan menghubungi Anda setelah diperiksa.',
                  'Registration received and passed on to the career center. We will contact you once it is reviewed.',
                ),
          ),
        )
    },
  )

  app.post(
    '/confirm',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Confirm the contact's e-mail with the link's token: the request joins the staff's queue",
        body: ConfirmBody,
        response: {
          200: Envelope(
            Type.Object({ status: Status, companyName: Type.String(), alreadyConfirmed: Type.Boolean() }),
          ),
        },
      },
    },
    async (req) => {
      const answer = await confirmRegistration(app.db, req.body.token)
      return ok(
        answer,
        answer.alreadyConfirmed
          ? msg('E-mail ini sudah dikonfirmasi sebelumnya.', 'This e-mail was already confirmed.')
          : msg(
              'E-mail dikonfirmasi. Pendaftaran diteruskan ke petugas BKK.',
              'E-mail confirmed. The registration is passed on to the career center.',
            ),
      )
    },
  )
}

const config = { roles: ['admin'] } as const

/** The career center's queue of sign-ups. */
export const registrationAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary:
          'Company registrations (search: company, contact name or e-mail); those still awaiting e-mail confirmation are never listed',
        querystring: Type.Object({
          ...PageQuery,
          status: Type.Optional(StringEnum(['pending', 'approved', 'rejected'] as const)),
        }),
        response: { 200: ListEnvelope(RegistrationItem, ListMeta) },
      },
    },
    async (req) => {
      const page = pageOf(req.query)
      const { rows, total, counts } = await listRegistrations(
        app.db,
        { status: req.query.status, search: req.query.search },
        page,
      )
      return paged(rows, total, page, { counts })
    },
  )

  app.get(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One registration with the companies and the account it would duplicate',
        params: IdParams,
        response: { 200: Envelope(RegistrationDetail) },
      },
    },
    async (req) => ok(await getRegistration(app.db, req.params.id)),
  )

  app.post(
    '/:id/approve',
    {
      config,
      schema: {
        tags,
        summary:
          'Approve: creates the company (its vacancies need approval) and the HR account, and sends a set-password link; 409 when it would duplicate a company or an account',
        params: IdParams,
        response: { 200: Envelope(Decision) },
      },
    },
    async (req) => {
      const answer = await approveRegistration(app, req.user, req.params.id)
      return ok(
        answer,
        answer.emailQueued
          ? msg(
              'Pendaftaran disetujui. Tautan untuk membuat kata sandi dikirim ke e-mail narahubung.',
              "Registration approved. A link to set the password was sent to the contact's e-mail.",
            )
          : msg(
              'Pendaftaran disetujui. E-mail tidak aktif: berikan tautan pembuatan kata sandi kepada narahubung.',
              'Registration approved. E-mail is off: hand the set-password link to the contact.',
            ),
      )
    },
  )

  app.post(
    '/:id/reject',
    {
      config,
      schema: {
        tags,
        summary: 'Reject with a reason, e-mailed to the contact',
        params: IdParams,
        body: RejectBody,
        response: { 200: Envelope(Decision) },
      },
    },
    async (req) => {
      const answer = await rejectRegistration(app, req.user, req.params.id, req.body)
      return ok(
        answer,
        answer.emailQueued
          ? msg(
              'Pendaftaran ditolak. Alasannya dikirim ke e-mail narahubung.',
              'Registration rejected. The reason was e-mailed to the contact.',
            )
          : msg(
              'Pendaftaran ditolak. E-mail tidak aktif: sampaikan alasannya kepada narahubung.',
              'Registration rejected. E-mail is off: tell the contact the reason.',
            ),
      )
    },
  )
}
