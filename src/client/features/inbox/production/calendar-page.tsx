// The production calendar (docs/production.md, Capacity): four weeks of days with jobs due, the
// pieces due each day by method against the capacity the owner set; a day over says so in words.
import { useEffect, useState } from 'react';
import { addDays } from '../../../../shared/dates.js';
import type { Calendar } from '../../../../shared/production/production-api.js';
import { decorationLabel } from '../../../../shared/order-presentation.js';
import { formatNumber } from '../../../shared/format.js';
import { errorText, useInboxText } from '../messages.js';
import { navigateOnClick } from '../navigation.js';
import { calendarDays, formatDay } from './board-view.js';
import { useProductionText } from './production-messages.js';
import { useProductionApi } from './use-production-api.js';

const WEEKS = 4;

/** Today in the browser's calendar (the shop's clerks are in the shop's time zone). */
const localToday = () => new Date().toLocaleDateString('en-CA');

export function CalendarPage({ search }: { search: string }) {
  const { t, language } = useProductionText();
  const { t: inbox } = useInboxText();
  const api = useProductionApi();
  const asked = new URLSearchParams(search).get('from') ?? '';
  const from = /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : localToday();
  const to = addDays(from, WEEKS * 7 - 1);
  const [loaded, setLoaded] = useState<{ from: string; calendar: Calendar } | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let live = true;
    api.calendar(from, to).then(
      (calendar) => live && setLoaded({ from, calendar }),
      (err: unknown) => live && setError(err),
    );
    return () => {
      live = false;
    };
  }, [api, from, to]);

  if (error !== null)
    return (
      <p role="alert" className="form-error">
        {errorText(error, inbox)}
      </p>
    );
  const calendar = loaded?.from === from ? loaded.calendar : null;
  const earlier = `/inbox/production/calendar?from=${addDays(from, -WEEKS * 7)}`;
  const later = `/inbox/production/calendar?from=${addDays(from, WEEKS * 7)}`;
  const days = calendar ? calendarDays(calendar) : [];
  return (
    <>
      <h2>{t.period(formatDay(from, language, true), formatDay(to, language, true))}</h2>
      <p className="production-period">
        <a href={earlier} onClick={navigateOnClick(earlier)}>
          {t.earlier}
        </a>
        <a href={later} onClick={navigateOnClick(later)}>
          {t.later}
        </a>
      </p>
      {!calendar ? (
        <p>{inbox.loading}</p>
      ) : days.length === 0 ? (
        <p>{t.noneDue}</p>
      ) : (
        days.map(({ day, loads, jobs }) => {
          const label = formatDay(day, language);
          const over = loads.some((l) => l.over);
          return (
            <section
              key={day}
              className={over ? 'card calendar-day calendar-day-over' : 'card calendar-day'}
              aria-labelledby={`day-${day}`}
            >
              <h3 id={`day-${day}`}>
                {formatDay(day, language, true)}
                {over && <strong className="badge badge-rush">{t.overCapacity}</strong>}
              </h3>
              <div className="table-wrap">
                <table className="orders-table">
                  <caption className="visually-hidden">{t.capacityCaption(label)}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t.loadColumn}</th>
                      <th scope="col">{t.piecesColumn}</th>
                      <th scope="col">{t.capacityColumn}</th>
                      <th scope="col">
                        <span className="visually-hidden">{t.overCapacity}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {loads.map((l) => (
                      <tr key={l.method}>
                        <th scope="row">{decorationLabel(l.method, language)}</th>
                        <td>{formatNumber(l.pieces, language)}</td>
                        <td>{l.capacity > 0 ? formatNumber(l.capacity, language) : t.notCounted}</td>
                        <td>
                          {l.over ? (
                            <strong className="badge badge-rush">{t.overCapacity}</strong>
                          ) : (
                            <span className="muted">{t.withinCapacity}</span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <ul className="plain small calendar-jobs" aria-label={t.jobsDue(label)}>
                {jobs.map((j) => {
                  const href = `/inbox/jobs/${j.orderId}`;
                  return (
                    <li key={j.orderId}>
                      <a href={href} onClick={navigateOnClick(href)}>
                        {j.reference}
                      </a>{' '}
                      {t.pieces(j.pieces)} · {j.methods.map((m) => decorationLabel(m, language)).join(', ')}
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })
      )}
    </>
  );
}
