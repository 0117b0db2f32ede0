import type { Checks, Handlers } from '../define.js';
import { seoAAnalysisChecks, seoAAnalysisHandlers, type SeoAAnalysisDeps } from './analysis-handlers.js';
import type { seoARoutes } from './routes.js';

/** What the seo-a handlers run on. */
type SeoADeps = SeoAAnalysisDeps;

/** Every handler the seo-a route table names. */
export function seoAHandlers(deps: SeoADeps): Handlers<typeof seoARoutes> {
  return { ...seoAAnalysisHandlers(deps) };
}

/** Every permission check the seo-a route table names. */
export function seoAChecks(deps: SeoADeps): Checks<typeof seoARoutes> {
  return { ...seoAAnalysisChecks(deps) };
}
