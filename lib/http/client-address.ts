import net from 'node:net';

/**
 * The client address behind a chain of proxies. `X-Forwarded-For` is a list each proxy appends to; only
 * entries appended by proxies we trust mean anything — whatever the client wrote itself comes first. Walk
 * from the right, skipping trusted proxies: the first untrusted hop is the client (taking the
 * first hop as is let every spoofed attempt escape the per-address limits).
 *
 * The server appends the connection's own peer address to the header before Next sees it
 * (lib/server/peer-address.ts), so the rightmost entry is always the real peer.
 */
export function clientAddressFrom(forwardedFor: string | null, trusted: TrustedProxies): string {
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((h) => normalizeAddress(h.trim()))
    .filter((h) => h.length > 0);
  if (hops.length === 0) return 'unknown';
  for (let i = hops.length - 1; i >= 0; i--) if (!trusted.has(hops[i]!)) return hops[i]!;
  // every hop is a trusted proxy: the leftmost is the best we know
  return hops[0]!;
}

/** `::ffff:10.0.0.1` → `10.0.0.1`; brackets and a port (`[::1]:443`, `10.0.0.1:80`) dropped. */
export function normalizeAddress(a: string): string {
  let s = a;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(s);
  if (bracketed) s = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(s)) s = s.slice(0, s.lastIndexOf(':'));
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(s);
  return (mapped ? mapped[1]! : s).toLowerCase();
}

export interface TrustedProxies {
  has(address: string): boolean;
}

/**
 * The trusted-proxy list from LEDGERLINE_TRUSTED_PROXIES: addresses and CIDR ranges, comma-separated
 * (`10.0.0.0/8, 192.0.2.7, fd00::/8`), or `loopback` for a proxy on the same host. Empty: no proxy is
 * trusted and the connection's peer is the client. Throws on an entry that is neither.
 */
export function parseTrustedProxies(spec: string | undefined): TrustedProxies {
  const list = new net.BlockList();
  for (const raw of (spec ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (raw === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [addr, bits, ...rest] = raw.split('/');
    const family = net.isIP(addr ?? '');
    if (!family || rest.length) throw new Error(`not an IP address or CIDR range: ${raw}`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(addr!, type);
    else {
      const prefix = Number(bits);
      if (!/^\d+$/.test(bits) || prefix > (family === 4 ? 32 : 128)) throw new Error(`bad prefix length in ${raw}`);
      list.addSubnet(addr!, prefix, type);
    }
  }
  return {
    has(address) {
      const family = net.isIP(address);
      return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/**
 * The key an address is limited by: an IPv4 address itself, an IPv6 address by its /64 — one customer's
 * network (RFC 6177 assigns at least a /64 per site), so rotating through the 2^64 addresses a client owns
 * no longer buys a fresh limit each time. Anything that is not an IP address is its own key.
 */
export function limiterKey(address: string): string {
  if (net.isIP(address) !== 6) return address;
  const groups = expandIpv6(address);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : address;
}

/** The eight 16-bit groups of an IPv6 address (lower-case, no leading zeros), an embedded IPv4 tail included. */
function expandIpv6(address: string): string[] | null {
  let a = address.toLowerCase().split('%')[0] ?? '';
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(a);
  if (v4) {
    const [b1, b2, b3, b4] = v4.slice(1).map(Number) as [number, number, number, number];
    a = `${a.slice(0, v4.index)}${((b1 << 8) | b2).toString(16)}:${((b3 << 8) | b4).toString(16)}`;
  }
  const [head, tail, ...more] = a.split('::');
  if (more.length) return null;
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(Math.max(0, fill)).fill('0'), ...right];
  if (groups.length !== 8) return null;
  return groups.map((g) => Number.parseInt(g || '0', 16).toString(16));
}
