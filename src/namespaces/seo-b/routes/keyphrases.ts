import { isScalar, toPhpString } from '../../../core/php/values.js';
import { phpTrim } from '../../../core/php/strings.js';
import type { RouteSpecTable } from '../../define.js';

// Yoast's `validate_callback`s. A list or object where PHP's `trim`/`preg_match` wants a string is
// PHP's TypeError (a 500 there); refused here as invalid.
/** `has_valid_code`: `$code !== ''`. */
const hasValidCode = (code: unknown) => code !== '';
/** `has_valid_keyphrase`: `trim( $keyphrase ) !== ''`. */
const hasValidKeyphrase = (keyphrase: unknown) => isScalar(keyphrase) && phpTrim(toPhpString(keyphrase)) !== '';
/** `has_valid_country_code`: `preg_match( '/^[a-z]{2}$/', … )`, whose `$` also matches before a final newline. */
const hasValidCountryCode = (code: unknown) => isScalar(code) && /^[a-z]{2}\n?$/.test(toPhpString(code));
/** `has_valid_website_id`: `! empty( $id ) && is_int( $id )`: a JSON integer other than 0 (a query's text is no int). */
const hasValidWebsiteId = (id: unknown) => typeof id === 'number' && Number.isInteger(id) && id !== 0;

/**
 * The `seo-b/v1` routes of keyphrase research on Semrush (Yoast's `semrush/*`) and rank tracking
 * on Wincher (Yoast's `wincher/*`).
 */
export const seoBKeyphrasesRoutes = [
  {
    path: '/keyword-research-a/authenticate',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Connect Semrush with the code of its consent screen',
        args: { code: { required: true, validateCallback: hasValidCode } },
        check: 'canUseSemrush',
        handler: 'semrushAuthenticate',
      },
    ],
  },
  {
    path: '/keyword-research-a/country_code',
    endpoints: [
      {
        methods: ['POST'],
        summary: "Save the country of Semrush's keyphrase database",
        args: { country_code: { required: true, validateCallback: hasValidCountryCode } },
        check: 'canUseSemrush',
        handler: 'semrushCountryCode',
      },
    ],
  },
  {
    path: '/keyword-research-a/related_keyphrases',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Semrush's related keyphrases of a keyphrase",
        args: { keyphrase: { required: true, validateCallback: hasValidKeyphrase }, country_code: { required: true } },
        check: 'canUseSemrush',
        handler: 'semrushRelatedKeyphrases',
      },
    ],
  },
  {
    path: '/rank-tracker/authorization-url',
    endpoints: [
      {
        methods: ['GET'],
        summary: "Wincher's authorization address, with a new PKCE challenge",
        check: 'canUseWincher',
        handler: 'wincherAuthorizationUrl',
      },
    ],
  },
  {
    path: '/rank-tracker/authenticate',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Connect Wincher with the code of its consent screen and the chosen website',
        args: {
          code: { required: true, validateCallback: hasValidCode },
          websiteId: { required: true, validateCallback: hasValidWebsiteId },
        },
        check: 'canUseWincher',
        handler: 'wincherAuthenticate',
      },
    ],
  },
  {
    path: '/rank-tracker/keyphrases/track',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Track keyphrases on Wincher, within the account limit',
        args: { keyphrases: { required: true } },
        check: 'canUseWincher',
        handler: 'wincherTrack',
      },
    ],
  },
  {
    path: '/rank-tracker/keyphrases',
    endpoints: [
      {
        methods: ['POST'],
        summary: "Wincher's ranking data of tracked keyphrases",
        args: { keyphrases: { required: false }, permalink: { required: false }, startAt: { required: false } },
        check: 'canUseWincher',
        handler: 'wincherKeyphrases',
      },
    ],
  },
  {
    path: '/rank-tracker/keyphrases/untrack',
    endpoints: [
      { methods: ['DELETE'], summary: 'Stop tracking a keyphrase on Wincher', check: 'canUseWincher', handler: 'wincherUntrack' },
    ],
  },
  {
    path: '/rank-tracker/account/limit',
    endpoints: [
      { methods: ['GET'], summary: "The Wincher account's keyphrase limit and usage", check: 'canUseWincher', handler: 'wincherLimit' },
    ],
  },
  {
    path: '/rank-tracker/account/upgrade-campaign',
    endpoints: [{ methods: ['GET'], summary: "Wincher's upgrade discount", check: 'canUseWincher', handler: 'wincherUpgradeCampaign' }],
  },
] as const satisfies RouteSpecTable;
