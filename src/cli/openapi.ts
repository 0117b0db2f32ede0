import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { modulesFromIndex } from '../core/index/from-index.js';
import type { OpenApiDocument } from '../core/index/openapi.js';
import { createRestServer } from '../core/server.js';
import type { MountableNamespace, SiteFacts } from '../core/types.js';
import { variantModules } from '../namespaces/variants.js';
import { ListenFlags, parseFlags, UsageError, type CliIo } from './common.js';
import { parseIndex, readSource } from './mock.js';

/** The usage text of `site-rest openapi`. */
export const OPENAPI_USAGE = `Usage: site-rest openapi [--variant A|B | index.json | URL] [--out FILE] [--url URL] [--api-root P]

  Writes an OpenAPI 3.1 document of a variant's routes (default A), or of the routes of a
  WordPress root index (what GET /wp-json/ answers, from a file or an http(s) URL).

  --variant   which site variant to describe (default A, unless an index is given)
  --out       file to write (default: standard output)
  --url       the site's URL in the document's servers (default: the index's own URL, else
              http://127.0.0.1:8080, where site-rest serve listens)
  --api-root  API root path (default wp-json)`;

const DEFAULT_URL = 'http://127.0.0.1:8080';

const OpenApiFlags = z.object({
  variant: z
    .string()
    .transform((variant) => variant.toUpperCase())
    .pipe(z.enum(['A', 'B'], { error: '--variant must be A or B' }))
    .optional(),
  source: z.string().min(1).optional(),
  out: z.string().min(1, '--out must not be empty').optional(),
  url: z
    .string()
    .refine((value) => /^https?:\/\/[^/?#\s]+/i.test(value) && URL.canParse(value), '--url must be an absolute http(s) URL')
    .optional(),
  'api-root': ListenFlags['api-root'],
});

/** The flags of `site-rest openapi`, checked. */
type OpenApiFlags = z.infer<typeof OpenApiFlags>;

/** The flags of `site-rest openapi`, checked; throws {@link UsageError} on a bad one. */
function parseOpenApiFlags(argv: string[]): OpenApiFlags {
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseFlags({
      args: argv,
      options: { variant: { type: 'string' }, out: { type: 'string' }, url: { type: 'string' }, 'api-root': { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.positionals.length > 1) throw new UsageError('openapi takes at most one index file or URL');
  const source = parsed.positionals[0];
  if (source !== undefined && parsed.values.variant !== undefined) throw new UsageError('openapi takes --variant or an index, not both');
  const checked = OpenApiFlags.safeParse({ ...parsed.values, source });
  if (!checked.success) throw new UsageError(checked.error.issues.map((i) => i.message).join('; '));
  return checked.data;
}

/** An index's own URL when it is a real one (recordings write a placeholder). */
function absolute(url: string | undefined): string | undefined {
  return url !== undefined && /^https?:\/\//i.test(url) && URL.canParse(url) ? url : undefined;
}

/** The site and modules to describe: a variant's, or a WordPress index's. */
async function describedSite(
  flags: OpenApiFlags,
): Promise<{ site: SiteFacts; namespaces: MountableNamespace[]; routing: 'path' | 'query' }> {
  if (flags.source === undefined) {
    const variant = flags.variant ?? 'A';
    const url = flags.url ?? DEFAULT_URL;
    // As `site-rest serve` advertises them.
    return { site: { name: 'Example Site', url }, namespaces: variantModules(variant), routing: variant === 'B' ? 'query' : 'path' };
  }
  const { site, routes } = parseIndex(await readSource(flags.source), flags.source);
  const url = flags.url ?? absolute(site.url) ?? DEFAULT_URL;
  const home = flags.url ?? absolute(site.home) ?? url;
  return { site: { ...site, url, home }, namespaces: modulesFromIndex(routes), routing: 'path' };
}

/**
 * `site-rest openapi`: writes the OpenAPI 3.1 document of a variant or of a WordPress index to
 * `--out` or standard output; resolves with the document.
 */
export async function openapi(argv: string[], io: CliIo): Promise<OpenApiDocument> {
  const flags = parseOpenApiFlags(argv);
  const { site, namespaces, routing } = await describedSite(flags);
  let document: OpenApiDocument;
  try {
    // The document is not served: patterns are described, never run, so no ReDoS analysis.
    const rest = createRestServer({ site, apiRoot: flags['api-root'], routing, namespaces, unsafePatterns: 'allow' });
    document = rest.openapi();
  } catch (error) {
    throw new Error(
      `cannot describe ${flags.source ?? `variant ${flags.variant ?? 'A'}`}: ${(error as Error).message.replace(/^site-rest: /, '')}`,
    );
  }
  const text = `${JSON.stringify(document, null, 2)}\n`;
  if (flags.out === undefined) {
    io.out(text);
    return document;
  }
  try {
    await writeFile(flags.out, text);
  } catch (error) {
    throw new Error(`cannot write ${flags.out}: ${(error as Error).message}`);
  }
  const skipped = document['x-site-rest-unexpressed-routes']?.length ?? 0;
  io.err(
    `wrote ${flags.out}: ${Object.keys(document.paths).length} paths${skipped > 0 ? `, ${skipped} routes no path template can write` : ''}\n`,
  );
  return document;
}
