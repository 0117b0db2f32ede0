import { normalizeHeaders } from '../http/headers.js';
import type { RestResponse } from '../http/response.js';
import { parsePhpQuery } from '../php/query.js';
import { phpRtrim } from '../php/strings.js';
import { splitUrl } from '../routing/rest-route.js';
import type { InternalRequest, RestUser } from '../types.js';
import { dispatch, type DispatchEnv } from './dispatch.js';
import { requestEnd } from './request-end.js';

/** `rest_do_request` (`RestContext.dispatch`): runs a request built in code through the same pipeline, as `user`. */
export async function internalDispatch(request: InternalRequest, user: RestUser | null, env: DispatchEnv): Promise<RestResponse> {
  const { path, query: queryString } = splitUrl(request.path);
  const query = { ...(queryString ? parsePhpQuery(queryString) : {}), ...request.query };
  const body = request.body ?? {};
  const result = await dispatch(
    {
      method: (request.method ?? 'GET').toUpperCase(),
      route: phpRtrim(path, '/') || '/',
      query,
      headers: normalizeHeaders(request.headers ?? {}),
      loadBody: () => ({ json: undefined, isJson: false, form: body }),
      user,
      state: {},
      end: requestEnd(),
    },
    env,
  );
  return result.response;
}
