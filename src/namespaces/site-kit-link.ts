// The link between `seo-b/v1` and `site-insights/v1` on one server: Yoast reads Site Kit's data by
// calling Site Kit's own REST routes inside WordPress (`rest_do_request`), so when both namespaces
// are mounted together, seo-b's Site Kit widgets read site-insights' data layer. `variantB()` makes
// one link per call and hands it to both factories; site-insights attaches its data layer at mount,
// per site store, so two servers never answer through each other's.
import type { JsonValue, SiteStore } from '../store/types.js';
import type { StorageContext } from './define.js';

/** A read of Site Kit's `modules/{module}/data/{datapoint}`, made inside the server. */
export interface SiteKitDataRequest {
  /** The module's slug. */
  module: string;
  /** The datapoint. */
  datapoint: string;
  /** The request's parameters. */
  params: { [key: string]: JsonValue };
}

/** What Site Kit's route answered: the datapoint's JSON, or its error's message and status. */
export type SiteKitDataAnswer = { ok: true; data: JsonValue } | { ok: false; message: string; status: number };

/** A server's Site Kit data layer: answers a read as its REST route would for the user of `asker`. */
export type SiteKitDataLayer = (request: SiteKitDataRequest, asker: StorageContext, signal: AbortSignal) => Promise<SiteKitDataAnswer>;

/** The link one `variantB()` call shares between its seo-b and site-insights factories. */
export interface SiteKitLink {
  /** Called by site-insights at mount: its data layer for the server on `store`. */
  attach(store: SiteStore, layer: SiteKitDataLayer): void;
  /** The data layer mounted on `store`; undefined when site-insights is not mounted there. */
  layerFor(store: SiteStore): SiteKitDataLayer | undefined;
}

/** A new link, holding no data layer yet. */
export function siteKitLink(): SiteKitLink {
  const layers = new WeakMap<SiteStore, SiteKitDataLayer>();
  return {
    attach: (store, layer) => void layers.set(store, layer),
    layerFor: (store) => layers.get(store),
  };
}
