/**
 * Which receivers a webhook may reach. Unless `server.webhooks.allowPrivateAddresses` is true, none
 * on a loopback, link-local, private or otherwise special address: whoever can create a webhook
 * would otherwise make the server POST to what only its own network should reach (a database's
 * HTTP port, a cloud's metadata service, an admin page on localhost).
 *
 * The name of a URL is checked when the webhook is created (an IP literal, `localhost`), and the
 * address each delivery connects to is checked again, in the connection's own DNS lookup: a name
 * that resolves to such an address, now or only later (DNS rebinding), is refused too.
 */
import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** The setting that lets webhooks reach private addresses, as messages name it. */
export const ALLOW_SETTING = 'server.webhooks.allowPrivateAddresses';

const blocked = new BlockList();
const IPV4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, 255.255.255.255 (broadcast) included
];
const IPV6: Array<[string, number]> = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
];
for (const [network, prefix] of IPV4) blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of IPV6) blocked.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, `::ffff:7f00:1`) carries, else undefined. */
function mappedIpv4(address: string): string | undefined {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : 8 - left.length - right.length).fill('0'), ...right].map((group) => parseInt(group, 16));
  if (groups.length !== 8 || groups.slice(0, 5).some((group) => group !== 0) || groups[5] !== 0xffff) return undefined;
  return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
}

/** Whether `address`, an IP address, is one a webhook may not reach unless allowed; anything else answers false. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/%.*$/, ''); // an IPv6 zone (fe80::1%eth0) names an interface, not an address
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family !== 6) return false;
  const mapped = mappedIpv4(bare);
  return mapped !== undefined ? blocked.check(mapped, 'ipv4') : blocked.check(bare, 'ipv6');
}

/** A URL's hostname without the brackets of an IPv6 literal nor a final dot, lower case. */
export function bareHost(hostname: string): string {
  return hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();
}

/** Whether a URL's hostname names a private address by itself: such an IP literal, or `localhost` and its subdomains. */
export function isPrivateHost(hostname: string): boolean {
  const host = bareHost(hostname);
  return host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host);
}

/** The code of the error a refused lookup gives the connection (its message is the reason to show). */
export const REFUSED = 'ERR_FOLIO_PRIVATE_ADDRESS';

/**
 * A DNS lookup for the connection of one delivery that fails when the name resolves to a private
 * address: the check is made on the very addresses the socket is about to connect to.
 * @example request(url, { lookup: refusingPrivate(dns.lookup) })
 */
export function refusingPrivate(resolve: LookupFunction = dnsLookup as LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const answers = Array.isArray(address) ? address : [{ address, family: family ?? isIP(address) }];
      // One private answer refuses them all: the connection might try any of them.
      const refused = answers.find((answer) => isPrivateAddress(answer.address));
      if (!refused) return callback(null, address, family);
      const reason = Object.assign(new Error(`refused: ${hostname} resolves to a private address (${refused.address}); set ${ALLOW_SETTING} to allow it`), { code: REFUSED });
      callback(reason, Array.isArray(address) ? [] : '', family);
    });
  };
}
