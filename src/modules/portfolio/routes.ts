import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ok } from '../../http/envelope.js'
import { langOf, msg } from '../../http/i18n.js'
import { perAccount } from '../../http/rate-limit.js'
import { Envelope, IdParams, Ok, Option, StringEnum } from '../../http/schemas.js'
import { FileOut } from '../../http/shapes/file.js'
import { IfMatchHeaders, versionsOf } from '../../http/versions.js'
import { readUpload } from '../files/upload.js'
import { PORTFOLIO_CATEGORIES, portfolioOptions } from './options.js'
import { BiodataOut, ProfileBody } from './schemas.js'
import {
  COMPLETENESS_ITEMS,
  deletePortfolioFile,
  getProfile,
  MAX_TITLE,
  updateProfile,
  uploadPortfolioFile,
} from './service.js'

const ProfileOut = Type.Object({
  ...BiodataOut,
  files: Type.Array(FileOut),
  completeness: Type.Object({
    complete: Type.Boolean(),
    missing: Type.Array(StringEnum(COMPLETENESS_ITEMS)),
  }),
  updatedAt: Type.String({ format: 'date-time' }),
})

const OptionsOut = Type.Object({
  categories: Type.Array(Option),
  skills: Type.Array(Type.String()),
  statuses: Type.Array(Option),
  genders: Type.Array(Option),
  religions: Type.Array(Option),
  educationLevels: Type.Array(Option),
})

/** The multipart form, for the OpenAPI document; the handler reads and checks the stream itself. */
const UploadForm = Type.Object({
  file: Type.String({ format: 'binary', description: 'PDF, JPEG, PNG or WebP; at most 10 MB' }),
  category: StringEnum(PORTFOLIO_CATEGORIES),
  title: Type.String({ minLength: 1, maxLength: MAX_TITLE }),
})

/** Registered twice: under /api/siswa/portfolio for `siswa` and /api/alumni/portfolio for `alumni`. */
export const portfolioRoutes: FastifyPluginAsyncTypebox<{ role: 'siswa' | 'alumni' }> = async (app, opts) => {
  const config = { roles: [opts.role] }
  const tags = [`portfolio (${opts.role})`]

  app.get(
    '/profile',
    {
      config,
      schema: {
        tags,
        summary: 'My profile: academic record, biodata, contact, portfolio files and completeness',
        response: { 200: Envelope(ProfileOut) },
      },
    },
    async (req) => ok(await getProfile(app.db, req.user)),
  )

  app.get(
    '/options',
    {
      config,
      schema: {
        tags,
        summary: 'Choices of the portfolio forms: categories, skills, statuses, genders, religions',
        response: { 200: Envelope(OptionsOut) },
      },
    },
    async (req) => ok(portfolioOptions(langOf(req))),
  )

  app.put(
    '/profile',
    {
      config,
      schema: {
        tags,
        summary: 'Update my biodata, contact, skills, education and social media',
        description:
          'Absent fields keep their value; null clears one; `social_media` is merged key by key. NIS, name, major and class are kept by the school and ignored here.',
        headers: IfMatchHeaders,
        body: ProfileBody,
        response: { 200: Envelope(ProfileOut) },
      },
    },
    async (req) =>
      ok(
        await updateProfile(app.db, req.user, req.body, versionsOf(req)),
        msg('Profil berhasil diperbarui.', 'Profile updated.'),
      ),
  )

  const uploadLimit = perAccount(app, 'upload', app.config.limits.uploadPerHour, 3600)
  app.post(
    '/upload',
    {
      config,
      preHandler: uploadLimit,
      // The body is a stream read by the handler; the schema only documents the form.
      validatorCompiler: () => () => true,
      schema: {
        tags,
        summary: 'Upload a portfolio file (multipart: file, category, title)',
        consumes: ['multipart/form-data'],
        body: UploadForm,
        response: { 201: Envelope(FileOut) },
      },
    },
    async (req, reply) => {
      const upload = await readUpload(req, app.config.uploadLimit)
      const file = await uploadPortfolioFile(app.db, app.storage, req.user, upload)
      return reply.code(201).send(ok(file, msg('Berkas berhasil diunggah.', 'File uploaded.')))
    },
  )

  app.delete(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'Delete one of my portfolio files (not one attached to an application still in the selection: 409)',
        params: IdParams,
        response: { 200: Ok },
      },
    },
    async (req) => {
      await deletePortfolioFile(app.db, app.storage, req.user, req.params.id)
      return ok(null, msg('Berkas berhasil dihapus.', 'File deleted.'))
    },
  )
}
