import { describe, expect, it } from 'vitest';
import { compareAnswer, loadRecordings, peerServer, replay, type Recording } from './helpers/peer.js';

// wp/v2 recordings about who may do what: replayed through the permission-wise stand-ins of
// test/helpers/wp-v2-standin.ts until the posts namespace exists.
const AUTH_ON_WP_V2 = new Set([
  'posts-create-unauth',
  'posts-create-subscriber',
  'posts-create-bad-user',
  'posts-create-bearer-auth',
  'posts-create-login-password',
  'posts-create-malformed-auth',
  'posts-create-invalid-json',
  'posts-create-invalid-json-unauth',
  'posts-delete-unauth',
  'users-me-admin',
  'users-me-unauth',
  'batch-core-posts-create-unauth',
]);

type Step = string | Recording['request'];

/**
 * Recordings of posts created on the recorded site, in the order the recorder made them, with
 * the requests it sent between them that were not kept (plain objects): replayed in order on
 * one server, so ids and states line up. Id 30 is the revision the title's update stored
 * (`wp_save_post_revision`), so the form post is 31.
 */
const POST_LIVES: Step[] = [
  'posts-create-admin',
  { method: 'POST', path: '/wp-json/wp/v2/posts/29', body: { title: 'Updated by recorder' }, auth: 'admin' },
  'posts-patch-created-invalid',
  { method: 'DELETE', path: '/wp-json/wp/v2/posts/29', auth: 'admin' },
  'posts-delete-created-trash-again',
  'posts-delete-created-force',
  'posts-create-form',
  'posts-delete-form-force',
  'batch-core-posts-create-admin',
];
const IN_POST_LIVES = new Set(POST_LIVES.filter((step): step is string => typeof step === 'string'));

/** Why a recording is not replayed on its own here; every other one must match WordPress's answer. */
function notReplayedBecause(recording: Recording): string | null {
  if (IN_POST_LIVES.has(recording.id)) return 'replayed in order with the posts it depends on';
  if (recording.id === 'posts-embed') {
    return "embeds WordPress's users, categories, tags and comments routes, which site-rest does not serve: embed.test.ts replays it with stand-ins answering what WordPress embedded";
  }
  if (['posts-options', 'posts-options-admin', 'route-options-param-route'].includes(recording.id)) {
    return "shows WordPress's own descriptors; routes.json, which the index follows, words them differently";
  }
  if (recording.id.startsWith('oembed-')) return 'the oEmbed namespace is mounted with its own tests (oembed.test.ts)';
  if (AUTH_ON_WP_V2.has(recording.id)) return null;
  if (recording.id === 'batch-path-unparseable') return 'WordPress 6.1 crashes here; batch.test.ts checks our parse_path_failed answer';
  if (recording.id === 'spec-core-posts-without-gate') return 'recorded with the spec routes switched off';
  if (recording.id === 'spec-ns-core-v2') return 'recorded before routes.json added /core/v2/posts/(?P<id>[\\d]+)';
  if (
    recording.id === 'rest-route-root' ||
    recording.id.startsWith('index-root') ||
    recording.id.startsWith('index-spec') ||
    recording.id === 'index-with-spec-routes'
  ) {
    return 'whole-index comparison: see index.test.ts';
  }
  if (recording.id === 'index-ns-oembed' || recording.id === 'index-ns-wp-v2') return 'needs the oEmbed / core namespaces';
  return null;
}

const recordings = loadRecordings();
const replayed = recordings.filter((r) => notReplayedBecause(r) === null);

describe('answers like WordPress 6.1 for the recorded requests', () => {
  it('replays a meaningful share of the recordings', () => {
    expect(replayed.length).toBeGreaterThan(280);
  });

  it('replays every batch, authentication and posts recording but the few it says why for', () => {
    const group = (r: Recording) => r.group === 'batch' || /^(private|users|posts|echo-bad)/.test(r.id);
    const left = recordings.filter((r) => group(r) && !replayed.includes(r) && !IN_POST_LIVES.has(r.id)).map((r) => r.id);
    expect(left.sort()).toEqual(['batch-path-unparseable', 'posts-embed', 'posts-options', 'posts-options-admin']);
  });

  it('replays the lives of the posts the recorder created, in order', async () => {
    const server = await peerServer();
    const byId = new Map(recordings.map((r) => [r.id, r]));
    const diffs: string[] = [];
    for (const step of POST_LIVES) {
      if (typeof step !== 'string') {
        const answer = await replay(server, { id: 'step', group: 'step', request: step, status: 0, headers: {}, body: null });
        if (!answer || answer.status >= 400) diffs.push(`${step.method} ${step.path}: ${answer?.status} ${answer?.body}`);
        continue;
      }
      const recording = byId.get(step)!;
      diffs.push(...compareAnswer(recording, await replay(server, recording)).map((d) => `${step}: ${d}`));
    }
    expect(diffs).toEqual([]);
  });

  // Each recording was made on the site as seeded, so each replays on a fresh server.
  it.each(replayed.map((r) => [r.id, r] as const))('%s', async (_id, recording) => {
    const answer = await replay(await peerServer(), recording);
    expect(compareAnswer(recording, answer)).toEqual([]);
  });
});
