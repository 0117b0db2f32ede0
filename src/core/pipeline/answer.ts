// A request whose user is known: dispatched as them, `_embed`'s links embedded, then composed.
// Callbacks of the async path live in functions of their own: a function that creates a closure
// allocates its scope on every call, even on the synchronous path that never uses it.
import type { RawResponse, RestUser } from '../types.js';
import { bodyLoader } from './body-loader.js';
import { compose } from './compose.js';
import { dispatch, type Dispatched } from './dispatch.js';
import { embedLinks, type EmbedRelations } from './embed.js';
import type { Exchange, ServerEnv } from './environment.js';
import { settle, type MaybePromise } from './maybe-async.js';

/** Dispatches as `user`, then composes the answer. */
export function answerAs(env: ServerEnv, user: RestUser | null, ex: Exchange): MaybePromise<RawResponse> {
  const dispatched = dispatchAs(user, ex);
  return dispatched instanceof Promise ? composeLater(env, dispatched, user, ex) : compose(env, dispatched, user, ex);
}

/** {@link compose} once an async dispatch settles. */
function composeLater(env: ServerEnv, dispatched: Promise<Dispatched>, user: RestUser | null, ex: Exchange): Promise<RawResponse> {
  return dispatched.then((done) => compose(env, done, user, ex));
}

function dispatchAs(user: RestUser | null, ex: Exchange): MaybePromise<Dispatched> {
  const { params, target, query, headers, raw } = ex;
  const method = params.method;
  const dispatched = dispatch(
    { method, route: target.route, query, headers, loadBody: bodyLoader(raw, method, headers), user, state: {}, end: ex.end },
    ex.at.env,
  );
  return params.embed === null ? dispatched : withEmbeds(dispatched, params.embed, user, ex);
}

/** `_embed`: the dispatched answer with its embeddable links' answers embedded. */
function withEmbeds(
  dispatched: MaybePromise<Dispatched>,
  embed: EmbedRelations,
  user: RestUser | null,
  ex: Exchange,
): MaybePromise<Dispatched> {
  const { params } = ex;
  return settle(dispatched, (done) =>
    // Not for HEAD, nor for an answer the handler encoded itself: WordPress sends those before embedding.
    params.method === 'HEAD' || (done.response.encoded && !params.envelope)
      ? done
      : settle(embedLinks(done.response, embed, user, ex.at.env, ex.end), (response) => ({ ...done, response })),
  );
}
