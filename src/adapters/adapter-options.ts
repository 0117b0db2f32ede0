// The options every adapter takes, declared once for the checks each adapter makes of its own
// (`optionsObject({ ...ADAPTER_OPTIONS, basePath })`): an option for all of them is one line here
// and one in each adapter's options interface, which `OptionsShape` keeps in step.
import { bytes, checkedAtUse, flag, fn, hostObject } from '../core/options.js';
import type { TrustedProxies } from './client-address.js';

/** The checks of the options all four adapters share. */
export const ADAPTER_OPTIONS = {
  bodyLimit: bytes.optional(),
  discoveryLink: flag.optional(),
  pageCache: hostObject('a page cache (inProcessPageCache)').optional(),
  clientAddress: fn('request → address or undefined').optional(),
  // Checked where the adapter reads it (`clientAddressOf`), with messages naming each address.
  trustedProxies: checkedAtUse<TrustedProxies>(),
};
