// One line of the quote editor: description (whole, wrapping), quantity, unit price, the line's
// total as the server computes it, and its taxes: taxable or not, exempt from each tax of the
// place of supply, children's clothing. A resale partner discount the customer claimed waits for
// the clerk's confirmation. Each field is marked when the server refused it.
import { formatCents } from '../../../shared/money.js';
import type { ComputedQuote } from '../../../shared/quote.js';
import { lineTaxNames } from '../../../shared/line-taxes.js';
import type { TaxGroup } from '../../../shared/tax-treatment.js';
import type { EditorLine, TaxChoice } from './quote-lines.js';
import { useQuoteText } from './quote-messages.js';

/** Rows enough to show the whole description: about 60 characters a row, a line break a row. */
const rowsFor = (text: string) =>
  Math.max(
    2,
    text.split('\n').reduce((rows, part) => rows + Math.max(1, Math.ceil(part.length / 60)), 0),
  );

export function QuoteLineFields({
  line,
  index,
  choices,
  french,
  preview,
  computing,
  priceBad,
  resaleTried,
  refused,
  onChange,
  onRemove,
}: {
  line: EditorLine;
  /** The line's place in the quote, from 0. */
  index: number;
  /** The taxes of the place of supply the line can be exempt from. */
  choices: TaxChoice[];
  /** The shop is in Quebec: the line gets a French description (its documents print it). */
  french: boolean;
  /** The server's answer for the lines as they stand, and this line's place in it; null while it is not in. */
  preview: { quote: ComputedQuote; at: number } | null;
  /** The server is computing the lines as they stand. */
  computing: boolean;
  /** The price as typed is not an amount of dollars. */
  priceBad: boolean;
  /** The clerk tried to save or send while this line's resale partner is unconfirmed. */
  resaleTried: boolean;
  /** Whether the server refused this field of the line (its name in the wire format). */
  refused: (
    field: 'description' | 'descriptionFr' | 'quantity' | 'unitPriceCents' | 'notTaxed' | 'childrens',
  ) => boolean;
  onChange: (change: Partial<EditorLine>) => void;
  onRemove: () => void;
}) {
  const { t, language } = useQuoteText();
  const id = `line-${line.key}`;
  const n = index + 1;
  const toggleGroup = (group: TaxGroup, exempt: boolean) =>
    onChange({
      notTaxed: exempt
        ? [...line.notTaxed.filter((g) => g !== group), group]
        : line.notTaxed.filter((g) => g !== group),
    });
  const previewed = preview?.quote.lines[preview.at];
  const taxNames = preview ? lineTaxNames(preview.quote, language)?.[preview.at] : undefined;
  const resaleError = line.unconfirmedResale && resaleTried;

  return (
    <fieldset className="quote-line">
      <legend>{t.lineLegend(n)}</legend>
      <div className="field quote-description">
        <label htmlFor={`${id}-description`}>{t.description}</label>
        <textarea
          id={`${id}-description`}
          rows={rowsFor(line.description)}
          value={line.description}
          aria-invalid={refused('description') || undefined}
          aria-describedby={
            [line.reason ? `${id}-reason` : '', line.byHand ? `${id}-by-hand` : ''].filter(Boolean).join(' ') ||
            undefined
          }
          onChange={(e) => onChange({ description: e.target.value })}
        />
        {line.reason && (
          <p id={`${id}-reason`} className="muted small">
            {line.reason}
          </p>
        )}
        {line.byHand && (
          <p id={`${id}-by-hand`} className="muted small">
            {t.keptByHand}
          </p>
        )}
      </div>
      {french && (
        <div className="field quote-description">
          <label htmlFor={`${id}-description-fr`}>{t.descriptionFr}</label>
          <textarea
            id={`${id}-description-fr`}
            lang="fr"
            rows={rowsFor(line.descriptionFr ?? '')}
            value={line.descriptionFr ?? ''}
            aria-invalid={refused('descriptionFr') || undefined}
            aria-describedby={`${id}-description-fr-hint`}
            onChange={(e) => onChange({ descriptionFr: e.target.value })}
          />
          <p id={`${id}-description-fr-hint`} className="muted small">
            {t.descriptionFrHint}
          </p>
        </div>
      )}
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
      <p className="quote-line-total">
        {t.lineTotal}
        {language === 'fr' ? '\u00a0: ' : ': '}
        {line.unconfirmedResale ? (
          <span className="muted">{t.lineNotCounted}</span>
        ) : previewed ? (
          <>
            <strong>{formatCents(previewed.lineTotalCents, language)}</strong>
            {taxNames && (
              <span className="muted small">
                {' '}
                ({taxNames.length > 0 ? t.lineTaxes(taxNames.join(', ')) : t.noTaxOnLine})
              </span>
            )}
          </>
        ) : (
          <span className="muted">{computing ? t.computing : t.none}</span>
        )}
      </p>
      <fieldset className="quote-line-taxes">
        <legend>{t.lineTaxesLegend(n)}</legend>
        <div className="check">
          <input
            id={`${id}-taxable`}
            type="checkbox"
            checked={line.taxable}
            onChange={(e) => onChange({ taxable: e.target.checked })}
          />
          <label htmlFor={`${id}-taxable`}>{t.taxable}</label>
        </div>
        {/* Not taxable is exempt from every tax: the boxes of each tax only matter on a taxable line. */}
        {line.taxable &&
          choices.map((choice) => (
            <div className="check" key={choice.group}>
              <input
                id={`${id}-exempt-${choice.group}`}
                type="checkbox"
                checked={line.notTaxed.includes(choice.group)}
                aria-invalid={refused('notTaxed') || undefined}
                onChange={(e) => toggleGroup(choice.group, e.target.checked)}
              />
              <label htmlFor={`${id}-exempt-${choice.group}`}>{t.exemptFrom(choice.name[language])}</label>
            </div>
          ))}
        <div className="check">
          <input
            id={`${id}-childrens`}
            type="checkbox"
            checked={line.childrens}
            aria-invalid={refused('childrens') || undefined}
            onChange={(e) => onChange({ childrens: e.target.checked })}
          />
          <label htmlFor={`${id}-childrens`}>{t.childrens}</label>
        </div>
      </fieldset>
      {line.kind === 'resale_partner' && (
        <div className="field quote-resale">
          {resaleError && (
            <p id={`${id}-resale-error`} className="field-error">
              {t.resaleUnconfirmed}
            </p>
          )}
          <div className="check">
            <input
              id={`${id}-resale`}
              type="checkbox"
              checked={!line.unconfirmedResale}
              aria-invalid={resaleError || undefined}
              aria-describedby={
                [resaleError && `${id}-resale-error`, line.unconfirmedResale && `${id}-resale-hint`]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              onChange={(e) => onChange({ unconfirmedResale: !e.target.checked })}
            />
            <label htmlFor={`${id}-resale`}>{t.resaleConfirmed}</label>
          </div>
          {line.unconfirmedResale && (
            <p id={`${id}-resale-hint`} className="muted small">
              {t.resaleClaim}
            </p>
          )}
        </div>
      )}
      <button type="button" className="button button-secondary" onClick={onRemove}>
        {t.removeLine(n)}
      </button>
    </fieldset>
  );
}
