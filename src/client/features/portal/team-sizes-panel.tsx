// The organiser's side of a team's size collection for an order already sent, in My orders
// (docs/portal.md, Sizes from a team), a chunk of its own: starts a collection for one garment
// of the order, shows each collection's members' link, entries and counts (read again every 4 s
// while one is open), closes the entries, and says what the server then did to the order.
// The members' link is kept in this browser only (the server keeps its hash).
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type {
  OrderCollection,
  OrderCollectionLink,
  OrderTeamSizes,
  RollUpEntry,
  TeamSizesChoice,
} from '../../../shared/collections-api.js';
import { COLLECTION_LIMITS } from '../../../shared/collections-api.js';
import { sizesToText } from '../../../shared/prices/size-grid.js';
import { TeamEntriesTable } from '../../components/team-entries-table.js';
import { ApiError } from '../../shared/api-error.js';
import { daysFromToday, formatDay } from '../../shared/format.js';
import { portalApi } from './api.js';
import { usePortalText } from './messages.js';
import { choiceKey, keepTeamLink, outcomeText, storedTeamLink } from './team-sizes-logic.js';
import './team-sizes-panel.css';

/** How often the collections are read while one is open (docs/collections.md, The roll-up). */
const POLL_MS = 4_000;

const asApiError = (err: unknown) => (err instanceof ApiError ? err : new ApiError(String(err), 0, 'failed'));

export default function TeamSizesPanel({
  orderId,
  initial,
  startOpen,
  onSettled,
}: {
  orderId: string;
  initial: OrderTeamSizes;
  /** The customer pressed "Collect sizes from a team": the form shows at once. */
  startOpen: boolean;
  /** A collection's entries were settled into the order (or not) since the panel showed. */
  onSettled: () => void;
}) {
  const { t, language } = usePortalText();
  const [sizes, setSizes] = useState(initial);
  const [formOpen, setFormOpen] = useState(startOpen);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState(false);
  // Links made on this page, for a browser whose storage refuses them.
  const [made, setMade] = useState<Record<string, string>>({});
  const [focus, setFocus] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const startRef = useRef<HTMLButtonElement>(null);
  // Only the latest read is taken: a slow poll must not undo a close answered after it.
  const reads = useRef(0);

  const refresh = useCallback(() => {
    const read = ++reads.current;
    return portalApi.teamSizes(orderId).then(
      (next) => {
        if (read !== reads.current) return;
        setSizes(next);
        setProblem(false);
      },
      () => {
        if (read === reads.current) setProblem(true);
      },
    );
  }, [orderId]);

  const anyOpen = sizes.collections.some((c) => c.open);
  useEffect(() => {
    if (!anyOpen) return;
    const timer = setTimeout(
      () => void refresh().finally(() => setTick((n) => n + 1)),
      problem ? POLL_MS * 2 : POLL_MS,
    );
    return () => clearTimeout(timer);
  }, [anyOpen, tick, problem, refresh]);

  // A collection settled while shown (closed here, or its date passed): the card reads the order again.
  const settled = sizes.collections.filter((c) => c.outcome !== null).length;
  const settledBefore = useRef(settled);
  useEffect(() => {
    if (settled === settledBefore.current) return;
    settledBefore.current = settled;
    onSettled();
  }, [settled, onSettled]);

  const replace = (collection: OrderCollection) =>
    setSizes((s) => ({ ...s, collections: s.collections.map((c) => (c.id === collection.id ? collection : c)) }));

  const linked = ({ collection, link }: OrderCollectionLink) => {
    keepTeamLink(collection.id, link);
    setMade((m) => ({ ...m, [collection.id]: link }));
  };

  const created = (answer: OrderCollectionLink) => {
    reads.current++;
    linked(answer);
    setSizes((s) => ({
      ...s,
      collections: [answer.collection, ...s.collections.filter((c) => c.id !== answer.collection.id)],
    }));
    setFormOpen(false);
    setFocus(answer.collection.id);
  };

  const refused = (err: ApiError) => {
    // The shop quoted meanwhile: the form goes, the reason stays, and the card reads again.
    setFormOpen(false);
    setNotice(err.messageIn(language));
    void refresh();
  };

  const close = (collection: OrderCollection) => {
    reads.current++;
    return portalApi.closeTeamSizes(orderId, collection.id).then((closed) => {
      replace(closed);
      setProblem(false);
      // The variation's sizes as the server now holds them.
      void refresh();
    });
  };

  const mayStart = sizes.canStart && sizes.choices.length > 0;
  return (
    <div className="portal-team-sizes-panel">
      {notice && <p role="alert">{notice}</p>}
      {problem && <p role="alert">{t.team.failed}</p>}
      {mayStart && formOpen && (
        <StartForm
          orderId={orderId}
          choices={sizes.choices}
          onCreated={created}
          onQuoted={refused}
          onCancel={() => {
            setFormOpen(false);
            // The button that opened the form comes back: focus returns to it.
            setTimeout(() => startRef.current?.focus());
          }}
        />
      )}
      {mayStart && !formOpen && sizes.collections.length > 0 && (
        <button ref={startRef} type="button" className="button button-secondary" onClick={() => setFormOpen(true)}>
          {t.team.start}
        </button>
      )}
      {sizes.collections.map((c) => (
        <CollectionView
          key={c.id}
          orderId={orderId}
          collection={c}
          link={made[c.id] ?? storedTeamLink(c.id)}
          choices={sizes.choices}
          focused={focus === c.id}
          onClose={() => close(c)}
          onLink={linked}
          onRemoved={refresh}
        />
      ))}
    </div>
  );
}

function StartForm({
  orderId,
  choices,
  onCreated,
  onQuoted,
  onCancel,
}: {
  orderId: string;
  choices: readonly TeamSizesChoice[];
  onCreated: (answer: OrderCollectionLink) => void;
  onQuoted: (err: ApiError) => void;
  onCancel: () => void;
}) {
  const { t, language } = usePortalText();
  const id = useId();
  const [choice, setChoice] = useState(() => choiceKey(choices[0]!));
  const [title, setTitle] = useState('');
  const [closesOn, setClosesOn] = useState(() => daysFromToday(7));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const first = useRef<HTMLSelectElement & HTMLInputElement>(null);
  const picked = choices.find((c) => choiceKey(c) === choice) ?? choices[0]!;
  const several = choices.length > 1;

  useEffect(() => first.current?.focus(), []);

  const errorOf = (field: string) => (error?.fields.includes(field) ? error.messageIn(language) : null);
  const variationError = several ? errorOf('variation') || errorOf('layout') : null;
  const titleError = errorOf('title');
  const dateError = errorOf('closesOn');
  const other =
    error && !variationError && !titleError && !dateError
      ? error.status === 0
        ? t.failed
        : error.messageIn(language)
      : null;

  useEffect(() => {
    if (!error) return;
    const invalid = document.querySelector<HTMLElement>(`[data-team-form="${id}"] [aria-invalid="true"]`);
    invalid?.focus();
  }, [error, id]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    portalApi
      .startTeamSizes(orderId, { layout: picked.layout, variation: picked.variation, title, closesOn })
      .then(onCreated, (err: unknown) => {
        const refusal = asApiError(err);
        if (refusal.code === 'order_quoted') onQuoted(refusal);
        else setError(refusal);
      })
      .finally(() => setBusy(false));
  };

  const describe = (field: string, message: string | null) =>
    message ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}-error` } : {};
  const fieldError = (field: string, message: string | null) =>
    message && (
      <p id={`${id}-${field}-error`} className="field-error">
        {message}
      </p>
    );
  const choiceText = (c: TeamSizesChoice) => t.team.choice(c.layout, c.garment, c.color, c.sizes);

  return (
    <form className="portal-team-sizes-form" data-team-form={id} onSubmit={submit} noValidate>
      <p>{t.team.intro}</p>
      {several ? (
        <div className="field">
          <label htmlFor={`${id}-garment`}>{t.team.garment}</label>
          {fieldError('garment', variationError)}
          <select
            id={`${id}-garment`}
            ref={first}
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            {...describe('garment', variationError)}
          >
            {choices.map((c) => (
              <option key={choiceKey(c)} value={choiceKey(c)}>
                {choiceText(c)}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p>{choiceText(picked)}</p>
      )}
      <div className="field">
        <label htmlFor={`${id}-title`}>{t.team.title}</label>
        {fieldError('title', titleError)}
        <input
          id={`${id}-title`}
          ref={several ? undefined : first}
          type="text"
          value={title}
          maxLength={COLLECTION_LIMITS.title}
          onChange={(e) => setTitle(e.target.value)}
          {...describe('title', titleError)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-date`}>{t.team.closesOn}</label>
        {fieldError('date', dateError)}
        <input
          id={`${id}-date`}
          type="date"
          value={closesOn}
          onChange={(e) => setClosesOn(e.target.value)}
          {...describe('date', dateError)}
        />
      </div>
      {other && (
        <p role="alert" className="field-error">
          {other}
        </p>
      )}
      <div className="portal-team-sizes-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t.team.creating : t.team.create}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t.team.cancel}
        </button>
      </div>
    </form>
  );
}

function CollectionView({
  orderId,
  collection,
  link,
  choices,
  focused,
  onClose,
  onLink,
  onRemoved,
}: {
  orderId: string;
  collection: OrderCollection;
  link: string | null;
  choices: readonly TeamSizesChoice[];
  /** Just made: focus goes to its heading. */
  focused: boolean;
  onClose: () => Promise<void>;
  onLink: (answer: OrderCollectionLink) => void;
  /** Reads the collections again after an entry is removed. */
  onRemoved: () => Promise<void>;
}) {
  const { t, language } = usePortalText();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const closedHere = useRef(false);
  const url = link ? `${window.location.origin}/c/${link}` : '';
  const outcome = outcomeText(t.team, collection, choices);

  useEffect(() => {
    if (focused) heading.current?.focus();
  }, [focused]);
  // The close button goes once entries close: focus moves to what became of the order.
  useEffect(() => {
    if (outcome && closedHere.current) outcomeRef.current?.focus();
  }, [outcome]);

  const act = (work: () => Promise<unknown>) => {
    setBusy(true);
    setFailed(null);
    work()
      .catch((err: unknown) => {
        const refusal = asApiError(err);
        setFailed(refusal.status === 0 ? t.failed : refusal.messageIn(language));
      })
      .finally(() => setBusy(false));
  };
  const close = () => {
    closedHere.current = true;
    act(onClose);
  };
  const [removed, setRemoved] = useState('');
  const remove = (entry: RollUpEntry) => {
    if (!window.confirm(t.team.removeConfirm(entry.name))) return;
    act(() =>
      portalApi
        .removeTeamEntry(orderId, collection.id, entry.id)
        .then(onRemoved)
        .then(() => setRemoved(t.team.removed(entry.name))),
    );
  };
  const newLink = () => act(() => portalApi.newTeamLink(orderId, collection.id).then(onLink));
  const copy = () =>
    void navigator.clipboard?.writeText(url).then(
      () => setCopied(true),
      () => setCopied(false),
    );

  const entries = collection.entries;
  return (
    <section className="portal-team-collection" aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        {t.team.collectionHeading(collection.title, collection.garment)}
      </h4>
      {collection.open &&
        (link ? (
          <>
            <div className="field">
              <label htmlFor={`${id}-link`}>{t.team.linkLabel}</label>
              <input id={`${id}-link`} type="text" readOnly value={url} onFocus={(e) => e.target.select()} />
            </div>
            <p>
              <button type="button" className="button button-secondary" onClick={copy}>
                {t.team.copy}
              </button>{' '}
              <span role="status">{copied ? t.team.copied : ''}</span>
            </p>
          </>
        ) : (
          <>
            <p>{t.team.noLink}</p>
            <p className="muted" id={`${id}-new-link-hint`}>
              {t.team.newLinkHint}
            </p>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              aria-describedby={`${id}-new-link-hint`}
              onClick={newLink}
            >
              {t.team.newLink}
            </button>
          </>
        ))}
      <p>{collection.open ? t.team.openUntil(formatDay(collection.closesOn, language)) : t.team.closed}</p>
      {outcome && (
        <p ref={outcomeRef} tabIndex={-1} role="status" className="portal-team-outcome">
          {outcome}
        </p>
      )}
      {failed && <p role="alert">{failed}</p>}
      <p role="status">{removed}</p>
      {collection.open && (
        <button type="button" className="button button-secondary" disabled={busy} onClick={close}>
          {busy ? t.team.closing : t.team.closeNow}
        </button>
      )}
      {entries.length > 0 ? (
        <>
          <TeamEntriesTable
            caption={`${collection.title} – ${t.team.entries(entries.length)}`}
            entries={entries}
            heads={t.team}
            removal={
              collection.open
                ? { column: t.team.removeColumn, text: t.team.remove, label: t.team.removeLabel, onRemove: remove }
                : undefined
            }
          />
          <p>{t.team.bySize(sizesToText(collection.counts))}</p>
        </>
      ) : (
        <p>{t.team.noEntries}</p>
      )}
    </section>
  );
}
