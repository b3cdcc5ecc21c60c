import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { installPeerAddressHook } from './peer-address';

/** A client-written X-Forwarded-For must not hide the connection's real address. */
describe('peer address hook', () => {
  it('appends the socket peer as the last X-Forwarded-For hop, whatever the client sent', async () => {
    installPeerAddressHook();
    installPeerAddressHook(); // idempotent: the peer is appended once
    const seen: Array<string | undefined> = [];
    const server = http.createServer((req, res) => {
      seen.push(req.headers['x-forwarded-for'] as string | undefined);
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-forwarded-for': '6.6.6.6' } }).then((r) => r.text());
      await fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
    } finally {
      await new Promise((r) => server.close(r));
    }
    expect(seen).toEqual(['6.6.6.6, 127.0.0.1', '127.0.0.1']);
  });
});
