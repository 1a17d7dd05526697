// The organiser's panel of a team's size collection (docs/collections.md), a chunk of its own:
// makes the members' link for this layout's garment, then shows the entries as they come
// (polled), fills the variation's sizes and the layout's names-and-numbers list from them, and
// closes the entries. Both secrets are kept in the form's draft in this browser only.
import { useEffect, useId, useRef, useState, type Dispatch, type KeyboardEvent } from 'react';
import {
  asTeamName,
  type CreatedCollection,
  type RollUp,
  type RollUpEntry,
  type TeamName,
} from '../../../../shared/collections-api.js';
import { readSizeBoxes } from '../../../../shared/prices/size-grid.js';
import { fieldId, useFieldError } from '../../../components/field-errors.js';
import { TeamEntriesTable } from '../../../components/team-entries-table.js';
import { ApiError, isRecord } from '../../../shared/api-error.js';
import { callApi, expectAnswer } from '../../../shared/call-api.js';
import { daysFromToday, formatDay } from '../../../shared/format.js';
import type { LayoutState, OrderAction } from '../order-state.js';
import { SizeBoxes } from '../size-boxes.js';
import { useTeamSizesText } from './team-sizes-messages.js';
import './team-sizes.css';

/** How often the roll-up is read while entries are open. */
const POLL_MS = 4_000;

const isCreated = (b: unknown): b is CreatedCollection =>
  isRecord(b) && typeof b.link === 'string' && typeof b.organiserKey === 'string';
const isRollUp = (b: unknown): b is RollUp =>
  isRecord(b) && Array.isArray(b.entries) && Array.isArray(b.counts) && typeof b.open === 'boolean';

const readRollUp = (organiserKey: string, close = false) =>
  callApi(close ? '/api/collections/close' : '/api/collections/roll-up', {
    method: close ? 'POST' : 'GET',
    headers: { 'x-organiser-key': organiserKey },
  }).then((b) => expectAnswer(b, isRollUp, 'roll-up'));

/** The pieces a sizes text asks for of the garment's sizes; 0 when it cannot be read by size. */
const piecesIn = (text: string, sizes: readonly string[]) =>
  (readSizeBoxes(text, sizes) ?? []).reduce((sum, box) => sum + box.quantity, 0);

const sameNames = (a: readonly TeamName[] | undefined, b: readonly TeamName[]) =>
  JSON.stringify(a ?? []) === JSON.stringify(b);

export default function TeamSizesPanel({
  layout,
  position,
  variationId,
  garment,
  sizes,
  dispatch,
}: {
  layout: LayoutState;
  position: number;
  variationId: string;
  garment: string;
  sizes: readonly string[];
  dispatch: Dispatch<OrderAction>;
}) {
  const { t } = useTeamSizesText();
  const id = useId();
  const collection = layout.collection;
  return (
    <section className="team-sizes" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t.heading}</h3>
      {collection ? (
        <RollUpView layout={layout} position={position} sizes={sizes} dispatch={dispatch} />
      ) : (
        <CreateForm
          onCreated={(created, title, closesOn, asksPrint) =>
            dispatch({
              type: 'collectionCreated',
              layout: layout.number,
              collection: { ...created, title, closesOn, variationId, asksPrint },
            })
          }
          garment={garment}
          ownPieces={piecesIn(layout.variations.find((v) => v.id === variationId)?.sizes ?? '', sizes)}
        />
      )}
    </section>
  );
}

function CreateForm({
  garment,
  ownPieces,
  onCreated,
}: {
  garment: string;
  /** The pieces the organiser already typed for this garment: they stay as her extra pieces. */
  ownPieces: number;
  onCreated: (created: CreatedCollection, title: string, closesOn: string, asksPrint: boolean) => void;
}) {
  const { t, language } = useTeamSizesText();
  const id = useId();
  const [title, setTitle] = useState('');
  const [closesOn, setClosesOn] = useState(() => daysFromToday(7));
  const [asksPrint, setAsksPrint] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const errorOf = (field: string) => (error?.fields.includes(field) ? error.messageIn(language) : null);

  const submit = () => {
    setBusy(true);
    setError(null);
    callApi('/api/collections', { method: 'POST', body: JSON.stringify({ title, garment, closesOn, asksPrint }) })
      .then((b) => expectAnswer(b, isCreated, 'collection'))
      .then(
        (created) => onCreated(created, title.trim(), closesOn, asksPrint),
        (err: unknown) => setError(err instanceof ApiError ? err : new ApiError(String(err), 0, 'failed')),
      )
      .finally(() => setBusy(false));
  };

  // Enter in these fields makes the link; it must not send the order's own form.
  const enterCreates = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (!busy) submit();
  };

  const titleError = errorOf('title');
  const dateError = errorOf('closesOn');
  const other = error && !titleError && !dateError ? error.messageIn(language) : null;
  // A div, not a nested <form>: the panel sits inside the order's own form.
  return (
    <div className="team-sizes-create" role="group" aria-labelledby={`${id}-intro`}>
      <p id={`${id}-intro`}>{t.intro}</p>
      <div className="field">
        <label htmlFor={`${id}-title`}>{t.title}</label>
        {titleError && (
          <p id={`${id}-title-error`} className="field-error">
            {titleError}
          </p>
        )}
        <input
          id={`${id}-title`}
          type="text"
          value={title}
          maxLength={80}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? `${id}-title-error` : undefined}
          onChange={(e) => setTitle(e.target.value)}
          onKeyDown={enterCreates}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-date`}>{t.closesOn}</label>
        {dateError && (
          <p id={`${id}-date-error`} className="field-error">
            {dateError}
          </p>
        )}
        <input
          id={`${id}-date`}
          type="date"
          value={closesOn}
          aria-invalid={dateError ? true : undefined}
          aria-describedby={dateError ? `${id}-date-error` : undefined}
          onChange={(e) => setClosesOn(e.target.value)}
          onKeyDown={enterCreates}
        />
      </div>
      <div className="team-sizes-choice">
        <div className="check">
          <input
            id={`${id}-ask-print`}
            type="checkbox"
            checked={asksPrint}
            aria-describedby={`${id}-ask-print-hint`}
            onChange={(e) => setAsksPrint(e.target.checked)}
          />
          <label htmlFor={`${id}-ask-print`}>{t.askPrint}</label>
        </div>
        <p className="muted" id={`${id}-ask-print-hint`}>
          {t.askPrintHint}
        </p>
      </div>
      {ownPieces > 0 && <p>{t.ownKept(ownPieces)}</p>}
      {other && (
        <p role="alert" className="field-error">
          {other}
        </p>
      )}
      <button type="button" className="button button-primary" disabled={busy} onClick={submit}>
        {busy ? t.creating : t.create}
      </button>
    </div>
  );
}

function RollUpView({
  layout,
  position,
  sizes,
  dispatch,
}: {
  layout: LayoutState;
  position: number;
  sizes: readonly string[];
  dispatch: Dispatch<OrderAction>;
}) {
  const { t, language } = useTeamSizesText();
  const id = useId();
  const collection = layout.collection!;
  // The form refuses to send the order while entries are open: its error shows here.
  const openPath = `layouts.${position}.collection.open`;
  const openError = useFieldError(openPath);
  const [rollUp, setRollUp] = useState<RollUp | null>(null);
  const [problem, setProblem] = useState<'failed' | 'gone' | null>(null);
  const [copied, setCopied] = useState(false);
  const url = `${window.location.origin}/c/${collection.link}`;

  // The latest layout, for the fill below (the poll's closure outlives a render).
  const latest = useRef(layout);
  useEffect(() => {
    latest.current = layout;
  });

  const take = (next: RollUp) => {
    setRollUp(next);
    setProblem(null);
    const now = latest.current;
    if (now.collection && now.collection.open !== next.open) {
      dispatch({ type: 'collectionChecked', layout: now.number, open: next.open });
    }
    // The entries' counts fill the variation with the organiser's own pieces (order-state.ts
    // teamSizesText): the boxes show what the order sends.
    const teamNames = next.entries.map(asTeamName);
    if (
      now.collection &&
      (JSON.stringify(now.collection.counts) !== JSON.stringify(next.counts) || !sameNames(now.teamNames, teamNames))
    ) {
      dispatch({ type: 'teamSizesFilled', layout: now.number, counts: next.counts, teamNames });
    }
  };
  const failed = (err: unknown) => setProblem(err instanceof ApiError && err.status === 404 ? 'gone' : 'failed');

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = () => {
      readRollUp(collection.organiserKey).then(
        (next) => {
          if (!live) return;
          take(next);
          if (next.open) timer = setTimeout(poll, POLL_MS);
        },
        (err: unknown) => {
          if (!live) return;
          failed(err);
          if (!(err instanceof ApiError && err.status === 404)) timer = setTimeout(poll, POLL_MS * 2);
        },
      );
    };
    poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // The poll reads the latest layout through a ref; it restarts only for another collection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [collection.organiserKey]);

  // Closing is for good: asked first.
  const close = () => {
    if (!window.confirm(t.closeConfirm)) return;
    void readRollUp(collection.organiserKey, true).then(take, failed);
  };
  const [removed, setRemoved] = useState('');
  const remove = (entry: RollUpEntry) => {
    if (!window.confirm(t.removeConfirm(entry.name))) return;
    void callApi(`/api/collections/entries/${entry.id}`, {
      method: 'DELETE',
      headers: { 'x-organiser-key': collection.organiserKey },
    })
      .then(() => readRollUp(collection.organiserKey))
      .then((next) => {
        take(next);
        setRemoved(t.removed(entry.name));
      }, failed);
  };
  const copy = () =>
    void navigator.clipboard?.writeText(url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  // The phone's share sheet where the browser has one (a dismissed sheet is no error).
  const canShare = typeof navigator.share === 'function';
  const share = () =>
    void navigator.share({ title: collection.title, text: t.shareText(collection.title), url }).catch(() => undefined);

  const entries = rollUp?.entries ?? [];
  const entryPieces = (rollUp?.counts ?? []).reduce((sum, c) => sum + c.quantity, 0);
  const extraPieces = collection.replaceOwn ? 0 : piecesIn(collection.extras ?? '', sizes);
  return (
    <div className="team-sizes-roll-up">
      <div className="field">
        <label htmlFor={`${id}-link`}>{t.linkLabel}</label>
        <input id={`${id}-link`} type="text" readOnly value={url} onFocus={(e) => e.target.select()} />
      </div>
      <div className="team-sizes-actions">
        {canShare && (
          <button type="button" className="button button-primary" onClick={share}>
            {t.share}
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={copy}>
          {t.copy}
        </button>
        <span role="status">{copied ? t.copied : ''}</span>
      </div>
      {problem && <p role="alert">{problem === 'gone' ? t.gone : t.failed}</p>}
      {rollUp && (
        <>
          <p>{rollUp.open ? t.openUntil(formatDay(rollUp.closesOn, language)) : t.closed}</p>
          {rollUp.open && openError && (
            <p id={`${fieldId(openPath)}-error`} className="field-error">
              {openError}
            </p>
          )}
          {rollUp.open && (
            <button
              id={fieldId(openPath)}
              type="button"
              className="button button-secondary"
              aria-describedby={openError ? `${fieldId(openPath)}-error` : undefined}
              onClick={close}
            >
              {t.closeNow}
            </button>
          )}
          {rollUp.open && (
            <div className="team-sizes-choice">
              <div className="check">
                <input
                  id={`${id}-send-open`}
                  type="checkbox"
                  checked={collection.sendWhileOpen === true}
                  aria-describedby={`${id}-send-open-hint`}
                  onChange={(e) =>
                    dispatch({
                      type: 'collectionCreated',
                      layout: layout.number,
                      collection: { ...collection, sendWhileOpen: e.target.checked },
                    })
                  }
                />
                <label htmlFor={`${id}-send-open`}>{t.sendWhileOpen}</label>
              </div>
              <p className="muted" id={`${id}-send-open-hint`}>
                {t.sendWhileOpenHint}
              </p>
            </div>
          )}
          <div className="team-sizes-choice">
            <div className="check">
              <input
                id={`${id}-replace`}
                type="checkbox"
                checked={collection.replaceOwn === true}
                aria-describedby={`${id}-replace-hint`}
                onChange={(e) =>
                  dispatch({
                    type: 'teamExtrasChanged',
                    layout: layout.number,
                    change: { replaceOwn: e.target.checked },
                  })
                }
              />
              <label htmlFor={`${id}-replace`}>{t.replaceOwn}</label>
            </div>
            <p className="muted" id={`${id}-replace-hint`}>
              {t.replaceOwnHint}
            </p>
          </div>
          {!collection.replaceOwn && sizes.length > 0 && (
            <>
              <p className="muted" id={`${id}-extras-hint`}>
                {t.extrasHint}
              </p>
              <SizeBoxes
                sizes={sizes}
                text={collection.extras ?? ''}
                idPrefix={`${id}-extras`}
                legend={t.extras}
                describedBy={`${id}-extras-hint`}
                onText={(extras) => dispatch({ type: 'teamExtrasChanged', layout: layout.number, change: { extras } })}
              />
            </>
          )}
          <p role="status">{t.totals(entryPieces, extraPieces, entryPieces + extraPieces)}</p>
          <p role="status">
            {entries.length > 0 ? t.filled(entries.length) : t.noEntries} {removed}
          </p>
          {entries.length > 0 && (
            <TeamEntriesTable
              caption={`${collection.title} – ${t.entries(entries.length)}`}
              entries={entries}
              heads={t}
              showPrint={rollUp.asksPrint}
              removal={
                rollUp.open
                  ? { column: t.removeColumn, text: t.remove, label: t.removeLabel, onRemove: remove }
                  : undefined
              }
            />
          )}
        </>
      )}
    </div>
  );
}
