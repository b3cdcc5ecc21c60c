import http from 'node:http';
import https from 'node:https';

/**
 * Make the connection's peer address the last X-Forwarded-For hop, as a proxy in front would. Next only
 * fills X-Forwarded-For when the client sent none (`??=`), so a client writing its own header hid its real
 * address from the per-address limits. With the peer appended, lib/http/client-address.ts
 * walks the list from the right and believes earlier hops only through LEDGERLINE_TRUSTED_PROXIES.
 *
 * Installed once per process from instrumentation.ts (before the first request): wraps `emit` of the
 * HTTP(S) server prototypes for the 'request' event only.
 */
export function installPeerAddressHook(): void {
  const marker = Symbol.for('ledgerline.peer-address-hook');
  for (const proto of [http.Server.prototype, https.Server.prototype]) {
    if (Reflect.get(proto, marker)) continue;
    const emit = proto.emit;
    proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
      if (event === 'request') appendPeer(args[0] as http.IncomingMessage);
      return Reflect.apply(emit, this, [event, ...args]) === true;
    } as typeof proto.emit;
    Reflect.set(proto, marker, true);
  }
}

/** Append the socket's remote address to the request's X-Forwarded-For (one header, comma-joined). */
export function appendPeer(req: http.IncomingMessage): void {
  const peer = req.socket?.remoteAddress;
  if (!peer) return;
  const given = req.headers['x-forwarded-for'];
  const list = (Array.isArray(given) ? given.join(', ') : (given ?? '')).trim();
  req.headers['x-forwarded-for'] = list ? `${list}, ${peer}` : peer;
}
