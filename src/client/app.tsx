// The app shell: one feature per path (docs/product.md, Routes). The order form is in the first
// download; the shop's inbox, the customer's order page (/o/<token>), My orders (/my-orders)
// and a team member's size page (/c/<link>) are chunks of their own, loaded only when visited.
import { Suspense } from 'react';
import { lazyOrReload } from './components/chunk-failed.js';
import { OrderFormApp } from './features/order-form/order-form-app.js';
import type { ClientSettings } from './settings.js';

const InboxApp = lazyOrReload(() => import('./features/inbox/inbox-app.js'));
const OrderStatusApp = lazyOrReload(() => import('./features/order-status/order-status-app.js'));
const PortalApp = lazyOrReload(() => import('./features/portal/portal-app.js'));
const MemberApp = lazyOrReload(() => import('./features/collections/member-app.js'));
const ORDER_LINK_PATH = /^\/o\/([A-Za-z0-9_-]+)$/;
const COLLECTION_PATH = /^\/c\/([A-Za-z0-9_-]+)$/;

export function App({ path, settings }: { path: string; settings: ClientSettings }) {
  const orderLink = ORDER_LINK_PATH.exec(path)?.[1];
  if (orderLink) {
    return (
      <Suspense fallback={<p className="page">…</p>}>
        <OrderStatusApp token={orderLink} logo={settings.logo} />
      </Suspense>
    );
  }
  const collectionLink = COLLECTION_PATH.exec(path)?.[1];
  if (collectionLink) {
    return (
      <Suspense fallback={<p className="page">…</p>}>
        <MemberApp link={collectionLink} />
      </Suspense>
    );
  }
  if (path === '/my-orders') {
    return (
      <Suspense fallback={<p className="page">…</p>}>
        <PortalApp logo={settings.logo} />
      </Suspense>
    );
  }
  if (path === '/inbox' || path.startsWith('/inbox/')) {
    return (
      <Suspense fallback={<p className="page">Loading…</p>}>
        <InboxApp />
      </Suspense>
    );
  }
  return (
    // Shown in French, the form waits for its French texts (a chunk of their own).
    <Suspense fallback={null}>
      <OrderFormApp path={path} settings={settings} />
    </Suspense>
  );
}
