import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { AppNav } from '@/components/app-nav';
import { getViewer } from '@/lib/server/session';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Ledgerline', template: '%s · Ledgerline' },
  description: 'Period-correct, cited answers about companies’ reported numbers.',
};

export const dynamic = 'force-dynamic';

export default async function RootLayout({ children }: { children: ReactNode }) {
  const viewer = await getViewer();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2">
          Skip to content
        </a>
        <AppNav viewer={viewer} />
        <main id="main" className="mx-auto max-w-7xl px-4 py-6">
          {children}
        </main>
      </body>
    </html>
  );
}
