// The owner's first sign-in checklist (docs/settings.md, "The checklist"), above the inbox's
// orders until every step is done or an owner hides it: each step links where it is done and
// says whether it is, in words as well as a tick.
import { useEffect, useState } from 'react';
import type { Checklist, ChecklistStep } from '../../../../shared/shop-profile.js';
import { ApiError } from '../../../shared/api-error.js';
import { navigateOnClick } from '../navigation.js';
import { useInboxApi } from '../session.js';
import { useSettingsText } from './settings-messages.js';

/** Where each step is done; staff accounts are made with `npm run staff` (no page yet). */
const WHERE: Record<ChecklistStep, string | null> = {
  shopDetails: '/inbox/settings',
  priceList: '/inbox/prices',
  paymentTerms: '/inbox/accounts',
  cardPayments: '/inbox/accounts',
  staff: null,
  // The order form itself, in test mode (a full page load: it is not part of the inbox).
  testOrder: '/?test=1',
};

export function OwnerChecklist() {
  const api = useInboxApi();
  const { t } = useSettingsText();
  const [checklist, setChecklist] = useState<Checklist | null>(null);
  useEffect(() => {
    // The checklist is a help, never in the way: a failure to load it shows nothing.
    void api.checklist().then(setChecklist, (err: unknown) => {
      if (!(err instanceof ApiError)) throw err;
    });
  }, [api]);
  if (!checklist?.show) return null;
  const dismiss = async () => {
    await api.dismissChecklist();
    setChecklist({ ...checklist, show: false });
  };
  return (
    <section className="card owner-checklist" aria-labelledby="owner-checklist-h">
      <h2 id="owner-checklist-h">{t.checklist.heading}</h2>
      <p className="muted small">{t.checklist.intro}</p>
      <ul>
        {checklist.steps.map(({ step, done }) => {
          const where = WHERE[step];
          const words = t.checklist.steps[step];
          return (
            <li key={step} className={done ? 'done' : undefined}>
              <span aria-hidden="true">{done ? '☑' : '☐'}</span>{' '}
              {where ? (
                <a href={where} onClick={where.startsWith('/inbox') ? navigateOnClick(where) : undefined}>
                  {words}
                </a>
              ) : (
                words
              )}{' '}
              <span className="muted">({done ? t.checklist.done : t.checklist.toDo})</span>
            </li>
          );
        })}
      </ul>
      <button type="button" className="button button-secondary" onClick={() => void dismiss()}>
        {t.checklist.dismiss}
      </button>
    </section>
  );
}
