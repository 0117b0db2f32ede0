// A stand-in for WordPress's `wp/v2/users/me`, which site-rest does not serve: the same methods,
// permission checks and denial codes as WordPress's users controller, so the recordings that
// sign in through it can be replayed.
import { RestError, type NamespaceModule, type RestRequest } from '../../src/index.js';

const asked = (request: RestRequest) => ({ route: request.route, method: request.method, params: request.params });

/** `wp/v2/users/me`, permission-wise. */
export const wpV2Standin: NamespaceModule = {
  namespace: 'wp/v2',
  routes: [
    {
      path: '/users/me',
      endpoints: [
        {
          methods: 'GET',
          permission: 'public',
          handler: (_request, { user }) => {
            if (!user) return new RestError('rest_not_logged_in', 'You are not currently logged in.', { status: 401 });
            return { id: user.id, name: user.username, slug: user.username };
          },
        },
        { methods: 'POST, PUT, PATCH', permission: (_request, { user }) => user !== null, handler: asked },
        { methods: 'DELETE', permission: 'delete_users', handler: asked },
      ],
    },
  ],
};
