import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { onRequestHookHandler } from 'fastify';

/**
 * Which proxies' X-Forwarded-For the portal believes, in Fastify's trustProxy forms:
 * false (none: the client is the socket's peer), a hop count (that many proxies in front,
 * so the client is that many addresses from the right), or the proxies' addresses.
 * Never `true`: Fastify would then take the leftmost address, which the client writes.
 */
export type TTrustProxy = false | number | string[];

// proxy-addr's names for address ranges.
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isProxyAddress = (entry: string) => {
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length > 0 || isIP(address) === 0) {
    return RANGE_NAMES.has(entry);
  }
  if (bits === undefined) {
    return true;
  }
  const max = isIP(address) === 4 ? 32 : 128;
  // An IPv4 netmask (10.0.0.0/255.0.0.0) is accepted as proxy-addr accepts it.
  return /^\d+$/.test(bits) ? Number(bits) <= max : isIP(bits) === 4;
};

/**
 * Reads TRUST_PROXY: unset, "false", "0" → no proxy; "true" → one hop (a single reverse
 * proxy); a whole number → that many hops; otherwise a comma-separated list of proxy
 * addresses, CIDR ranges or proxy-addr's names (loopback, linklocal, uniquelocal).
 */
export const parseTrustProxy = (raw: string | undefined): TTrustProxy => {
  const value = (raw ?? '').trim().toLowerCase();
  if (['', 'false', 'no', 'off', '0'].includes(value)) {
    return false;
  }
  if (['true', 'yes', 'on'].includes(value)) {
    return 1;
  }
  if (/^\d+$/.test(value)) {
    return Number(value);
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const invalid = entries.filter((entry) => !isProxyAddress(entry));
  if (entries.length === 0 || invalid.length > 0) {
    throw new Error(
      `TRUST_PROXY must be false, a hop count or proxy addresses (IPs or CIDR ranges), got "${raw ?? ''}"`,
    );
  }
  return entries;
};

/**
 * The value for Fastify's trustProxy option. Fastify trusts no one for a bare hop count
 * (it cannot tell the proxy from a client that reached the portal around it), so the
 * count becomes the function proxy-addr takes: the socket's peer and the next hops - 1
 * addresses from the right are proxies. That is only sound when the portal can be
 * reached through the proxy alone (README, "Running in production").
 */
export const fastifyTrustProxy = (trust: TTrustProxy) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/**
 * Tells whether a socket's peer is one of the listed proxies, with the same test Fastify
 * applies to TRUST_PROXY. A hop count names no address, so it lists none.
 */
export const listedProxy = (trust: TTrustProxy): ((address: string) => boolean) => {
  if (!Array.isArray(trust)) {
    return () => false;
  }
  const isListed = proxyAddr.compile(trust);
  return (address) => isListed(address, 0);
};

/**
 * An onRequest hook for when TRUST_PROXY is set. A proxy passes on whatever the client
 * wrote in X-Forwarded-For, so when the address the portal would believe is not an IP
 * address (`=cmd|'/C calc'!A0`, a host name), the header is dropped and request.ip falls
 * back to the socket's peer. Everything that reads request.ip (audit rows, sign-in
 * limits, contact messages) then sees only addresses.
 */
export const believeOnlyAddresses: onRequestHookHandler = (request, _reply, done) => {
  if (request.headers['x-forwarded-for'] !== undefined && isIP(request.ip) === 0) {
    delete request.raw.headers['x-forwarded-for'];
  }
  done();
};
