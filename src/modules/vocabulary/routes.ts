import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { type TArray, type TObject, Type } from '@sinclair/typebox'
import { ok } from '../../http/envelope.js'
import { langOf } from '../../http/i18n.js'
import { Envelope, StringEnum } from '../../http/schemas.js'
import { codesOf, GROUPS, type Group } from '../../vocabulary/index.js'
import { ANSWER_FIELDS } from '../tracer-study/service.js'
import { vocabulary } from './service.js'

const term = (group: Group) => ({
  code: Type.Unsafe<string>({ type: 'string', enum: codesOf(group) }),
  label: Type.String(),
})
type Terms = TArray<TObject<ReturnType<typeof term>>>

const Vocabulary = Type.Object({
  ...(Object.fromEntries(GROUPS.map((g) => [g, Type.Array(Type.Object(term(g)))])) as unknown as Record<
    Group,
    Terms
  >),
  careerStatus: Type.Array(
    Type.Object({
      ...term('careerStatus'),
      required: Type.Array(StringEnum(ANSWER_FIELDS), {
        description: 'Tracer-study fields (request names) that must be given for this status',
      }),
      optional: Type.Array(StringEnum(ANSWER_FIELDS), {
        description: 'Fields kept when given; every other field does not apply and is stored as null',
      }),
    }),
  ),
  stage: Type.Array(
    Type.Object({
      ...term('stage'),
      statusGroup: StringEnum(GROUPS, {
        description: 'The group that words the `status` of a timeline row at this stage',
      }),
    }),
  ),
})

export const vocabularyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config: { public: true },
      schema: {
        tags: ['vocabulary'],
        summary: 'Every code a person reads, with its label (Indonesian; English with Accept-Language: en)',
        description: [
          'Groups of `{ code, label }` in the order forms list them: statuses, kinds, categories, roles,',
          'timeline stages, notification kinds, ... The codes are the values the other routes answer and accept.',
          '`careerStatus` also carries the tracer study’s field rule per status (`required`, `optional`; the',
          'other fields do not apply); `stage` carries `statusGroup`, the group that words a timeline row’s',
          '`status`. No token needed; the answer changes only with a new version of the service.',
        ].join(' '),
        response: { 200: Envelope(Vocabulary) },
      },
    },
    async (req) => ok(vocabulary(langOf(req))),
  )
}
