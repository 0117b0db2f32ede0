// `serve --fixtures [DIR]`: the recorded doubles of every declared outside service, from the JSON
// files under DIR (default: the package's own `fixtures/`), so the demo runs without a network.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { designLibraryService } from '../namespaces/blocksuite-design-library/services.js';
import { downloadService as imageDownload } from '../namespaces/blocksuite-image-picker/services.js';
import { mailService as contactFormsMail } from '../namespaces/contact-forms/services.js';
import { crmService } from '../namespaces/blocksuite-crm/services.js';
import { mailingListService } from '../namespaces/blocksuite-maillist/services.js';
import { responderService } from '../namespaces/blocksuite-responder/services.js';
import { panelService } from '../namespaces/host-toolkit/services.js';
import { mailService as loginGuardMail } from '../namespaces/login-guard/services.js';
import { providerService } from '../namespaces/oembed/services.js';
import { recordings, type RecordedExchange, type Recordings } from '../namespaces/recorded-double.js';
import { renderPageService } from '../namespaces/seo-a/services.js';
import { semrushService, siteInsightsService, wincherService, yoastAiService } from '../namespaces/seo-b/services.js';
import {
  fetchHomeService,
  healthChecksService,
  googleAccessService,
  oauthService as siteKitOAuth,
  siteKitProxyService,
  mailService as siteInsightsMail,
  googleApiService,
} from '../namespaces/site-insights/services.js';
import { UsageError } from './common.js';

/** Every outside service a namespace declares, by the folder its recordings live in. */
const DECLARED = {
  'oembed/provider': providerService,
  'host-toolkit/panel': panelService,
  'contact-forms/mail': contactFormsMail,
  'login-guard/mail': loginGuardMail,
  'seo-a/render-page': renderPageService,
  'seo-b/semrush': semrushService,
  'seo-b/wincher': wincherService,
  'blocksuite-design-library/design-library': designLibraryService,
  'blocksuite-maillist/mailing-list': mailingListService,
  'blocksuite-responder/responder': responderService,
  'blocksuite-crm/crm': crmService,
  'blocksuite-image-picker/download': imageDownload,
  'seo-b/site-insights': siteInsightsService,
  'seo-b/yoast-ai': yoastAiService,
  'site-insights/fetch-home': fetchHomeService,
  'site-insights/health-checks': healthChecksService,
  'site-insights/google-access': googleAccessService,
  'site-insights/oauth': siteKitOAuth,
  'site-insights/site-kit-proxy': siteKitProxyService,
  'site-insights/mail': siteInsightsMail,
  'site-insights/google': googleApiService,
} as const;

/** One recorded exchange, as a fixture file holds it. */
const ExchangeFile = z.object({
  about: z.string().optional(),
  when: z.record(z.string(), z.json()),
  answer: z.json(),
});

/** The doubles of the declared services, each a callback of its service's type. */
export type ServiceDoubles = { [K in keyof typeof DECLARED]: ReturnType<(typeof DECLARED)[K]['double']> };

/** The `fixtures/` folder the package ships: beside the `package.json` above this module (in `dist/` or `src/cli/`). */
export function packagedFixtures(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 4; up++, dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'fixtures'))) return join(dir, 'fixtures');
  }
  throw new Error('site-rest: the package has no fixtures/ folder');
}

/** The names of the folders in `dir`, in order. */
function folders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** A service's exchanges: its folder's JSON files in name order; a file that is no exchange is a usage error naming it. */
function exchangesIn(root: string, folder: string): RecordedExchange[] {
  const dir = join(root, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const file = join(dir, name);
      let parsed: unknown;
      try {
        parsed = JSON.parse(readFileSync(file, 'utf8'));
      } catch (error) {
        throw new UsageError(`--fixtures: ${relative(process.cwd(), file)} is not JSON: ${(error as Error).message}`);
      }
      const exchange = ExchangeFile.safeParse(parsed);
      if (!exchange.success) throw new UsageError(`--fixtures: ${relative(process.cwd(), file)} is not { when: {…}, answer: … }`);
      return { when: exchange.data.when, answer: exchange.data.answer };
    });
}

/** The recordings of every declared service; a test flips one's `mode` to make its double fail or hang. */
export type ServiceRecordings = { [K in keyof typeof DECLARED]: Recordings };

/**
 * The recordings of every declared service under `dir`, each double's switch set to answer as
 * recorded; a folder that names no declared service, or a file that is no exchange, is a usage error.
 */
export function serviceRecordings(dir: string): ServiceRecordings {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`--fixtures: ${dir} is not a folder`);
  for (const namespace of folders(dir)) {
    for (const service of folders(join(dir, namespace))) {
      if (!(`${namespace}/${service}` in DECLARED)) {
        throw new UsageError(`--fixtures: ${namespace}/${service} is no declared service (they are: ${Object.keys(DECLARED).join(', ')})`);
      }
    }
  }
  const recorded = (folder: keyof typeof DECLARED) => recordings(exchangesIn(dir, folder), DECLARED[folder].limits.maxBytes + 1);
  return {
    'oembed/provider': recorded('oembed/provider'),
    'host-toolkit/panel': recorded('host-toolkit/panel'),
    'contact-forms/mail': recorded('contact-forms/mail'),
    'login-guard/mail': recorded('login-guard/mail'),
    'seo-a/render-page': recorded('seo-a/render-page'),
    'seo-b/semrush': recorded('seo-b/semrush'),
    'seo-b/wincher': recorded('seo-b/wincher'),
    'blocksuite-design-library/design-library': recorded('blocksuite-design-library/design-library'),
    'blocksuite-maillist/mailing-list': recorded('blocksuite-maillist/mailing-list'),
    'blocksuite-responder/responder': recorded('blocksuite-responder/responder'),
    'blocksuite-crm/crm': recorded('blocksuite-crm/crm'),
    'blocksuite-image-picker/download': recorded('blocksuite-image-picker/download'),
    'seo-b/site-insights': recorded('seo-b/site-insights'),
    'seo-b/yoast-ai': recorded('seo-b/yoast-ai'),
    'site-insights/fetch-home': recorded('site-insights/fetch-home'),
    'site-insights/health-checks': recorded('site-insights/health-checks'),
    'site-insights/google-access': recorded('site-insights/google-access'),
    'site-insights/oauth': recorded('site-insights/oauth'),
    'site-insights/site-kit-proxy': recorded('site-insights/site-kit-proxy'),
    'site-insights/mail': recorded('site-insights/mail'),
    'site-insights/google': recorded('site-insights/google'),
  };
}

/** The double of every declared service, each a callback of its service's type answering from `recorded`. */
export function serviceDoubles(recorded: ServiceRecordings): ServiceDoubles {
  return {
    'oembed/provider': providerService.double(recorded['oembed/provider']),
    'host-toolkit/panel': panelService.double(recorded['host-toolkit/panel']),
    'contact-forms/mail': contactFormsMail.double(recorded['contact-forms/mail']),
    'login-guard/mail': loginGuardMail.double(recorded['login-guard/mail']),
    'seo-a/render-page': renderPageService.double(recorded['seo-a/render-page']),
    'seo-b/semrush': semrushService.double(recorded['seo-b/semrush']),
    'seo-b/wincher': wincherService.double(recorded['seo-b/wincher']),
    'blocksuite-design-library/design-library': designLibraryService.double(recorded['blocksuite-design-library/design-library']),
    'blocksuite-maillist/mailing-list': mailingListService.double(recorded['blocksuite-maillist/mailing-list']),
    'blocksuite-responder/responder': responderService.double(recorded['blocksuite-responder/responder']),
    'blocksuite-crm/crm': crmService.double(recorded['blocksuite-crm/crm']),
    'blocksuite-image-picker/download': imageDownload.double(recorded['blocksuite-image-picker/download']),
    'seo-b/site-insights': siteInsightsService.double(recorded['seo-b/site-insights']),
    'seo-b/yoast-ai': yoastAiService.double(recorded['seo-b/yoast-ai']),
    'site-insights/fetch-home': fetchHomeService.double(recorded['site-insights/fetch-home']),
    'site-insights/health-checks': healthChecksService.double(recorded['site-insights/health-checks']),
    'site-insights/google-access': googleAccessService.double(recorded['site-insights/google-access']),
    'site-insights/oauth': siteKitOAuth.double(recorded['site-insights/oauth']),
    'site-insights/site-kit-proxy': siteKitProxyService.double(recorded['site-insights/site-kit-proxy']),
    'site-insights/mail': siteInsightsMail.double(recorded['site-insights/mail']),
    'site-insights/google': googleApiService.double(recorded['site-insights/google']),
  };
}
