/**
 * SCIM's discovery endpoints (decisions.md#scim; RFC 7644 §4, RFC 7643 §5-§7): what
 * `/ServiceProviderConfig`, `/Schemas` and `/ResourceTypes` declare, as SCIMMY produces them from
 * its configuration and the declared User and Group resources. The features are the ones served:
 * PATCH yes; bulk, sort, ETags and password change no; filters yes, at most `scimMaxResults`
 * resources per list answer; the API token as an OAuth bearer token.
 */
import SCIMMY from 'scimmy';

/** The most resources one list answer carries (`filter.maxResults`); a larger `count` is cut to it. */
export const scimMaxResults = 200;

/**
 * Sets SCIMMY's service provider configuration and the discovery resources' `basepath` (the
 * absolute `/scim/v2` of `meta.location`). Idempotent: the same configuration on every call.
 */
export function declareScimDiscovery(basepath: string): void {
  SCIMMY.Resources.ServiceProviderConfig.basepath(basepath);
  SCIMMY.Resources.Schema.basepath(basepath);
  SCIMMY.Resources.ResourceType.basepath(basepath);
  SCIMMY.Config.set({
    patch: true,
    bulk: false,
    filter: scimMaxResults,
    changePassword: false,
    sort: false,
    etag: false,
    // Cumulative in SCIMMY: emptied first, so a second app in the process does not add it twice.
    authenticationSchemes: [],
  });
  SCIMMY.Config.set('authenticationSchemes', {
    type: 'oauthbearertoken',
    name: 'OAuth Bearer Token',
    description:
      'An API token of the organization with the scope scim:provision, sent as Authorization: Bearer.',
    specUri: 'https://www.rfc-editor.org/rfc/rfc6750',
  });
}
