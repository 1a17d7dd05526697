// The production board (docs/production.md, The board): open jobs in columns by stage, one lane
// per method unless a method is chosen; filters in the address bar; moves by a button menu or by
// dragging a card. A move someone else made first (409 moved_meanwhile) reloads the board and
// says where the card is now: nothing lost, no error page.
import { useEffect, useRef, useState } from 'react';
import { DECORATION_METHODS, type DecorationMethod } from '../../../../shared/constants.js';
import type { Board, ImprintCard, JobCard } from '../../../../shared/production/production-api.js';
import { decorationLabel } from '../../../../shared/order-presentation.js';
import { ApiError } from '../../../shared/api-error.js';
import { errorText, useInboxText } from '../messages.js';
import { navigate } from '../navigation.js';
import { filtersQuery, lanesOf, readFilters, withJob, type BoardFilters } from './board-view.js';
import { JobCardView } from './job-card.js';
import { useImprintWords } from './job-parts.js';
import { useProductionText } from './production-messages.js';
import { Notice } from './notice.js';
import { useStartGate } from './start-gate.js';
import { useProductionApi } from './use-production-api.js';

/** Cards a column shows until asked for all: the soonest due first, a column stays readable and the board light. */
const COLUMN_CARDS = 30;

interface Dragged {
  orderId: string;
  method: DecorationMethod;
  imprints: ImprintCard[];
}

export function BoardPage({ search }: { search: string }) {
  const { t, language } = useProductionText();
  const { t: inbox } = useInboxText();
  const words = useImprintWords();
  const api = useProductionApi();
  const filters = readFilters(search);
  const query = filtersQuery(filters);
  const [loaded, setLoaded] = useState<{ query: string; board: Board } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const dragged = useRef<Dragged | null>(null);
  const gate = useStartGate();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    let live = true;
    api.board(query).then(
      (board) => live && setLoaded({ query, board }),
      (err: unknown) => live && setError(err),
    );
    return () => {
      live = false;
    };
  }, [api, query]);

  /** The board as it is now (after someone else's move, or the order moved to Ready). */
  const reload = () =>
    api.board(query).then(
      (board) => {
        setLoaded({ query, board });
        return board;
      },
      (err: unknown) => {
        setError(err);
        return null;
      },
    );

  const setFilters = (next: BoardFilters) => {
    const q = filtersQuery(next);
    navigate(`/inbox/production${q ? `?${q}` : ''}`);
  };

  const move = async (job: JobCard, imprint: ImprintCard, to: number) => {
    setBusy(true);
    const moved = async (override?: { reason: string }) => {
      const answer = await api.move(imprint.id, imprint.stage, to, override);
      setLoaded((l) => l && { ...l, board: withJob(l.board, answer) });
      const now = answer.imprints.find((i) => i.id === imprint.id);
      setNotice(t.movedTo(job.reference, words.location(imprint), words.stage(now?.stageName ?? imprint.stageName)));
    };
    try {
      await moved();
    } catch (err) {
      // The first move starts the order: at a closed gate, the reason first (start-gate.tsx).
      if (await gate.ask(err, job.orderId, moved)) return;
      if (err instanceof ApiError && err.code === 'moved_meanwhile') {
        // Someone moved it first: the board as it is now, and where the card went.
        const board = await reload();
        const fresh = board?.jobs.find((j) => j.orderId === job.orderId)?.imprints.find((i) => i.id === imprint.id);
        setNotice(t.movedMeanwhile(job.reference, words.location(imprint), words.stage((fresh ?? imprint).stageName)));
      } else setNotice(err instanceof ApiError ? errorText(err, inbox) : t.moveFailed);
    } finally {
      setBusy(false);
    }
  };

  const drop = (method: DecorationMethod, to: number) => {
    const d = dragged.current;
    dragged.current = null;
    const job = loaded?.board.jobs.find((j) => j.orderId === d?.orderId);
    if (!d || !job || d.method !== method) return;
    void (async () => {
      for (const imprint of d.imprints) if (imprint.stage !== to) await move(job, imprint, to);
    })();
  };

  const onReady = (job: JobCard) => {
    setNotice(t.orderReady(job.reference));
    void reload();
  };

  if (error !== null)
    return (
      <p role="alert" className="form-error">
        {errorText(error, inbox)}
      </p>
    );
  const board = loaded?.board;
  const stages = board?.stages;
  const lanes = board ? lanesOf(board, filters) : [];
  return (
    <>
      <form className="card production-filters" onSubmit={(e) => e.preventDefault()} aria-label={t.filters}>
        <div className="field">
          <label htmlFor="production-method">{t.method}</label>
          <select
            id="production-method"
            value={filters.method}
            onChange={(e) => setFilters({ ...filters, method: e.target.value as DecorationMethod | '', stage: null })}
          >
            <option value="">{t.allMethods}</option>
            {DECORATION_METHODS.map((m) => (
              <option key={m} value={m}>
                {decorationLabel(m, language)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="production-stage">{t.stage}</label>
          <select
            id="production-stage"
            value={filters.stage === null ? '' : String(filters.stage)}
            disabled={!filters.method || !stages}
            aria-describedby={filters.method ? undefined : 'production-stage-hint'}
            onChange={(e) => setFilters({ ...filters, stage: e.target.value === '' ? null : Number(e.target.value) })}
          >
            <option value="">{t.allStages}</option>
            {filters.method &&
              stages?.[filters.method].map((s, i) => (
                <option key={i} value={i}>
                  {s[language]}
                </option>
              ))}
          </select>
          {!filters.method && (
            <p id="production-stage-hint" className="muted small">
              {t.stageNeedsMethod}
            </p>
          )}
        </div>
        <FilterBox
          id="production-week"
          label={t.dueWeek}
          checked={filters.dueWeek}
          onChange={(dueWeek) => setFilters({ ...filters, dueWeek })}
        />
        <FilterBox
          id="production-not-ready"
          label={t.notReady}
          checked={filters.notReady}
          onChange={(notReady) => setFilters({ ...filters, notReady })}
        />
      </form>
      {/* Focused when it changes: a keyboard user's card has moved to another column. */}
      <Notice text={notice} />
      {gate.dialog}
      {!board || !stages ? (
        <p>{t.loading}</p>
      ) : (
        <>
          <p className="muted small">
            {t.jobsShown(board.jobs.length)} {t.dragHint}
          </p>
          {lanes.length === 0 && <p>{t.noJobs}</p>}
          {lanes.map((lane) => (
            <section key={lane.method} className="production-lane" aria-labelledby={`lane-${lane.method}`}>
              <h2 id={`lane-${lane.method}`}>{decorationLabel(lane.method, language)}</h2>
              <div className="production-columns">
                {lane.columns.map((column) => (
                  <section
                    key={column.stage}
                    className="production-column"
                    aria-labelledby={`lane-${lane.method} col-${lane.method}-${column.stage}`}
                    onDragOver={(e) => {
                      if (dragged.current?.method === lane.method) e.preventDefault();
                    }}
                    onDrop={(e) => {
                      e.preventDefault();
                      drop(lane.method, column.stage);
                    }}
                  >
                    <h3 id={`col-${lane.method}-${column.stage}`}>
                      {t.column(column.name[language], column.cards.length)}
                    </h3>
                    {column.cards.length === 0 && <p className="muted small">{t.emptyColumn}</p>}
                    {(expanded.has(`${lane.method}-${column.stage}`)
                      ? column.cards
                      : column.cards.slice(0, COLUMN_CARDS)
                    ).map(({ job, imprints }) => (
                      <JobCardView
                        key={job.orderId}
                        job={job}
                        here={imprints}
                        stages={stages}
                        busy={busy}
                        onMove={(imprint, to) => void move(job, imprint, to)}
                        onDragStart={(e) => {
                          dragged.current = { orderId: job.orderId, method: lane.method, imprints };
                          e.dataTransfer.effectAllowed = 'move';
                          e.dataTransfer.setData('text/plain', job.reference);
                        }}
                        onReady={onReady}
                      />
                    ))}
                    {column.cards.length > COLUMN_CARDS && !expanded.has(`${lane.method}-${column.stage}`) && (
                      <button
                        type="button"
                        className="button button-secondary"
                        onClick={() => setExpanded(new Set([...expanded, `${lane.method}-${column.stage}`]))}
                      >
                        {t.showAll(column.cards.length, column.name[language])}
                      </button>
                    )}
                  </section>
                ))}
              </div>
            </section>
          ))}
        </>
      )}
    </>
  );
}

/** One of the board's yes-or-no filters. */
function FilterBox(props: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="field checkbox">
      <input id={props.id} type="checkbox" checked={props.checked} onChange={(e) => props.onChange(e.target.checked)} />
      <label htmlFor={props.id}>{props.label}</label>
    </div>
  );
}
