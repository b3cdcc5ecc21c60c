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
