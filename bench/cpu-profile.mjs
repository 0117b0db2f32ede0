// Reading a V8 `.cpuprofile`: self time by function and by file, shared by the profiling scripts.
import { readFileSync } from 'node:fs';

/** Self time per function and per file of one profile, in µs, with the sampled total. */
export function summarizeProfile(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map(); // node id → µs
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  let total = 0;
  const byFunction = new Map();
  const byFile = new Map();
  for (const [id, us] of self) {
    total += us;
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const where = url ? url.replace(/^.*\/(node_modules|dist|bench|servers|lib)\//, '$1/') : '(native)';
    const fn = `${functionName || '(anonymous)'}  ${where}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    byFile.set(where, (byFile.get(where) ?? 0) + us);
  }
  return { total, byFunction, byFile };
}

/** The `n` largest entries of a self-time map as `[name, share of total]`, largest first. */
export function topShares(map, total, n) {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, us]) => [name, us / total]);
}
