// A row of number boxes, one per size of the shop's garment, that writes the variation's "Sizes
// and Quantities" text (S:10, M:20, L:20, 2XL:5) and is filled back from text the reader
// understands. Text it cannot read by size leaves the boxes empty and the text as typed.
import { useState } from 'react';
import { readSizeBoxes, sizesToText } from '../../../shared/prices/size-grid.js';
import { useOrderFormText } from './messages.js';

const MAX_PER_SIZE = 100_000;

export function SizeBoxes({
  sizes,
  text,
  idPrefix,
  onText,
  legend,
  readOnly,
  describedBy,
}: {
  /** The garment's sizes, in its order. */
  sizes: readonly string[];
  /** The variation's "Sizes and Quantities" text. */
  text: string;
  idPrefix: string;
  onText: (text: string) => void;
  /** The group's legend, "Quantities by size" unless given. */
  legend?: string;
  /** Filled by another part of the page (a team's entries): shown, not typed in. */
  readOnly?: boolean;
  /** A note that explains the boxes, read with each. */
  describedBy?: string;
}) {
  const { t } = useOrderFormText();
  // What a box holds while it is not a quantity ("-1", "2.5"): shown as typed, with the reason.
  const [typed, setTyped] = useState<Record<string, string>>({});
  const boxes = readSizeBoxes(text, sizes);
  const quantityOf = (size: string) => boxes?.find((b) => b.size === size)?.quantity ?? 0;

  const change = (size: string, value: string) => {
    const whole = /^\d{1,6}$/.test(value.trim()) ? Number(value) : value.trim() === '' ? 0 : NaN;
    if (!(whole >= 0 && whole <= MAX_PER_SIZE)) {
      setTyped((all) => ({ ...all, [size]: value }));
      return;
    }
    setTyped(({ [size]: _, ...rest }) => rest);
    onText(sizesToText(sizes.map((s) => ({ size: s, quantity: s === size ? whole : quantityOf(s) }))));
  };

  return (
    <fieldset className="size-boxes">
      <legend>{legend ?? t.sectionB.sizeBoxes}</legend>
      {boxes === null && (
        <p className="muted" id={`${idPrefix}-unread`}>
          {t.sectionB.sizeBoxesUnread}
        </p>
      )}
      <div className="size-box-row">
        {sizes.map((size) => {
          const id = `${idPrefix}-${size.replace(/\W/g, '_')}`;
          const bad = typed[size] !== undefined;
          const quantity = quantityOf(size);
          return (
            <div className="size-box" key={size}>
              <label htmlFor={id}>
                <span aria-hidden="true">{size}</span>
                <span className="visually-hidden">{t.sectionB.sizeBox(size)}</span>
              </label>
              <input
                id={id}
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_PER_SIZE}
                step={1}
                disabled={boxes === null}
                readOnly={readOnly}
                value={bad ? typed[size] : quantity > 0 ? String(quantity) : ''}
                aria-invalid={bad || undefined}
                aria-describedby={
                  bad ? `${id}-error` : boxes === null ? `${idPrefix}-unread` : (describedBy ?? undefined)
                }
                onChange={(e) => change(size, e.target.value)}
              />
              {bad && (
                <span id={`${id}-error`} className="field-error">
                  {t.sectionB.sizeBoxInvalid}
                </span>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
