// The two routes of spec section 2 (and the shop's inbox, loaded only when visited).
import { lazy, Suspense } from 'react';
import { NotFound } from './not-found.js';
import { OrderPage } from './order-form/order-page.js';
import type { ClientSettings } from './settings.js';

const InboxApp = lazy(() => import('./inbox/inbox-app.js'));

export function App({ path, settings }: { path: string; settings: ClientSettings }) {
  if (path === '/') return <OrderPage settings={settings} />;
  if (path === '/inbox' || path.startsWith('/inbox/')) {
    return (
      <Suspense fallback={<p className="page">Loading…</p>}>
        <InboxApp />
      </Suspense>
    );
  }
  return <NotFound path={path} />;
}
