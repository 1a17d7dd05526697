// "Change my order" on the order's page (docs/product.md, "Changing an order"): until a quote is
// approved, the customer changes each garment's type, colour and sizes, each view's decoration
// (method, location, print size, ink colours; added or removed), each layout's names list and the
// notes, says why, and saves the order's next version. The whole document goes back, as the
// inbox's "Edit order" sends it; the server checks it with the submission's schema and names the
// fields at fault, shown beside them (a names list's refused line beside the list, in words). A
// quote already sent is withdrawn by the server and revised by the shop.
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import type { CustomerOrderView } from '../../../shared/quote-api.js';
import { fieldId, FieldErrorsContext } from '../../components/field-errors.js';
import { TextAreaField, TextField } from '../../components/fields.js';
import { ApiError } from '../../shared/api-error.js';
import { namesFieldOf, namesOf, namesText } from '../../shared/names-list.js';
import type { OrderStatusApi } from './api.js';
import { applyInks, decorationFieldError, inksOf, type InksText } from './decoration-edit.js';
import { useOrderStatusText } from './messages.js';

type Doc = CustomerOrderView['document'];

// The decorations' fields come with the form, not with the page: most visits never open it.
const DecorationFields = lazy(() => import('./decoration-fields.js').then((m) => ({ default: m.DecorationFields })));

export function ChangeOrder({
  view,
  api,
  onSaved,
}: {
  view: CustomerOrderView;
  api: OrderStatusApi;
  onSaved: (view: CustomerOrderView) => void;
}) {
  const { t, language } = useOrderStatusText();
  const c = t.change;
  const id = useId();
  const [draft, setDraft] = useState<Doc | null>(null);
  const [inks, setInks] = useState<InksText>({});
  // Each layout's names list as typed, a person a line (shared/names-list.ts).
  const [names, setNames] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  if (view.status !== 'new' && view.status !== 'quoted') return null;

  const layoutKeys = Object.keys(view.document.layouts).sort((a, b) => Number(a) - Number(b));
  const update = (change: (doc: Doc) => void) =>
    setDraft((d) => {
      const next = structuredClone(d ?? view.document);
      change(next);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const sent = structuredClone(draft);
    for (const [key, layout] of Object.entries(sent.layouts)) {
      const list = namesOf(names[key] ?? '');
      if (list.length > 0) layout.teamNames = list;
      else delete layout.teamNames;
    }
    const wrongInks = applyInks(sent, inks);
    if (wrongInks.length > 0) {
      setErrors(new Map(wrongInks.map((f) => [f, c.fieldErrors.colours])));
      document.getElementById(fieldId(wrongInks[0]!))?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    api
      .changeOrder(sent, reason, view.version)
      .then(
        (answer) => {
          setErrors(new Map());
          setSaved(answer.view.version);
          setDraft(null);
          setReason('');
          onSaved(answer.view);
        },
        (err: unknown) => {
          if (err instanceof ApiError && err.fields.length > 0) {
            // A refused line of a names list is shown beside the list, each line in words.
            const shown = new Map<string, string>();
            for (const f of err.fields) {
              const person = namesFieldOf(f);
              if (person) {
                const said = c.namesLine(person.line, person.field);
                const before = shown.get(person.list);
                shown.set(person.list, before ? `${before} ${said}` : said);
              } else shown.set(f, decorationFieldError(f, c.fieldErrors) ?? err.messageIn(language));
            }
            setErrors(shown);
            document.getElementById(fieldId([...shown.keys()][0]!))?.focus();
            return;
          }
          setFailure(err instanceof ApiError && err.status !== 0 ? err.messageIn(language) : c.failed);
        },
      )
      .finally(() => setBusy(false));
  };

  return (
    <section className="card change-order" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{c.heading}</h2>
      <p role="status">{saved !== null ? c.saved(saved) : ''}</p>
      {!draft ? (
        <>
          <p>{c.intro}</p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setSaved(null);
              setErrors(new Map());
              setDraft(structuredClone(view.document));
              setInks(inksOf(view.document));
              setNames(
                Object.fromEntries(
                  Object.entries(view.document.layouts).map(([key, l]) => [key, namesText(l.teamNames)]),
                ),
              );
            }}
          >
            {c.open}
          </button>
        </>
      ) : (
        <FieldErrorsContext.Provider value={errors}>
          <form onSubmit={submit} noValidate>
            {layoutKeys.map((key) => {
              const layout = draft.layouts[key]!;
              return (
                <fieldset key={key} className="change-order-layout">
                  <legend>{c.layout(Number(key))}</legend>
                  {layout.variations.map((v, i) => {
                    const at = (field: string) => `layouts.${key}.variations.${i}.${field}`;
                    const set = (field: 'type' | 'color' | 'sizes') => (value: string) =>
                      update((d) => {
                        d.layouts[key]!.variations[i]![field] = value;
                      });
                    return (
                      <fieldset key={i}>
                        <legend>{c.garment(i + 1)}</legend>
                        <TextField label={c.type} value={v.type} onChange={set('type')} path={at('type')} />
                        <TextField label={c.colour} value={v.color} onChange={set('color')} path={at('color')} />
                        <TextField label={c.sizes} value={v.sizes} onChange={set('sizes')} path={at('sizes')} />
                      </fieldset>
                    );
                  })}
                  <Suspense fallback={<p>{c.loadingDecorations}</p>}>
                    <DecorationFields
                      layoutKey={key}
                      doc={draft}
                      inks={inks}
                      update={update}
                      setInks={(at, text) => setInks((all) => ({ ...all, [at]: text }))}
                    />
                  </Suspense>
                  <TextAreaField
                    label={c.namesList}
                    value={names[key] ?? ''}
                    onChange={(value) => setNames((all) => ({ ...all, [key]: value }))}
                    path={`layouts.${key}.teamNames`}
                    describedBy={`${id}-names-hint-${key}`}
                  >
                    <p id={`${id}-names-hint-${key}`} className="hint">
                      {c.namesHint}
                    </p>
                  </TextAreaField>
                  {key === '1' && (
                    <TextAreaField
                      label={c.notes}
                      value={layout.jobNotes ?? ''}
                      onChange={(value) =>
                        update((d) => {
                          d.layouts['1']!.jobNotes = value;
                        })
                      }
                      path="layouts.1.jobNotes"
                    />
                  )}
                </fieldset>
              );
            })}
            <TextAreaField label={c.reason} value={reason} onChange={setReason} path="reason" />
            {failure && <p role="alert">{failure}</p>}
            <div className="button-row">
              <button type="submit" className="button button-primary" disabled={busy}>
                {busy ? c.saving : c.save}
              </button>
              <button type="button" className="button button-secondary" onClick={() => setDraft(null)}>
                {c.cancel}
              </button>
            </div>
          </form>
        </FieldErrorsContext.Provider>
      )}
    </section>
  );
}
