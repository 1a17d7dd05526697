// The quote editor: lines prefilled from the order (editable), each with its taxes, the
// customer's PST number for a purchase for resale where one counts, each line's total and the
// taxes and total as the server computes them (a preview, never computed here), the proofs per
// layout beside the artwork, the first day the floor has room for the order's pieces, "Send quote" (asking first when no proof goes) and "Save draft".
// Its state is use-quote-editor.ts's and use-proofs.ts's.
import type { FormEvent } from 'react';
import type { StaffQuoteState } from '../../../shared/quote-api.js';
import type { Attachment } from './api.js';
import { QuoteChanges } from './quote-changes.js';
import { QuoteLineFields } from './quote-line-fields.js';
import { resalePstName, taxChoicesOf } from './quote-lines.js';
import { useQuoteText } from './quote-messages.js';
import { NoProofsDialog } from './quote-no-proofs.js';
import { QuoteProofs } from './quote-proofs.js';
import { QuoteRoom } from './quote-room.js';
import { QuoteTotals } from './quote-totals.js';
import { useProofs } from './use-proofs.js';
import { useQuoteEditor } from './use-quote-editor.js';

export function QuoteEditor({
  orderId,
  state,
  attachments,
  layoutNumbers,
  onProofs,
  onClose,
  onSaved,
  onSent,
}: {
  orderId: string;
  state: StaffQuoteState;
  attachments: Attachment[];
  layoutNumbers: number[];
  /** After a proof was added or removed. */
  onProofs: () => void;
  onClose: () => void;
  onSaved: (message: string) => void;
  onSent: (version: number) => void;
}) {
  const { t, language } = useQuoteText();
  const editor = useQuoteEditor(orderId, state, { onSaved, onSent });
  const proofs = useProofs(orderId, onProofs);
  const choices = taxChoicesOf(state.province);
  const resaleTax = resalePstName(state.province)?.[language];
  const submit = (action: 'draft' | 'send', confirmNoProofs = false) => {
    const toFix = editor.submit(action, confirmNoProofs);
    if (toFix) document.getElementById(toFix)?.focus();
  };

  return (
    // Enter in a field never sends a quote: sending is the button's job alone.
    <form
      className="quote-editor"
      onSubmit={(e: FormEvent) => e.preventDefault()}
      aria-labelledby="h-quote-editor"
      noValidate
    >
      <h3 id="h-quote-editor">{t.editorHeading}</h3>
      <p>{state.province ? t.placeOfSupply(state.province) : t.noPlaceOfSupply}</p>
      {editor.start.origin === 'suggested' && <p className="muted small">{t.suggestedNote}</p>}
      {editor.start.origin === 'priced' && editor.start.priceListVersion !== null && (
        <p className="muted small">{t.pricedNote(editor.start.priceListVersion)}</p>
      )}
      {editor.start.origin === 'revised' && editor.start.priceListVersion !== null && (
        <p className="muted small">{t.revisedNote(editor.start.priceListVersion)}</p>
      )}
      {editor.start.origin === 'revised' && <QuoteChanges state={state} lines={editor.lines} />}
      <QuoteRoom orderId={orderId} />
      {editor.lines.map((line, i) => (
        <QuoteLineFields
          key={line.key}
          line={line}
          index={i}
          choices={choices}
          french={state.shopProvince === 'QC'}
          preview={editor.previewOf(i)}
          computing={editor.pending}
          priceBad={editor.badPrices.has(i)}
          resaleTried={editor.unconfirmedTried}
          refused={(field) => editor.refused(i, field)}
          onChange={(change) => editor.updateLine(i, change)}
          onRemove={() => editor.removeLine(i)}
        />
      ))}
      <button type="button" className="button button-secondary" onClick={editor.addLine}>
        {t.addLine}
      </button>

      {resaleTax && (
        <div className="field quote-resale-number">
          <label htmlFor="quote-pst-number">{t.resaleNumber(resaleTax)}</label>
          {editor.pstNumberRefused && (
            <p id="quote-pst-number-error" className="field-error">
              {t.resaleNumberInvalid(resaleTax)}
            </p>
          )}
          <input
            id="quote-pst-number"
            type="text"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            value={editor.pstNumber}
            aria-invalid={editor.pstNumberRefused || undefined}
            aria-describedby={`${editor.pstNumberRefused ? 'quote-pst-number-error ' : ''}quote-pst-number-hint`}
            onChange={(e) => editor.setPstNumber(e.target.value)}
          />
          <p id="quote-pst-number-hint" className="muted small">
            {t.resaleNumberHint(resaleTax)}
          </p>
        </div>
      )}

      <QuoteTotals
        preview={editor.preview}
        computing={editor.computing}
        refusal={editor.refusal}
        registration={state.registration}
        estimate={state.estimate}
      />

      <QuoteProofs
        orderId={orderId}
        proofs={state.proofs}
        versions={state.versions}
        attachments={attachments}
        layoutNumbers={layoutNumbers}
        status={proofs.status}
        error={proofs.error}
        onUpload={proofs.upload}
        onRemove={proofs.remove}
      />

      {editor.failure && (
        <p role="alert" className="form-error">
          {editor.failure}
        </p>
      )}
      <div className="order-actions">
        <button type="button" className="button button-primary" disabled={editor.busy} onClick={() => submit('send')}>
          {t.send}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={editor.busy}
          onClick={() => submit('draft')}
        >
          {t.saveDraft}
        </button>
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t.hide}
        </button>
      </div>
      {editor.askNoProofs && (
        <NoProofsDialog busy={editor.busy} onConfirm={() => submit('send', true)} onCancel={editor.cancelNoProofs} />
      )}
    </form>
  );
}
