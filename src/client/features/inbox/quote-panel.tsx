// "Prepare quote" on an order: the versions sent, then the editor (quote-editor.tsx) on demand.
// Texts in quote-messages.ts, in the staff member's language.
import { useState } from 'react';
import type { Attachment } from './api.js';
import { QuoteEditor } from './quote-editor.js';
import { useQuoteText } from './quote-messages.js';
import { QuoteVersions } from './quote-versions.js';
import { useQuote } from './use-quote.js';

export function QuotePanel({
  orderId,
  customerEmail,
  attachments,
  layoutNumbers,
  onChanged,
}: {
  orderId: string;
  customerEmail: string;
  attachments: Attachment[];
  layoutNumbers: number[];
  /** After a version is sent: the order's status and history changed. */
  onChanged: () => void;
}) {
  const { t } = useQuoteText();
  const { state, error, reload } = useQuote(orderId);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState('');

  return (
    <section className="card no-print quote-panel" aria-labelledby="h-quote">
      <h2 id="h-quote">{t.heading}</h2>
      {notice && (
        <p role="status" className="inbox-notice" tabIndex={-1} ref={(p) => p?.focus()}>
          {notice}
        </p>
      )}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {!state ? (
        <p>{t.loading}</p>
      ) : (
        <>
          {state.versions.length > 0 && <QuoteVersions versions={state.versions} />}
          {editing ? (
            <QuoteEditor
              orderId={orderId}
              state={state}
              attachments={attachments}
              layoutNumbers={layoutNumbers}
              onProofs={() => void reload()}
              onClose={() => setEditing(false)}
              onSaved={(message) => {
                setNotice(message);
                void reload();
              }}
              onSent={(version) => {
                setEditing(false);
                setNotice(t.sent(version, customerEmail));
                void reload();
                onChanged();
              }}
            />
          ) : (
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                setNotice('');
                setEditing(true);
              }}
            >
              {state.versions.length > 0 ? t.revise : t.prepare}
            </button>
          )}
        </>
      )}
    </section>
  );
}
