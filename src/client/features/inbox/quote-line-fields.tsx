// One line of the quote editor: description, quantity, unit price and whether it is taxed, each
// marked when the server refused it, and the price when it cannot be read as dollars.
import type { EditorLine } from './quote-lines.js';
import { useQuoteText } from './quote-messages.js';

export function QuoteLineFields({
  line,
  index,
  priceBad,
  refused,
  onChange,
  onRemove,
}: {
  line: EditorLine;
  /** The line's place in the quote, from 0. */
  index: number;
  /** The price as typed is not an amount of dollars. */
  priceBad: boolean;
  /** Whether the server refused this field of the line (its name in the wire format). */
  refused: (field: 'description' | 'quantity' | 'unitPriceCents') => boolean;
  onChange: (change: Partial<EditorLine>) => void;
  onRemove: () => void;
}) {
  const { t } = useQuoteText();
  const id = `line-${line.key}`;
  return (
    <fieldset className="quote-line">
      <legend>{t.lineLegend(index + 1)}</legend>
      <div className="field quote-description">
        <label htmlFor={`${id}-description`}>{t.description}</label>
        <input
          id={`${id}-description`}
          type="text"
          value={line.description}
          aria-invalid={refused('description') || undefined}
          aria-describedby={line.reason ? `${id}-reason` : undefined}
          onChange={(e) => onChange({ description: e.target.value })}
        />
        {line.reason && (
          <p id={`${id}-reason`} className="muted small">
            {line.reason}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-quantity`}>{t.quantity}</label>
        <input
          id={`${id}-quantity`}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={line.quantity}
          aria-invalid={refused('quantity') || undefined}
          aria-describedby={line.needsQuantity ? `${id}-quantity-hint` : undefined}
          onChange={(e) => onChange({ quantity: e.target.value, needsQuantity: false })}
        />
        {line.needsQuantity && (
          <p id={`${id}-quantity-hint`} className="field-error">
            {t.needsQuantity}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-price`}>{t.unitPrice}</label>
        <input
          id={`${id}-price`}
          type="text"
          inputMode="decimal"
          value={line.price}
          aria-invalid={priceBad || refused('unitPriceCents') || line.needsPrice || undefined}
          aria-describedby={priceBad ? `${id}-price-error` : line.needsPrice ? `${id}-price-needed` : undefined}
          onChange={(e) => onChange({ price: e.target.value, needsPrice: false })}
        />
        {priceBad && (
          <p id={`${id}-price-error`} className="field-error">
            {t.priceInvalid}
          </p>
        )}
        {line.needsPrice && !priceBad && (
          <p id={`${id}-price-needed`} className="field-error">
            {t.needsPrice}
          </p>
        )}
      </div>
      <div className="check">
        <input
          id={`${id}-taxable`}
          type="checkbox"
          checked={line.taxable}
          onChange={(e) => onChange({ taxable: e.target.checked })}
        />
        <label htmlFor={`${id}-taxable`}>{t.taxable}</label>
      </div>
      <button type="button" className="button button-secondary" onClick={onRemove}>
        {t.removeLine(index + 1)}
      </button>
    </fieldset>
  );
}
