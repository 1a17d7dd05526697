// The Accounts page's closing periods (docs/accounts.md, "Closing a period"): where the books
// stand, an owner's close of a month or fiscal year, a reopening with its reason, and the
// history of every close and reopening.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { addMonths } from '../../../../shared/dates.js';
import { readAmount } from '../../../../shared/amounts.js';
import { formatCents } from '../../../../shared/money.js';
import { monthName, type PeriodAct, type PeriodsView } from '../../../../shared/invoices/periods.js';
import { ColumnHeads } from '../../../components/column-heads.js';
import { ApiError } from '../../../shared/api-error.js';
import { useInboxApi, useSession } from '../session.js';
import { InputField } from './form-parts.js';
import { usePeriodsText } from './periods-messages.js';

/** The month before today's, the one usually closed next: YYYY-MM. */
const lastMonthOf = (today: string) => addMonths(`${today.slice(0, 7)}-01`, -1).slice(0, 7);

export function PeriodsForm() {
  const api = useInboxApi();
  const owner = useSession().staff?.role === 'owner';
  const { t, language } = usePeriodsText();
  const id = useId();
  const [view, setView] = useState<PeriodsView | null>(null);
  const [month, setMonth] = useState('');
  const [year, setYear] = useState('');
  const [reopenMonth, setReopenMonth] = useState('');
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [refusal, setRefusal] = useState<{ form: 'close' | 'year' | 'reopen'; error: ApiError } | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    void api.periods().then(
      (v) => {
        setView(v);
        setMonth(lastMonthOf(v.today));
        setYear(String(Number(v.today.slice(0, 4)) - 1));
        setReopenMonth(v.closedThrough?.slice(0, 7) ?? '');
      },
      (err: unknown) => err instanceof ApiError && setRefusal({ form: 'close', error: err }),
    );
  }, [api]);
  if (!view)
    return refusal ? (
      <p role="alert" className="form-error">
        {refusal.error.messageIn(language)}
      </p>
    ) : null;

  const act = async (form: 'close' | 'year' | 'reopen', run: () => Promise<PeriodsView>) => {
    setDone(false);
    try {
      const next = await run();
      setView(next);
      setRefusal(null);
      setReason('');
      setReopenMonth(next.closedThrough?.slice(0, 7) ?? '');
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError) setRefusal({ form, error: err });
      else throw err;
    }
  };
  const errorFor = (form: 'close' | 'year' | 'reopen') =>
    refusal?.form === form ? refusal.error.messageIn(language) : '';
  const onReopen = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setReasonMissing(true);
      return;
    }
    setReasonMissing(false);
    void act('reopen', () => api.reopenPeriod({ month: reopenMonth, reason }));
  };
  const describe = (a: PeriodAct) => {
    const period = a.action === 'close_year' ? a.period : monthName(a.period, language);
    return t.acts[a.action](period);
  };
  const locale = language === 'fr' ? 'fr-CA' : 'en-CA';
  const yearEnd = `${year}-${view.fiscalYearEnd}`;

  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t.heading}</h2>
      <p className="muted small">{t.intro}</p>
      <p>
        <strong>{view.closedThrough ? t.closedThrough(view.closedThrough) : t.nothingClosed}</strong>
      </p>
      {!owner ? (
        <p className="muted">{t.ownerOnly}</p>
      ) : (
        <>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void act('close', () => api.closePeriod({ month }));
            }}
            noValidate
          >
            <InputField
              id={`${id}-month`}
              label={t.month}
              type="month"
              max={lastMonthOf(view.today)}
              value={month}
              error={errorFor('close')}
              onChange={(e) => setMonth(e.target.value)}
            />
            <button type="submit" className="button button-primary">
              {t.closeMonth}
            </button>
          </form>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void act('year', () => api.closePeriod({ fiscalYear: year }));
            }}
            noValidate
          >
            <InputField
              id={`${id}-year`}
              label={t.fiscalYear(yearEnd)}
              type="number"
              min={2000}
              max={9999}
              value={year}
              error={errorFor('year')}
              onChange={(e) => setYear(e.target.value)}
            />
            <button type="submit" className="button button-secondary">
              {t.closeYear}
            </button>
          </form>
          {view.closedThrough && (
            <form onSubmit={onReopen} noValidate>
              <fieldset>
                <legend>{t.reopenHeading}</legend>
                <InputField
                  id={`${id}-reopen-month`}
                  label={t.month}
                  hint={t.reopenHint}
                  type="month"
                  max={view.closedThrough.slice(0, 7)}
                  value={reopenMonth}
                  error={
                    refusal?.form === 'reopen' && !refusal.error.fields.includes('reason') ? errorFor('reopen') : ''
                  }
                  onChange={(e) => setReopenMonth(e.target.value)}
                />
                <InputField
                  id={`${id}-reason`}
                  label={t.reason}
                  type="text"
                  maxLength={500}
                  value={reason}
                  error={
                    reasonMissing
                      ? t.reasonRequired
                      : refusal?.form === 'reopen' && refusal.error.fields.includes('reason')
                        ? errorFor('reopen')
                        : ''
                  }
                  onChange={(e) => setReason(e.target.value)}
                />
                <button type="submit" className="button button-secondary">
                  {t.reopen}
                </button>
              </fieldset>
            </form>
          )}
          {done && <p role="status">{t.done}</p>}
        </>
      )}
      {view.history.length > 0 && (
        <div className="table-scroll">
          <table>
            <caption>{t.history}</caption>
            <ColumnHeads columns={[t.when, t.what, t.through, t.reason, t.who]} />
            <tbody>
              {view.history.map((a) => (
                <tr key={`${a.at}-${a.action}-${a.period}`}>
                  <td>{new Date(a.at).toLocaleString(locale)}</td>
                  <td>{describe(a)}</td>
                  <td>{a.closedThrough ?? t.none}</td>
                  <td>{a.reason || t.none}</td>
                  <td>{a.by}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The owner's small-balance threshold (docs/accounts.md, "Write-offs"): what a cancellation offers to write off. */
export function WriteOffThresholdForm() {
  const api = useInboxApi();
  const owner = useSession().staff?.role === 'owner';
  const { t, language } = usePeriodsText();
  const id = useId();
  const [cents, setCents] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  useEffect(() => {
    void api.writeOffThreshold().then(
      (v) => {
        setCents(v.cents);
        setText((v.cents / 100).toFixed(2));
      },
      (err: unknown) => err instanceof ApiError && setError(err.messageIn(language)),
    );
  }, [api, language]);
  if (cents === null) return error ? <p role="alert">{error}</p> : null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    const amount = readAmount(text);
    if ('error' in amount || amount.cents < 0 || amount.cents > 10_000) {
      setError(t.thresholdError);
      return;
    }
    try {
      const saved = await api.saveWriteOffThreshold(amount.cents);
      setCents(saved.cents);
      setError('');
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError) setError(err.messageIn(language));
      else throw err;
    }
  };
  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t.thresholdHeading}</h2>
      <p className="muted small">{t.thresholdIntro}</p>
      {!owner ? (
        <p className="muted">{t.thresholdOwnerOnly(formatCents(cents, language))}</p>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <InputField
            id={`${id}-threshold`}
            label={t.threshold}
            type="text"
            inputMode="decimal"
            value={text}
            error={error}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="button button-primary">
            {t.saveThreshold}
          </button>
          {done && <p role="status">{t.done}</p>}
        </form>
      )}
    </section>
  );
}
