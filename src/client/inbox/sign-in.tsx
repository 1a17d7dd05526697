import { useState, type FormEvent } from 'react';
import { api, ApiError } from './api.js';

export function SignIn({ onSignedIn }: { onSignedIn: (staff: { email: string }) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      onSignedIn(await api<{ email: string }>('/api/session', { method: 'POST', body: JSON.stringify({ email, password }) }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The server cannot be reached. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="inbox-page sign-in">
      <h1>Order inbox</h1>
      <form className="card sign-in-form" onSubmit={handleSubmit} aria-label="Sign in">
        <div className="field">
          <label htmlFor="staff-email">Email</label>
          <input id="staff-email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="staff-password">Password</label>
          <input id="staff-password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </div>
        <div role="alert" className="form-error">
          {error}
        </div>
        <button type="submit" className="button button-primary" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}
