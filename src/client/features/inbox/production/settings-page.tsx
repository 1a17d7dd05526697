// The production settings (docs/production.md, Stages and Capacity): each method's stages in both
// languages (2 to 12, the last being Pack), the pieces a day by method, the blanks overage and the
// standard turnaround. Anyone can look; owners save (the server checks again and refuses others).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DECORATION_METHODS } from '../../../../shared/constants.js';
import { decorationLabel } from '../../../../shared/order-presentation.js';
import { ErrorSummary } from '../../../components/error-summary.js';
import { fieldId } from '../../../components/field-errors.js';
import { errorText, useInboxText } from '../messages.js';
import { useSession } from '../session.js';
import { Notice } from './notice.js';
import { useProductionText } from './production-messages.js';
import {
  addStage,
  checkDraft,
  draftOf,
  MAX_STAGES,
  MIN_STAGES,
  removeStage,
  renameStage,
  type SettingsDraft,
  type SettingsProblem,
} from './settings-draft.js';
import { useProductionApi } from './use-production-api.js';

export function SettingsPage() {
  const { t, language } = useProductionText();
  const { t: inbox } = useInboxText();
  const { staff } = useSession();
  const api = useProductionApi();
  const owner = staff?.role === 'owner';
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const [problems, setProblems] = useState<{ path: string; problem: SettingsProblem }[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState('');
  const [saving, setSaving] = useState(false);
  const summary = useRef<HTMLDivElement>(null);

  useEffect(() => {
    api.settings().then(
      (s) => setDraft(draftOf(s)),
      (err: unknown) => setError(err),
    );
  }, [api]);

  if (!draft)
    return error !== null ? (
      <p role="alert" className="form-error">
        {errorText(error, inbox)}
      </p>
    ) : (
      <p>{inbox.loading}</p>
    );

  const problemAt = (path: string) => problems.find((p) => p.path === path);
  const edit = (next: SettingsDraft) => {
    setDraft(next);
    setNotice('');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkDraft(draft);
    setProblems(checked.problems);
    setError(null);
    if (!checked.settings) {
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    setSaving(true);
    try {
      setDraft(draftOf(await api.saveSettings(checked.settings)));
      setNotice(t.saved);
    } catch (err) {
      setError(err);
    } finally {
      setSaving(false);
    }
  };

  /** A text or number input wired to its label and its problem, GOV.UK style. */
  const input = (path: string, label: string, value: string, onChange: (v: string) => void, numeric = false) => {
    const id = fieldId(path);
    const problem = problemAt(path);
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        {problem && (
          <p id={`${id}-error`} className="field-error">
            {t.problems[problem.problem]}
          </p>
        )}
        <input
          id={id}
          type="text"
          inputMode={numeric ? 'numeric' : undefined}
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    );
  };

  return (
    <form className="production-settings" onSubmit={(e) => void submit(e)} noValidate>
      {!owner && <p className="muted">{t.ownerOnly}</p>}
      {problems.length > 0 && (
        <ErrorSummary
          ref={summary}
          title={t.problemsTitle}
          items={problems.map((p) => ({ path: p.path, summary: t.problems[p.problem] }))}
          onFollow={(path) => document.getElementById(fieldId(path))?.focus()}
        />
      )}
      {DECORATION_METHODS.map((m) => {
        const method = decorationLabel(m, language);
        const stages = draft.stages[m];
        return (
          <fieldset key={m} className="card settings-method">
            <legend>{t.stagesOf(method)}</legend>
            <ol className="settings-stages">
              {stages.map((s, i) => (
                <li key={i}>
                  <fieldset>
                    <legend>{t.stageLegend(i + 1, i === stages.length - 1)}</legend>
                    {input(`stages.${m}.${i}.en`, t.nameEn, s.en, (v) => edit(renameStage(draft, m, i, 'en', v)))}
                    {input(`stages.${m}.${i}.fr`, t.nameFr, s.fr, (v) => edit(renameStage(draft, m, i, 'fr', v)))}
                    {stages.length > MIN_STAGES && i < stages.length - 1 && (
                      <button
                        type="button"
                        className="button button-secondary"
                        onClick={() => edit(removeStage(draft, m, i))}
                      >
                        {t.removeStage(s[language] || String(i + 1))}
                      </button>
                    )}
                  </fieldset>
                </li>
              ))}
            </ol>
            {stages.length < MAX_STAGES && (
              <button type="button" className="button button-secondary" onClick={() => edit(addStage(draft, m))}>
                {t.addStage(method)}
              </button>
            )}
            {input(
              `capacity.${m}`,
              t.capacity(method),
              draft.capacity[m],
              (v) => edit({ ...draft, capacity: { ...draft.capacity, [m]: v } }),
              true,
            )}
          </fieldset>
        );
      })}
      <div className="card settings-general">
        {input('overagePercent', t.overage, draft.overagePercent, (v) => edit({ ...draft, overagePercent: v }), true)}
        {input(
          'turnaroundDays',
          t.turnaround,
          draft.turnaroundDays,
          (v) => edit({ ...draft, turnaroundDays: v }),
          true,
        )}
      </div>
      {error !== null && (
        <p role="alert" className="form-error">
          {errorText(error, inbox)}
        </p>
      )}
      <Notice text={notice} />
      <button type="submit" className="button button-primary" disabled={saving || !owner}>
        {t.save}
      </button>
    </form>
  );
}
