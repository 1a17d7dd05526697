// A team member's page (/c/<link>, docs/collections.md), a chunk of its own: their name, a size
// from the garment's sizes, and optionally a name and number to print; changeable from this
// browser until entries close. The page shows no one else's entry.
import { useEffect, useState, type FormEvent } from 'react';
import type { MemberView, TeamName } from '../../../shared/collections-api.js';
import { fieldId, FieldErrorsContext } from '../../components/field-errors.js';
import { SelectField, TextField } from '../../components/fields.js';
import { LanguageSwitch } from '../../components/language-switch.js';
import { ApiError } from '../../shared/api-error.js';
import { formatDay } from '../../shared/format.js';
import { browserLanguage, LanguageProvider, type Language } from '../../shared/language.js';
import { collectionApi } from './api.js';
import { COLLECTION_MESSAGES, useCollectionText } from './messages.js';
import './collections.css';

type Phase = { kind: 'loading' } | { kind: 'ready'; view: MemberView } | { kind: 'not-found' } | { kind: 'failed' };

export default function MemberApp({ link }: { link: string }) {
  const [language, setLanguage] = useState<Language>(() => browserLanguage());
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const t = COLLECTION_MESSAGES[language];

  useEffect(() => {
    collectionApi.view(link).then(
      (view) => setPhase({ kind: 'ready', view }),
      (err: unknown) => setPhase({ kind: err instanceof ApiError && err.status === 404 ? 'not-found' : 'failed' }),
    );
  }, [link]);

  const title = phase.kind === 'ready' ? t.heading(phase.view.title) : t.loading;
  useEffect(() => {
    document.title = title;
  }, [title]);

  let body;
  if (phase.kind === 'loading') body = <p role="status">{t.loading}</p>;
  else if (phase.kind === 'not-found') body = <p role="alert">{t.notFound}</p>;
  else if (phase.kind === 'failed') body = <p role="alert">{t.failed}</p>;
  else body = <MemberEntry link={link} view={phase.view} />;

  return (
    <LanguageProvider language={language}>
      <nav className="top-bar" aria-label={t.switchLabel}>
        <LanguageSwitch text={t} onChoose={setLanguage} />
      </nav>
      <main className="page team-member">
        <h1>{phase.kind === 'ready' ? title : phase.kind === 'not-found' ? t.notFoundHeading : t.heading('…')}</h1>
        {body}
      </main>
    </LanguageProvider>
  );
}

function MemberEntry({ link, view }: { link: string; view: MemberView }) {
  const { t, language } = useCollectionText();
  const [entry, setEntry] = useState<TeamName>(view.entry ?? { name: '', size: '', printName: '', printNumber: '' });
  const [saved, setSaved] = useState<TeamName | null>(view.entry);
  const [open, setOpen] = useState(view.open);
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  const change = (field: keyof TeamName) => (value: string) => {
    setEntry((e) => ({ ...e, [field]: value }));
    setJustSaved(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    collectionApi
      .save(link, entry)
      .then(
        (answer) => {
          setErrors(new Map());
          setSaved(answer.entry);
          setEntry(answer.entry);
          setJustSaved(true);
        },
        (err: unknown) => {
          if (err instanceof ApiError && err.fields.length > 0) {
            setErrors(new Map(err.fields.map((f) => [f, err.messageIn(language)])));
            document.getElementById(fieldId(err.fields[0]!))?.focus();
            return;
          }
          if (err instanceof ApiError && err.code === 'collection_closed') setOpen(false);
          setFailure(err instanceof ApiError && err.status !== 0 ? err.messageIn(language) : t.failed);
        },
      )
      .finally(() => setBusy(false));
  };

  const printed = saved && [saved.printName, saved.printNumber].filter(Boolean).join(' ');
  return (
    <>
      <p>{t.intro(view.garment)}</p>
      <p>{open ? t.openUntil(formatDay(view.closesOn, language)) : t.closed}</p>
      {saved && (
        <section className="card" aria-labelledby="your-entry">
          <h2 id="your-entry">{t.yourEntry}</h2>
          <p>{t.entrySummary(saved.name, saved.size)}</p>
          {printed && <p>{t.printed(printed)}</p>}
        </section>
      )}
      {open && (
        <FieldErrorsContext.Provider value={errors}>
          <form className="card team-member-form" onSubmit={submit} noValidate>
            <TextField
              label={t.name}
              value={entry.name}
              onChange={change('name')}
              path="name"
              autoComplete="name"
              required
            />
            <SelectField<string>
              label={t.size}
              value={entry.size}
              placeholder={t.chooseSize}
              options={view.sizes.map((s) => ({ value: s, label: s }))}
              onChange={change('size')}
              path="size"
              required
            />
            {/* A name and number only when the organiser's layout prints them (docs/collections.md). */}
            {view.asksPrint !== false && (
              <>
                <TextField
                  label={t.printName}
                  value={entry.printName}
                  onChange={change('printName')}
                  path="printName"
                />
                <TextField
                  label={t.printNumber}
                  value={entry.printNumber}
                  onChange={change('printNumber')}
                  path="printNumber"
                />
              </>
            )}
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? t.saving : saved ? t.saveChanges : t.save}
            </button>
          </form>
        </FieldErrorsContext.Provider>
      )}
      <p role="status">{justSaved ? t.saved : ''}</p>
      {failure && <p role="alert">{failure}</p>}
    </>
  );
}
