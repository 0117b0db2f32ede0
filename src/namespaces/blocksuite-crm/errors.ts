// Kadence's FluentCRM route has no error of its own: an inactive FluentCRM, an endpoint it does not
// know and a CRM that gave nothing are all answered with an empty list, status 200.

/** `[]`: what the route answers where FluentCRM has nothing to give. */
export const nothingFromCrm = (): [] => [];
