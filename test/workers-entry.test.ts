// The root entry and `site-rest/fetch` run where Node's built-ins do not (Workers, Deno, Bun):
// loaded from the build in a child process without Buffer or setImmediate, whose module loader refuses every `node:` module,
// every Node built-in and undici, they still serve the index and core/v2 through the fetch adapter.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const HELPERS = join(import.meta.dirname, 'helpers');

function runWithoutNode(script: string): string {
  return execFileSync(process.execPath, ['--import', join(HELPERS, 'no-node-loader.mjs'), join(HELPERS, script)], {
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('the root entry in a Workers-like runtime', () => {
  it('refuses Node built-ins in the child, so the check can fail', () => {
    expect(() =>
      execFileSync(
        process.execPath,
        ['--import', join(HELPERS, 'no-node-loader.mjs'), '--input-type=module', '-e', "await import('node:crypto')"],
        { stdio: 'pipe' },
      ),
    ).toThrow(/Node-only module/);
  });

  it('loads site-rest and site-rest/fetch and answers the index and core/v2 of both variants', () => {
    const answers = JSON.parse(runWithoutNode('workers-site.mjs')) as Record<
      string,
      { status: number; total?: string | null; length?: number; bytes?: number; body: string }
    >;
    for (const variant of ['A', 'B']) {
      expect(answers[`${variant} /wp-json/`]).toMatchObject({ status: 200 });
      expect(answers[`${variant} /wp-json/`]!.body).toContain('"namespaces"');
    }
    // 60,000 'é' are 120,002 bytes of JSON: past the single write, streamed, and announced in bytes.
    expect(answers['big']).toMatchObject({ status: 200, length: 120_002, bytes: 120_002, body: '"ééé' });
    expect(answers['A basic']).toMatchObject({ status: 400 });
    expect(answers['A basic']!.body).toContain('rest_invalid_param');
    expect(answers['A /wp-json/core/v2/posts?per_page=2&_fields=id']).toMatchObject({ status: 200, total: '23' });
    // The proxy needs a signed-in editor before it would need a fetch: anonymous is refused, as WordPress does.
    expect(answers['A /wp-json/oembed/1.0/proxy?url=https://example.org/']).toMatchObject({ status: 401 });
  });
});
