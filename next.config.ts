import type { NextConfig } from 'next';
import { API_CSP, STATIC_SECURITY_HEADERS } from './lib/http/security-headers';
import { SERVER_ACTION_MAX_BYTES } from './lib/http/action-body';

const nextConfig: NextConfig = {
  serverExternalPackages: ['@electric-sql/pglite', '@electric-sql/pglite-pgvector', 'pg'],
  poweredByHeader: false,
  typedRoutes: false,
  // the same limit proxy.ts answers with a typed 413 when a body declares more
  experimental: { serverActions: { bodySizeLimit: SERVER_ACTION_MAX_BYTES } },
  // `npm run typecheck` (tsc over app, lib, tests) runs in CI; the build does not repeat it
  typescript: { ignoreBuildErrors: true },
  // nosniff, Referrer-Policy, Permissions-Policy, X-Frame-Options on every response; a no-content CSP on the
  // API (pages get a nonce CSP from proxy.ts)
  async headers() {
    return [
      { source: '/:path*', headers: [...STATIC_SECURITY_HEADERS] },
      // (not the pdf.js worker script: a worker runs under its own response's CSP)
      { source: '/api/:path((?!pdf-worker).*)', headers: [{ key: 'Content-Security-Policy', value: API_CSP }] },
    ];
  },
};

export default nextConfig;
