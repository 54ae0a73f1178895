import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { PASSWORD_LINK_PURPOSES } from '../../db/schema/index.js'
import { ok } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import { clientOf, perAccount } from '../../http/rate-limit.js'
import { DateTime, Envelope, IdParams, Nullable, Ok, StringEnum } from '../../http/schemas.js'
import {
  changePassword,
  checkPasswordLink,
  forgotPasswordMessage,
  passwordLimiter,
  requestPasswordReset,
  resetPasswordWithLink,
  sendPasswordLink,
} from './password.service.js'
import { PASSWORD_MAX } from './password-policy.js'
import { MeOut } from './routes.js'

const tags = ['auth']
const Email = Type.String({ minLength: 1, maxLength: 254 })
const LinkToken = Type.String({
  minLength: 1,
  maxLength: 200,
  description: 'The `token` of the link (`/atur-kata-sandi?email=…&token=…`)',
})
const NewPassword = Type.String({
  minLength: 1,
  maxLength: PASSWORD_MAX,
  description: 'The password rule of src/modules/auth/password-policy.ts (422 on `password` saying why)',
})
const Confirmation = Type.String({ maxLength: PASSWORD_MAX, description: 'The same as `password`' })
const LinkBody = Type.Object({ email: Email, token: LinkToken }, { additionalProperties: false })

/**
 * Password recovery (public: forgot, check a link, set the password with it) and the logged-in
 * account's own change of password.
 */
export const passwordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limiter = passwordLimiter(app.config, app.rateLimits)
  const mail = { outbox: app.outbox, publicUrl: app.config.publicUrl }

  app.post(
    '/forgot-password',
    {
      // Nothing of an account changes here: the instance keeps its token lookups.
      config: { public: true, keepsSessions: true },
      schema: {
        tags,
        summary:
          'Forgot password: e-mails an active account a one-time link (60 minutes). The same answer whether or not the account exists; rate-limited per address (429)',
        body: Type.Object(
          { email: Type.String({ format: 'email', maxLength: 254 }) },
          { additionalProperties: false },
        ),
        response: { 200: Ok },
      },
    },
    async (req) => {
      await requestPasswordReset(app.db, mail, limiter, req.body.email, clientOf(req))
      return ok(null, forgotPasswordMessage(app.outbox.enabled))
    },
  )

  app.post(
    '/reset-password/check',
    {
      config: { public: true, keepsSessions: true },
      schema: {
        tags,
        summary:
          'Whether a password link still works, and what for (`reset` or `setup`); 422 when it is wrong, used or expired',
        body: LinkBody,
        response: {
          200: Envelope(
            Type.Object({
              purpose: StringEnum(PASSWORD_LINK_PURPOSES),
              email: Type.String(),
              expiresAt: DateTime,
            }),
          ),
        },
      },
    },
    async (req) => ok(await checkPasswordLink(app.db, limiter, req.body, clientOf(req))),
  )

  app.post(
    '/reset-password',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'Set the password with a one-time link (`reset` or `setup`): uses the link up and ends every session of the account. 422 for a wrong, used or expired link or a weak password',
        body: Type.Object(
          { email: Email, token: LinkToken, password: NewPassword, password_confirmation: Confirmation },
          { additionalProperties: false },
        ),
        response: {
          200: Envelope(Type.Object({ email: Type.String(), purpose: StringEnum(PASSWORD_LINK_PURPOSES) })),
        },
      },
    },
    async (req) => {
      const done = await resetPasswordWithLink(app.db, limiter, req.body, clientOf(req))
      return ok(
        done,
        msg(
          'Kata sandi disimpan. Silakan masuk dengan kata sandi baru.',
          'Password saved. Log in with the new password.',
        ),
      )
    },
  )

  app.post(
    '/change-password',
    {
      config: { whilePasswordChangeRequired: true },
      // The brake on guessing the current password with a stolen session, as at login.
      preHandler: perAccount(
        app,
        'change-password',
        app.config.login.maxPerEmail,
        app.config.login.windowSeconds,
      ),
      schema: {
        tags,
        summary:
          "Change the account's own password: needs the current one; ends the account's other sessions and clears `mustChangePassword`",
        body: Type.Object(
          {
            current_password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
            password: NewPassword,
            password_confirmation: Confirmation,
          },
          { additionalProperties: false },
        ),
        response: { 200: Envelope(MeOut) },
      },
    },
    async (req) =>
      ok(await changePassword(app.db, req.user, req.body), msg('Kata sandi diganti.', 'Password changed.')),
  )
}

/** Staff's "send a password reset link" on the user screens (under /api/admin/users). */
export const passwordLinkAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const mail = { outbox: app.outbox, publicUrl: app.config.publicUrl }
  app.post(
    '/:id/password-reset',
    {
      // Issuing a link changes no account or session.
      config: { roles: ['admin'], keepsSessions: true },
      schema: {
        tags: ['users'],
        summary:
          "Send the account a one-time password reset link (60 minutes): by e-mail when SMTP is set up, otherwise the answer's `link` is handed over in person. Admin: learners' and HR accounts; superadmin: any",
        params: IdParams,
        response: {
          200: Envelope(
            Type.Object({
              emailed: Type.Boolean({ description: 'Sent by e-mail; false: e-mail is not set up' }),
              email: Type.String(),
              link: Nullable(Type.String({ description: 'Only when `emailed` is false' })),
              expiresAt: DateTime,
              minutes: Type.Integer(),
            }),
          ),
        },
      },
    },
    async (req) => {
      const sent = await sendPasswordLink(app.db, mail, req.user, req.params.id)
      return ok(
        sent,
        sent.emailed
          ? msg(
              `Tautan atur ulang kata sandi dikirim ke ${sent.email}.`,
              `A password reset link was sent to ${sent.email}.`,
            )
          : msg(
              'E-mail belum dikonfigurasi, jadi tautan tidak dikirim: serahkan tautan ini langsung kepada pemilik akun.',
              'E-mail is not set up, so the link was not sent: hand it over to the account owner in person.',
            ),
      )
    },
  )
}
