// The messages on the order, in the inbox (docs/portal.md, "Messages on an order"): the shared
// thread under the staff session (opening it marks the customer's messages read), answers signed
// "Marie, <shop>", and the name the staff member signs with, which they set here.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { MessageThread } from '../../components/message-thread.js';
import { FieldErrorsContext } from '../../components/field-errors.js';
import { TextField } from '../../components/fields.js';
import { ApiError } from '../../shared/api-error.js';
import { useInboxText } from './messages.js';
import { useInboxApi, useSession } from './session.js';

export function MessagesPanel({ orderId }: { orderId: string }) {
  const { t } = useInboxText();
  const api = useInboxApi();
  const { staff } = useSession();
  const thread = useMemo(() => api.messages(orderId), [api, orderId]);
  return (
    <section className="card no-print" aria-labelledby="h-messages">
      <h2 id="h-messages">{t.order.messagesHeading}</h2>
      <MessageThread
        api={thread}
        reader="shop"
        hint={t.order.messagesHint}
        idPrefix={`staff-${orderId}`}
        timeZone={staff?.timeZone}
      />
      <StaffNameForm />
    </section>
  );
}

function StaffNameForm() {
  const { t, language } = useInboxText();
  const api = useInboxApi();
  const [name, setName] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());

  useEffect(() => {
    let live = true;
    api.staffName().then(
      (n) => live && setName(n ?? ''),
      () => live && setName(''),
    );
    return () => {
      live = false;
    };
  }, [api]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    api.saveStaffName(name ?? '').then(
      (saved) => {
        setName(saved ?? '');
        setErrors(new Map());
        setStatus(t.order.nameSaved);
      },
      (err: unknown) =>
        setErrors(new Map([['staff-name', err instanceof ApiError ? err.messageIn(language) : String(err)]])),
    );
  };

  if (name === null) return null;
  return (
    <details className="staff-name">
      <summary>{t.order.yourName}</summary>
      <FieldErrorsContext.Provider value={errors}>
        <form onSubmit={save} noValidate>
          <TextField label={t.order.yourName} value={name} onChange={setName} path="staff-name" autoComplete="name" />
          <p className="muted small">{t.order.yourNameHint}</p>
          <button type="submit" className="button button-secondary">
            {t.order.saveName}
          </button>
          <p aria-live="polite">{status}</p>
        </form>
      </FieldErrorsContext.Provider>
    </details>
  );
}
