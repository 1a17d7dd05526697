// The scan page (docs/production.md, The job ticket): where the ticket's QR code leads, on a phone
// at the press. The job with one large button per imprint for its next stage ("Screens done:
// start Print"), and a form that opens a job by the reference printed beside the code.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { ImprintCard, JobCard } from '../../../../shared/production/production-api.js';
import { ApiError } from '../../../shared/api-error.js';
import { inboxLinks } from '../api.js';
import { errorText, useInboxText } from '../messages.js';
import { navigate, navigateOnClick } from '../navigation.js';
import { DueDate, Flags, useImprintWords } from './job-parts.js';
import { Notice } from './notice.js';
import { useStartGate } from './start-gate.js';
import { useProductionText } from './production-messages.js';
import { offersReady, ReadyOffer } from './ready-offer.js';
import { useProductionApi } from './use-production-api.js';

export function ScanPage({ orderId }: { orderId: string | null }) {
  const { t } = useProductionText();
  return (
    <div className="scan-page">
      {orderId ? <ScannedJob key={orderId} orderId={orderId} /> : <h1>{t.findHeading}</h1>}
      <FindJob />
    </div>
  );
}

function ScannedJob({ orderId }: { orderId: string }) {
  const { t } = useProductionText();
  const { t: inbox } = useInboxText();
  const words = useImprintWords();
  const api = useProductionApi();
  const [job, setJob] = useState<JobCard | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const gate = useStartGate();
  // The last move made here, to take back at once when the wrong button was pressed.
  const [lastMove, setLastMove] = useState<{ imprint: ImprintCard; from: number; to: number } | null>(null);

  const reload = useCallback(() => api.job(orderId).then(setJob, (err: unknown) => setError(err)), [api, orderId]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const advance = async (imprint: ImprintCard) => {
    setBusy(true);
    const moved = async (override?: { reason: string }) => {
      const answer = await api.move(imprint.id, imprint.stage, imprint.stage + 1, override);
      setJob(answer);
      const now = answer.imprints.find((i) => i.id === imprint.id);
      if (job && now) setNotice(t.movedTo(job.reference, words.location(imprint), words.stage(now.stageName)));
      setLastMove({ imprint, from: imprint.stage, to: imprint.stage + 1 });
    };
    try {
      await moved();
    } catch (err) {
      setLastMove(null);
      // The first move starts the order: at a closed gate, the reason first (start-gate.tsx).
      if (await gate.ask(err, orderId, moved)) return;
      if (err instanceof ApiError && err.code === 'moved_meanwhile') {
        const fresh = await api.job(orderId).catch(() => null);
        if (fresh) setJob(fresh);
        const now = fresh?.imprints.find((i) => i.id === imprint.id) ?? imprint;
        setNotice(t.movedMeanwhile(fresh?.reference ?? '', words.location(imprint), words.stage(now.stageName)));
      } else setNotice(err instanceof ApiError ? errorText(err, inbox) : t.moveFailed);
    } finally {
      setBusy(false);
    }
  };

  const undo = async () => {
    if (!lastMove) return;
    setBusy(true);
    try {
      const answer = await api.move(lastMove.imprint.id, lastMove.to, lastMove.from);
      setJob(answer);
      setNotice(t.moveUndone(words.location(lastMove.imprint), words.stage(lastMove.imprint.stageName)));
    } catch (err) {
      setNotice(err instanceof ApiError ? errorText(err, inbox) : t.moveFailed);
    } finally {
      setLastMove(null);
      setBusy(false);
    }
  };

  if (error !== null)
    return (
      <p role="alert" className="form-error">
        {error instanceof ApiError && error.status === 404 ? t.notAJob : errorText(error, inbox)}
      </p>
    );
  if (!job) return <p>{inbox.loading}</p>;
  const orderHref = `/inbox/orders/${job.orderId}`;
  return (
    <>
      <h1>{t.scanHeading(job.reference)}</h1>
      <p>
        {job.customer}
        <br />
        <DueDate job={job} /> · {t.pieces(job.pieces)}
      </p>
      <Flags job={job} />
      <Notice text={notice} />
      {gate.dialog}
      {lastMove && (
        <p>
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => void undo()}>
            {t.undoMove}
          </button>
        </p>
      )}
      <ul className="scan-imprints">
        {job.imprints.map((i) => (
          <li key={i.id} className="card scan-imprint">
            <h2>
              {words.location(i)} · {words.method(i)}
            </h2>
            <p className="small">{words.details(i)}</p>
            {i.nextStageName ? (
              <button
                type="button"
                className="button button-primary scan-next"
                disabled={busy}
                onClick={() => void advance(i)}
              >
                {t.nextStage(words.stage(i.stageName), words.stage(i.nextStageName))}
              </button>
            ) : (
              <p className="scan-packed">
                <span aria-hidden="true">✓</span> {t.atPack(words.location(i), words.method(i))}
              </p>
            )}
          </li>
        ))}
      </ul>
      {offersReady(job) && (
        <ReadyOffer
          job={job}
          onReady={() => {
            setNotice(t.orderReady(job.reference));
            void reload();
          }}
        />
      )}
      <p className="scan-links">
        <a href={orderHref} onClick={navigateOnClick(orderHref)}>
          {t.orderPage}
        </a>
        <a href={inboxLinks.jobTicket(job.orderId)} download>
          {t.ticket}
        </a>
        <a href="/inbox/production" onClick={navigateOnClick('/inbox/production')}>
          {t.backToBoard}
        </a>
      </p>
    </>
  );
}

/** A reference typed from the ticket opens its job, when the phone cannot scan. */
function FindJob() {
  const { t, language } = useProductionText();
  const { t: inbox } = useInboxText();
  const api = useProductionApi();
  const id = useId();
  const [reference, setReference] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reference.trim()) {
      setError(t.typeReference);
      return;
    }
    setBusy(true);
    setError('');
    try {
      const job = await api.jobByReference(reference);
      setReference('');
      navigate(`/inbox/jobs/${job.orderId}`);
    } catch (err) {
      setError(
        err instanceof ApiError && err.code === 'no_job'
          ? err.messageIn(language)
          : err instanceof ApiError && err.status === 400
            ? t.typeReference
            : errorText(err, inbox),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card scan-find" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t.findHeading}</h2>
      <div className="field">
        <label htmlFor={`${id}-ref`}>{t.referenceLabel}</label>
        <p id={`${id}-hint`} className="muted small">
          {t.referenceHint}
        </p>
        <input
          id={`${id}-ref`}
          type="text"
          value={reference}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          onChange={(e) => setReference(e.target.value)}
        />
        {error && (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button button-primary" disabled={busy}>
        {t.open}
      </button>
    </form>
  );
}
