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

/** Why a recording is not replayed here; every other one must match WordPress's answer. */
function notReplayedBecause(recording: Recording): string | null {
  if (AUTH_ON_WP_V2.has(recording.id)) return null;
  const path = recording.request.path;
  if (/\/wp\/v2|rest_route=\/wp\/v2|\/WP\/V2/i.test(path) || JSON.stringify(recording.request.body ?? '').includes('/wp/v2/')) {
    return 'needs the core posts namespace';
  }
  if (recording.id === 'batch-path-unparseable') return 'WordPress 6.1 crashes here; batch.test.ts checks our parse_path_failed answer';
  if (recording.id === 'spec-core-posts-without-gate') return 'recorded with the spec routes switched off';
  if (recording.id === 'spec-ns-core-v2') return 'recorded before routes.json added /core/v2/posts/(?P<id>[\\d]+)';
  if (recording.id === 'rest-route-root' || recording.id.startsWith('index-root') || recording.id.startsWith('index-spec') || recording.id === 'index-with-spec-routes') {
    return 'whole-index comparison: see index.test.ts';
  }
  if (recording.id === 'index-ns-oembed' || recording.id === 'index-ns-wp-v2') return 'needs the oEmbed / core namespaces';
  return null;
}

const recordings = loadRecordings();
const server = await peerServer();
const replayed = recordings.filter((r) => notReplayedBecause(r) === null);

describe('answers like WordPress 6.1 for the recorded requests', () => {
  it('replays a meaningful share of the recordings', () => {
    expect(replayed.length).toBeGreaterThan(280);
  });

  it('replays every batch and authentication recording that does not need stored posts', () => {
    const group = (r: Recording) => r.group === 'batch' || /^(private|users|posts-create|echo-bad)/.test(r.id);
    const left = recordings.filter((r) => group(r) && !replayed.includes(r)).map((r) => r.id);
    expect(left.sort()).toEqual(['batch-core-posts-create-admin', 'batch-path-unparseable', 'posts-create-admin', 'posts-create-empty-body', 'posts-create-form', 'posts-create-json-array-body', 'posts-create-json-wrong-content-type']);
  });

  it.each(replayed.map((r) => [r.id, r] as const))('%s', async (_id, recording) => {
    const answer = await replay(server, recording);
    expect(compareAnswer(recording, answer)).toEqual([]);
  });
});
