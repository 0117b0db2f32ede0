// Stand-ins for the WordPress `wp/v2` routes whose recordings test routing, authentication and
// permissions rather than posts: the same methods, permission checks and denial codes as
// WordPress's posts and users controllers, with handlers that only say what they were asked.
// The real posts namespace replaces them once it exists.
import { RestError, type NamespaceModule, type RestRequest } from '../../src/index.js';

const asked = (request: RestRequest) => ({ route: request.route, method: request.method, params: request.params });

/** `wp/v2/posts`, `wp/v2/posts/(?P<id>[\d]+)` and `wp/v2/users/me`, permission-wise. */
export const wpV2Standin: NamespaceModule = {
  namespace: 'wp/v2',
  routes: [
    {
      path: '/posts',
      allowBatch: { v1: true },
      endpoints: [
        { methods: 'GET', permission: 'public', handler: asked },
        {
          methods: 'POST',
          permission: 'edit_posts',
          denied: { code: 'rest_cannot_create', message: 'Sorry, you are not allowed to create posts as this user.' },
          handler: asked,
        },
      ],
    },
    {
      path: '/posts/(?P<id>[\\d]+)',
      allowBatch: { v1: true },
      endpoints: [
        { methods: 'GET', permission: 'public', handler: asked },
        {
          methods: 'POST, PUT, PATCH',
          permission: 'edit_posts',
          denied: { code: 'rest_cannot_edit', message: 'Sorry, you are not allowed to edit this post.' },
          handler: asked,
        },
        {
          methods: 'DELETE',
          permission: 'delete_posts',
          denied: { code: 'rest_cannot_delete', message: 'Sorry, you are not allowed to delete this post.' },
          handler: asked,
        },
      ],
    },
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
