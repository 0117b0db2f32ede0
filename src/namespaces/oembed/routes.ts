import type { HandlerNameOf, RouteSpecTable } from '../define.js';

/** The `oembed/1.0` routes, with routes.json's args exactly (WordPress's `WP_oEmbed_Controller`). */
export const oembedRoutes = [
  {
    path: '/embed',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Retrieve a post's oEmbed data",
        permission: 'public',
        // `format` and `maxwidth` are untyped, as WordPress registers them: any value is accepted
        // and the handler reads it as WordPress's sanitize callbacks would.
        args: {
          url: { type: 'string', format: 'uri', required: true },
          format: { default: 'json' },
          maxwidth: { default: 600 },
        },
        handler: 'embed',
      },
    ],
  },
  {
    path: '/proxy',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Retrieve another site's oEmbed data",
        permission: 'edit_posts',
        denied: { code: 'rest_forbidden', message: 'Sorry, you are not allowed to make proxied oEmbed requests.' },
        args: {
          url: { type: 'string', format: 'uri', required: true },
          format: { type: 'string', enum: ['json', 'xml'], default: 'json' },
          maxwidth: { type: 'integer', default: 600 },
          maxheight: { type: 'integer' },
          discover: { description: 'perform discovery for unsanctioned providers', type: 'boolean', default: true },
        },
        handler: 'proxy',
      },
    ],
  },
] as const satisfies RouteSpecTable;

/** The handlers the oEmbed route table names. */
export type OembedHandlerName = HandlerNameOf<typeof oembedRoutes>;
