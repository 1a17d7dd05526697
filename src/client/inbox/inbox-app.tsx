// The shop's inbox: a separate chunk, never part of the customer's initial download.
import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from './api.js';
import { OrderList } from './order-list.js';
import { OrderView } from './order-view.js';
import { SignIn } from './sign-in.js';
import './inbox.css';

/** Client-side navigation inside /inbox. */
export function navigate(path: string) {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

function usePath(): string {
  const [path, setPath] = useState(window.location.pathname + window.location.search);
  useEffect(() => {
    const update = () => setPath(window.location.pathname + window.location.search);
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return path;
}

export default function InboxApp() {
  const [staff, setStaff] = useState<{ email: string } | null | undefined>(undefined);
  const path = usePath();

  useEffect(() => {
    document.title = 'Order inbox';
    api<{ email: string }>('/api/session').then(setStaff, () => setStaff(null));
  }, []);

  const signOut = useCallback(async () => {
    await api('/api/session', { method: 'DELETE' }).catch(() => {});
    setStaff(null);
    navigate('/inbox');
  }, []);

  /** Any 401 from the API means the session ended: back to sign-in. */
  const onAuthError = useCallback((err: unknown) => {
    if (err instanceof ApiError && err.status === 401) setStaff(null);
  }, []);

  if (staff === undefined) return <p className="inbox-page">Loading…</p>;
  if (staff === null) return <SignIn onSignedIn={setStaff} />;

  const match = /^\/inbox\/orders\/([0-9a-f-]{36})/.exec(path);
  return (
    <div className="inbox">
      <header className="inbox-header">
        <a
          href="/inbox"
          className="inbox-brand"
          onClick={(e) => {
            e.preventDefault();
            navigate('/inbox');
          }}
        >
          Order inbox
        </a>
        <span className="inbox-user">{staff.email}</span>
        <button type="button" className="button button-secondary" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main className="inbox-page">{match ? <OrderView id={match[1]!} onAuthError={onAuthError} /> : <OrderList onAuthError={onAuthError} />}</main>
    </div>
  );
}
