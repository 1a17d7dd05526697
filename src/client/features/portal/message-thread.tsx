// The messages on one order (docs/portal.md), opened on demand: the thread, oldest first, the
// shop's answers in the staff member's name, and a box to write. Loaded only when opened, so My
// orders makes one request per order the customer looks into, not one per order listed.
import { useState, type FormEvent, type SyntheticEvent } from 'react';
import type { OrderMessage } from '../../../shared/portal-api.js';
import { MAX_MESSAGE_CHARS } from '../../../shared/portal-api.js';
import { TextAreaField } from '../../components/fields.js';
import { FieldErrorsContext } from '../../components/field-errors.js';
import { ApiError } from '../../shared/api-error.js';
import { formatDate } from '../../shared/format.js';
import { portalApi } from './api.js';
import { usePortalText } from './messages.js';

export function MessageThread({ orderId }: { orderId: string }) {
  const { t, language } = usePortalText();
  const [messages, setMessages] = useState<OrderMessage[] | null>(null);
  const [draft, setDraft] = useState('');
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const path = `message-${orderId}`;

  const open = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (!event.currentTarget.open || messages) return;
    portalApi.messages(orderId).then(setMessages, () => setFailed(true));
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) {
      setErrors(new Map([[path, t.messageRequired]]));
      return;
    }
    setBusy(true);
    portalApi
      .sendMessage(orderId, draft.trim())
      .then(
        (m) => {
          setMessages((list) => [...(list ?? []), m]);
          setDraft('');
          setErrors(new Map());
          setFailed(false);
        },
        (err: unknown) => {
          if (err instanceof ApiError && err.status === 400) setErrors(new Map([[path, t.messageTooLong]]));
          else setFailed(true);
        },
      )
      .finally(() => setBusy(false));
  };

  return (
    <details className="portal-messages" onToggle={open}>
      <summary>{t.messagesTitle}</summary>
      {messages && messages.length === 0 && <p className="muted">{t.noMessages}</p>}
      {messages && messages.length > 0 && (
        <ol className="message-list">
          {messages.map((m) => (
            <li key={m.id} className={`message message-${m.author}`}>
              <p className="muted small">
                {m.author === 'shop' ? t.fromShop(m.staffEmail ?? '') : t.fromYou},{' '}
                {formatDate(m.createdAt, language, 'long')}
              </p>
              <p className="message-body">{m.body}</p>
            </li>
          ))}
        </ol>
      )}
      {failed && <p role="alert">{t.failed}</p>}
      <FieldErrorsContext.Provider value={errors}>
        <form onSubmit={send} noValidate>
          <TextAreaField label={t.yourMessage} value={draft} onChange={setDraft} path={path} />
          <p className="muted small">{t.messageHint(MAX_MESSAGE_CHARS)}</p>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t.sendMessage}
          </button>
        </form>
      </FieldErrorsContext.Provider>
    </details>
  );
}
