/**
 * Where a webhook may go (decisions.md#webhooks §4): only to public unicast addresses, unless the
 * operator sets WEBHOOKS_ALLOW_PRIVATE. The host is resolved and every address it gives must be
 * public; ipaddr.js names the range of each (anything but `unicast` is refused: loopback, RFC 1918
 * private, fc00::/7, link-local 169.254/16 and fe80::/10 with the cloud metadata address,
 * CGNAT 100.64/10, multicast, 0.0.0.0 and the other reserved ranges; IPv4-mapped IPv6 counts as
 * the IPv4 address it carries). The request then connects to the address checked here
 * (`pinnedLookup`), so a second DNS answer cannot swap it (DNS rebinding).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why a target is refused: `private` (a non-public address) or `unresolved` (no address). */
export class WebhookTargetError extends Error {
  constructor(
    readonly reason: 'private' | 'unresolved',
    message: string,
  ) {
    super(message);
    this.name = 'WebhookTargetError';
  }
}

/** One checked address of a target. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** Whether `ip` (an IPv4 or IPv6 literal) is a public unicast address. */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  return ipaddr.process(ip).range() === 'unicast';
}

/** The hostname of a URL without the brackets of an IPv6 literal. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * The addresses `url`'s host resolves to (the host itself for an IP literal), all checked: throws
 * `WebhookTargetError` 'unresolved' when it has none and 'private' when one is not public (unless
 * `allowPrivate`).
 */
export async function resolveTarget(url: URL, allowPrivate: boolean): Promise<CheckedAddress[]> {
  const host = bareHost(url);
  let addresses: CheckedAddress[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }];
  } else {
    try {
      const found = await dnsLookup(host, { all: true, verbatim: true });
      addresses = found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
    } catch {
      addresses = [];
    }
  }
  if (addresses.length === 0)
    throw new WebhookTargetError('unresolved', `the host ${host} could not be resolved`);
  if (!allowPrivate) {
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused)
      throw new WebhookTargetError(
        'private',
        `${host} resolves to ${refused.address}, not a public address (WEBHOOKS_ALLOW_PRIVATE is off)`,
      );
  }
  return addresses;
}

/** A `lookup` for the connection that answers only `address`, whatever the name (no second DNS query). */
export function pinnedLookup(checked: CheckedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: checked.address, family: checked.family }]);
    else callback(null, checked.address, checked.family);
  };
}
