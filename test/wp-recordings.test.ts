import { describe, expect, it } from 'vitest';
import { compareAnswer, loadRecordings, peerServer, replay, type Recording } from './helpers/peer.js';

/** Why a recording is not replayed here; every other one must match WordPress's answer. */
function notReplayedBecause(recording: Recording): string | null {
  const path = recording.request.path;
  if (/\/wp\/v2|rest_route=\/wp\/v2|\/WP\/V2/i.test(path)) return 'needs the core posts namespace';
  if (path.includes('/batch/v1')) return 'needs the batch route';
  if (recording.id === 'spec-core-posts-without-gate') return 'recorded with the spec routes switched off';
  if (recording.id === 'spec-ns-core-v2') return 'recorded before routes.json added /core/v2/posts/(?P<id>[\\d]+)';
  if (recording.id === 'rest-route-root' || recording.id.startsWith('index-root') || recording.id.startsWith('index-spec') || recording.id === 'index-with-spec-routes') {
    return 'whole-index comparison: see index.test.ts';
  }
  if (recording.id === 'index-ns-oembed' || recording.id === 'index-ns-wp-v2') return 'needs the oEmbed / core namespaces';
  return null;
}

const recordings = loadRecordings();
const server = peerServer();
const replayed = recordings.filter((r) => notReplayedBecause(r) === null);

describe('answers like WordPress 6.1 for the recorded requests', () => {
  it('replays a meaningful share of the recordings', () => {
    expect(replayed.length).toBeGreaterThan(200);
  });

  it.each(replayed.map((r) => [r.id, r] as const))('%s', async (_id, recording) => {
    const answer = await replay(server, recording);
    expect(compareAnswer(recording, answer)).toEqual([]);
  });
});
