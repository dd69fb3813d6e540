import { BlockList, isIP } from 'node:net';
import type { TrustProxy } from '../config.js';

/** Where a proxy in front of the server can connect from: this host or a private network. */
const NEARBY = new BlockList();
NEARBY.addSubnet('127.0.0.0', 8, 'ipv4');
NEARBY.addSubnet('10.0.0.0', 8, 'ipv4');
NEARBY.addSubnet('172.16.0.0', 12, 'ipv4');
NEARBY.addSubnet('192.168.0.0', 16, 'ipv4');
NEARBY.addSubnet('169.254.0.0', 16, 'ipv4');
NEARBY.addAddress('::1', 'ipv6');
NEARBY.addSubnet('fc00::', 7, 'ipv6');
NEARBY.addSubnet('fe80::', 10, 'ipv6');

function isNearby(address: string): boolean {
  const version = isIP(address);
  // IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) are checked against the IPv4 ranges.
  return version !== 0 && NEARBY.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A list of addresses and CIDRs goes through as it is.
 *
 * A hop count cannot: Fastify refuses numbers (it trusts nothing for them), because "trust the
 * nearest N hops" also trusts a client that reaches the server directly and sends its own
 * X-Forwarded-For. So the count is honoured only when the socket peer is on this host or a
 * private network, where a proxy in front of the server lives; a peer on the internet is the
 * client itself. The client address is then the one the N-th proxy saw, i.e. the N-th entry of
 * X-Forwarded-For from the right, never the left part the client wrote.
 */
export function toFastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (address, hop) => hop < trust && (hop > 0 || isNearby(address));
}
