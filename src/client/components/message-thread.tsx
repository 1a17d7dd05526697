// The messages on one order (docs/portal.md, "Messages on an order"), the same on the order's
// page, in My orders and in the inbox: the thread, oldest first, each shop message signed with
// its staff member's name ("Marie, Atelier Nord"), pictures shown by the server's preview and
// every file downloadable; and a box to write, with one picture or PDF attached. The server
// checks the file by its bytes and says why it refuses one; the size is checked here first so a
// phone does not upload 30 MB to be told so.
import { useEffect, useState, type FormEvent } from 'react';
import type { OrderMessage } from '../../shared/portal-api.js';
import { MAX_MESSAGE_CHARS, MAX_MESSAGE_FILE_BYTES, MESSAGE_FILE_ACCEPT } from '../../shared/portal-api.js';
import { formatBytes } from '../../shared/order-presentation.js';
import { ApiError } from '../shared/api-error.js';
import { formatDate } from '../shared/format.js';
import type { Language } from '../shared/language.js';
import type { ThreadApi } from '../shared/message-api.js';
import { fieldId, FieldErrorsContext } from './field-errors.js';
import { TextAreaField } from './fields.js';
import { useThreadText } from './message-thread-labels.js';
import './message-thread.css';

/**
 * When a message was written, as its reader reads it: in the shop's time zone, as every date a
 * customer or clerk reads (docs/accounts.md, "Dates"), not the browser's or UTC.
 */
export function messageTime(createdAt: string, language: Language, timeZone: string | undefined): string {
  return formatDate(createdAt, language, 'long', timeZone);
}

export function MessageThread({
  api,
  reader,
  hint,
  idPrefix,
  timeZone,
}: {
  api: ThreadApi;
  /** Whose screen this is: the customer's own messages read "You" to them, "The customer" to the shop. */
  reader: OrderMessage['author'];
  /** What happens to a message sent (who is told, where they answer). */
  hint: string;
  /** Makes the fields' ids unique when several threads share a page (My orders). */
  idPrefix: string;
  /** The shop's time zone (IANA): each message's time is said in it (the browser's only before the server said). */
  timeZone: string | undefined;
}) {
  const { t, language } = useThreadText();
  const [messages, setMessages] = useState<OrderMessage[] | null>(null);
  const [draft, setDraft] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sentCount, setSentCount] = useState(0);
  const bodyPath = `${idPrefix}-message`;
  const filePath = `${idPrefix}-file`;
  const maxSize = formatBytes(MAX_MESSAGE_FILE_BYTES, language);

  useEffect(() => {
    let live = true;
    api.list().then(
      (list) => live && setMessages(list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const body = draft.trim();
    if (!body && !file) return setErrors(new Map([[bodyPath, t.required]]));
    if (body.length > MAX_MESSAGE_CHARS) return setErrors(new Map([[bodyPath, t.tooLong(MAX_MESSAGE_CHARS)]]));
    if (file && file.size > MAX_MESSAGE_FILE_BYTES) return setErrors(new Map([[filePath, t.fileTooLarge(maxSize)]]));
    setBusy(true);
    setFailed(false);
    api
      .send(body, file)
      .then(
        (m) => {
          setMessages((list) => [...(list ?? []), m]);
          setDraft('');
          setFile(null);
          setFileKey((k) => k + 1);
          setErrors(new Map());
          setSentCount((n) => n + 1);
        },
        (err: unknown) => {
          if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 404) {
            const path = err.fields.includes('file') ? filePath : bodyPath;
            setErrors(new Map([[path, err.messageIn(language)]]));
          } else setFailed(true);
        },
      )
      .finally(() => setBusy(false));
  };

  const fileError = errors.get(filePath);
  const fileInputId = fieldId(filePath);
  // The shop's messages are signed for both sides ("Marie, Atelier Nord"): in the inbox, several
  // clerks answer the same thread.
  const who = (m: OrderMessage) =>
    m.author === 'shop' ? (m.signature ?? '') : reader === 'customer' ? t.fromYou : t.fromCustomer;

  return (
    <div className="message-thread">
      {!messages && !failed && <p className="muted">{t.loading}</p>}
      {messages && messages.length === 0 && <p className="muted">{t.noMessages}</p>}
      {messages && messages.length > 0 && (
        <ol className="message-list" aria-label={t.list}>
          {messages.map((m) => (
            <li key={m.id} className={`message message-${m.author === reader ? 'own' : 'theirs'}`}>
              <p className="muted small">
                <strong>
                  <bdi>{who(m)}</bdi>
                </strong>
                , {messageTime(m.createdAt, language, timeZone)}
              </p>
              {/* dir="auto" isolates what a person wrote: its direction cannot spill onto the page. */}
              {m.body && (
                <p className="message-body" dir="auto">
                  {m.body}
                </p>
              )}
              {m.files.map((f) => (
                <p key={f.id} className="message-file">
                  {f.mediaType.startsWith('image/') && (
                    <img
                      className="message-preview"
                      src={api.fileUrl(f.id, true)}
                      alt={t.previewOf(f.name)}
                      loading="lazy"
                    />
                  )}
                  <a href={api.fileUrl(f.id)} download={f.name}>
                    {t.download(f.name, formatBytes(f.size, language))}
                  </a>
                </p>
              ))}
            </li>
          ))}
        </ol>
      )}
      {failed && <p role="alert">{t.failed}</p>}
      <p aria-live="polite" className="visually-hidden">
        {sentCount > 0 ? t.sent : ''}
      </p>
      <FieldErrorsContext.Provider value={errors}>
        <form onSubmit={send} noValidate className="message-form">
          <TextAreaField label={t.yourMessage} value={draft} onChange={setDraft} path={bodyPath} />
          <div className="field">
            <label htmlFor={fileInputId}>{t.attach}</label>
            <p className="muted small" id={`${fileInputId}-hint`}>
              {t.attachHint(maxSize)}
            </p>
            {fileError && (
              <p id={`${fileInputId}-error`} className="field-error">
                {fileError}
              </p>
            )}
            <input
              key={fileKey}
              id={fileInputId}
              type="file"
              accept={MESSAGE_FILE_ACCEPT}
              aria-describedby={`${fileInputId}-hint${fileError ? ` ${fileInputId}-error` : ''}`}
              aria-invalid={fileError ? true : undefined}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </div>
          <p className="muted small">{hint}</p>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? t.sending : t.send}
          </button>
        </form>
      </FieldErrorsContext.Provider>
    </div>
  );
}
