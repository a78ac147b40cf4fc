import { cookieToInitialState } from '@latch/kernel';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { readConfig } from './config';
import { Providers } from './providers';

export const metadata = { title: 'Latch on Next.js' };

/** Server component: the visitor's connection from the cookies, so the first HTML shows the account. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  // Reading the request makes every page render per request: each response gets its own CSP nonce.
  const requestHeaders = await headers();
  const config = readConfig();
  const initialState = config.cookieState ? cookieToInitialState(requestHeaders.get('cookie')) : undefined;
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', margin: 32, background: '#111', color: '#eee' }}>
        <Providers config={config} initialState={initialState}>
          {children}
        </Providers>
      </body>
    </html>
  );
}
