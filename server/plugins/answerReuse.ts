import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { gatedView } from './access';
import { defineCache } from '../services/caches/registry';

/** The JSON text of frozen answers served before, per gated-field variant. */
const serialisedAnswers = defineCache<object, Map<string, string>>({
  name: 'answerReuse.serialisedAnswers',
  home: 'server/plugins/answerReuse.ts',
  per: 'answer object',
  key: 'variant of the gated fields the caller may see',
  lifetime: { untilOwnerReplaced: true },
  invalidatedBy: ['nothing: only frozen answers are kept (deepFreeze), and they cannot change'],
});

/**
 * Several market answers are memoised with the market's state (the sectors, summary and moves
 * per bond-table snapshot, the market history endpoints per market day): every caller gets the
 * same object until the market moves. Serialising it — the response schema's parse, gating, JSON
 * — was then most of such a request's cost, repeated for an unchanged object. The text is kept
 * with the object (it goes when the object goes) per variant of the gated fields, and a request
 * answered with an object served before sends that text.
 *
 * Only a frozen answer is kept: text reused for an object someone changed since would be a stale
 * answer. Whoever memoises an answer deep-freezes it (server/services/caches/deepFreeze.ts); any
 * other answer is serialised as usual, each time. Register before the access plugin: its
 * withholding of gated fields then has nothing to do when the kept text is sent.
 */
export function registerAnswerReuse(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode !== 200 || request.method !== 'GET' || !Object.isFrozen(payload)) return payload;
    const view = await gatedView(request, reply, payload);
    if (!view) return payload;
    const answer = payload as object;
    const known = serialisedAnswers.get(answer)?.get(view.variant);
    if (known !== undefined) {
      view.sentAsText = true;
      void reply.serializer(() => known);
      return payload;
    }
    const serialize = reply.getSerializationFunction('200');
    if (!serialize) return payload;
    // Called with the answer as this caller may see it (the access plugin withholds after this hook).
    void reply.serializer((data: unknown) => {
      const text = serialize(data as Record<string, unknown>);
      serialisedAnswers.of(answer, () => new Map()).set(view.variant, text);
      return text;
    });
    return payload;
  });
}
