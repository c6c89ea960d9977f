import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The part of a client address that the limits count. An IPv4 address as it is; an IPv6 address by its
 * /64, since one subscriber, or one virtual machine, is routinely given a whole /64 and can pick any of its
 * 2^64 addresses for each request; an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) as the IPv4 it is.
 * Anything else (no address at all behind some proxies) is counted as given.
 */
export function addressBlock(ip: string): string {
  const address = ip.split('%')[0]?.toLowerCase() ?? '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return ip;
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) =>
    // A trailing IPv4 (`::1.2.3.4`) fills two groups; only the first four groups are kept anyway.
    part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  const groups = [...before, ...Array(8 - before.length - after.length).fill('0'), ...after];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * A client address as it appears in rate-limit and stream-cap keys: a keyed hash of its addressBlock(),
 * never the address itself, so the counters in Redis or PostgreSQL hold no personal data. Keyed with the
 * session secret because a plain hash of an IPv4 address is reversed by hashing all 2^32 of them. The same
 * client always gives the same value, so it still counts as one; 64 bits keep two clients from sharing one.
 */
export function hashAddress(secret: string, ip: string): string {
  return createHmac('sha256', secret)
    .update('budrunde client address v1\0')
    .update(addressBlock(ip))
    .digest('hex')
    .slice(0, 16);
}
