// The options every adapter takes, declared once for the checks each adapter makes of its own
// (`optionsObject({ ...ADAPTER_OPTIONS, basePath })`): an option for all of them is one line here
// and one in each adapter's options interface, which `OptionsShape` keeps in step.
import { z } from 'zod';
import { bytes, checkedAtUse, flag, fn, hostObject, milliseconds, optionsObject, type OptionsShape } from '../core/options.js';
import type { HoldOptions } from './hold.js';
import type { TrustedProxies } from './client-address.js';

const COUNT_RULE = 'must be a whole number of at least 1';

/** The checks of {@link HoldOptions}: how many requests wait for a promised server, and how long. */
const holdOptions = optionsObject(
  {
    maxRequests: z.int({ error: COUNT_RULE }).min(1, { error: COUNT_RULE }).optional(),
    maxWaitMs: milliseconds().optional(),
  } satisfies OptionsShape<HoldOptions>,
  { error: 'must be an options object { maxRequests, maxWaitMs }' },
);

/** The checks of the options all four adapters share. */
export const ADAPTER_OPTIONS = {
  bodyLimit: bytes.optional(),
  discoveryLink: flag.optional(),
  pageCache: hostObject('a page cache (inProcessPageCache)').optional(),
  hold: holdOptions.optional(),
  clientAddress: fn('request → address or undefined').optional(),
  // Checked where the adapter reads it (`clientAddressOf`), with messages naming each address.
  trustedProxies: checkedAtUse<TrustedProxies>(),
};
