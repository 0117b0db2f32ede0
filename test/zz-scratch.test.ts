import { it } from 'vitest';
import { wpFastHash } from '../src/core/auth/fast-hash.js';
import { capabilitiesOf } from '../src/core/auth/roles.js';
import { normalizePassword } from '../src/core/auth/password-strength.js';
import { parseBasicCredentials } from '../src/core/auth/basic.js';
function t(label: string, f: () => unknown, n = 100000) { for (let i = 0; i < 5000; i++) f(); const s = process.hrtime.bigint(); for (let i = 0; i < n; i++) f(); console.log(label, (Number(process.hrtime.bigint() - s) / 1000 / n).toFixed(3), 'µs'); }
it('parts', () => {
  const h = 'Basic ' + Buffer.from('admin:Qm7T2vKx9PzR4nWc8LbY3sHd').toString('base64');
  t('wpFastHash', () => wpFastHash('Qm7T2vKx9PzR4nWc8LbY3sHd'));
  t('normalize', () => normalizePassword('Qm7T2vKx9PzR4nWc8LbY3sHd'));
  t('basic', () => parseBasicCredentials(h));
  t('caps', () => capabilitiesOf(['administrator'], []));
});
