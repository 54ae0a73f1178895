import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { ok, paged } from '../../http/envelope.js'
import { msg } from '../../http/i18n.js'
import { DateTime, Envelope, ListEnvelope, Nullable, noBodyIsEmpty, StringEnum } from '../../http/schemas.js'
import { IfMatchOrNoneHeaders, readAsOf } from '../../http/versions.js'
import { MESSAGE_CHANNELS } from './catalogue.js'
import { PreviewBody, TemplateBody, TemplateListQuery } from './schemas.js'
import { listTemplates, previewTemplate, resetTemplate, saveTemplate, templateDetail } from './service.js'

const KeyParams = Type.Object({
  key: Type.String({
    minLength: 1,
    maxLength: 100,
    description: 'The message key, e.g. `application.received`',
  }),
})

const Item = Type.Object({
  key: Type.String(),
  /** What the message is, for the staff screen. */
  label: Type.String(),
  channel: StringEnum(MESSAGE_CHANNELS, {
    description: '`notice`: in-app notification; `email`; `both`',
  }),
  /** The title in force (the school's, else the default). */
  title: Type.String(),
  /** True when the school saved its own wording; false while the default applies. */
  customised: Type.Boolean(),
  updatedAt: Nullable(DateTime),
  updatedBy: Nullable(Type.Object({ id: Type.Integer(), fullName: Type.String() })),
})

const Detail = Type.Object({
  ...Item.properties,
  body: Type.String(),
  defaultTitle: Type.String(),
  defaultBody: Type.String(),
  placeholders: Type.Array(
    Type.Object({
      name: Type.String({ description: 'Written `{{name}}` in the title or body' }),
      description: Type.String(),
      example: Type.String({ description: 'The value a preview fills in' }),
      required: Type.Boolean({ description: 'The text must keep it' }),
    }),
  ),
})

const tags = ['message templates']
const config = { roles: ['admin'], keepsSessions: true } as const

const CHECKS =
  'A placeholder the message does not offer, a `{{` or `}}` without its pair, an empty text, a title on several lines or a required placeholder left out is refused with 422 naming the field (`title`, `body`) and the placeholder.'

/** The wording of every e-mail and in-app notice the service sends, as the school edits it. */
export const messageTemplateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Every message the service sends, whether the school reworded it, who and when',
        description:
          '`search` matches the key, label or title; `customised` keeps reworded (true) or default (false) ones.',
        querystring: TemplateListQuery,
        response: { 200: ListEnvelope(Item) },
      },
    },
    async (req) => {
      const r = await listTemplates(app.db, req.query)
      return paged(r.rows, r.total, r.page)
    },
  )

  app.get(
    '/:key',
    {
      config,
      schema: {
        tags,
        summary: 'One message: its text in force, its default, and the placeholders it may use',
        params: KeyParams,
        response: { 200: Envelope(Detail) },
      },
    },
    async (req) => ok(await templateDetail(app.db, req.params.key)),
  )

  app.put(
    '/:key',
    {
      config,
      schema: {
        tags,
        summary: 'Save the school’s wording of a message (title and body)',
        description: `${CHECKS} Text equal to the default removes the school’s copy (as a reset does). An editor sends \`If-Match\` with the \`updatedAt\` it read (\`If-None-Match: *\` when it read the default): a wording saved or reset since is refused with 412; without either the last save wins.`,
        params: KeyParams,
        headers: IfMatchOrNoneHeaders,
        body: TemplateBody,
        response: { 200: Envelope(Detail) },
      },
    },
    async (req) =>
      ok(
        await saveTemplate(app.db, req.user, req.params.key, req.body, readAsOf(req)),
        msg('Template pesan berhasil disimpan.', 'Message template saved.'),
      ),
  )

  app.delete(
    '/:key',
    {
      config,
      schema: {
        tags,
        summary: 'Back to the default wording (removes the school’s copy; nothing to do without one)',
        description:
          'An editor sends the condition it saves with (`If-Match` with the `updatedAt` it read, `If-None-Match: *` when it read the default): a wording saved since is refused with 412 instead of thrown away.',
        params: KeyParams,
        headers: IfMatchOrNoneHeaders,
        response: { 200: Envelope(Detail) },
      },
    },
    async (req) =>
      ok(
        await resetTemplate(app.db, req.user, req.params.key, readAsOf(req)),
        msg('Template pesan dikembalikan ke teks bawaan.', 'Message template reset to the default.'),
      ),
  )

  app.post(
    '/:key/preview',
    {
      config,
      // No body at all previews the saved text, as `{}` does.
      preValidation: noBodyIsEmpty,
      schema: {
        tags,
        summary: 'The message filled with an example value for every placeholder',
        description: `Renders the \`title\` and \`body\` given (either may be left out: the saved text is used), checked as a save is: ${CHECKS} Nothing is stored.`,
        params: KeyParams,
        body: PreviewBody,
        response: {
          200: Envelope(
            Type.Object({
              title: Type.String(),
              body: Type.String(),
              values: Type.Record(Type.String(), Type.String(), {
                description: 'The example value of each placeholder',
              }),
            }),
          ),
        },
      },
    },
    async (req) => ok(await previewTemplate(app.db, req.params.key, req.body)),
  )
}
