// The Prices page's number boxes: dollars kept as typed until they read as whole cents, whole
// numbers, and measures. Each says beside itself when it cannot be read, or when the server's
// check named its place, and tells the page so that nothing unreadable is published.
import { useEffect, useId, useState } from 'react';
import type { Bilingual } from '../../../../shared/prices/price-list.js';
import { readDollars } from '../../../../shared/prices/garments-csv.js';
import { usePricesText } from './prices-messages.js';

export type NumberKind = 'dollars' | 'whole' | 'measure';

function textOf(value: number | undefined, kind: NumberKind, language: 'en' | 'fr'): string {
  if (value === undefined) return '';
  if (kind !== 'dollars') return String(value);
  const text = `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
  return language === 'fr' ? text.replace('.', ',') : text;
}

function read(text: string, kind: NumberKind): number | null {
  const t = text.trim();
  if (kind === 'dollars') return readDollars(t);
  if (kind === 'whole') return /^\d{1,9}$/.test(t) ? Number(t) : null;
  const n = Number(t.replace(',', '.'));
  return t !== '' && Number.isFinite(n) && n > 0 ? n : null;
}

export function NumberBox({
  path,
  label,
  value,
  kind,
  optional = false,
  serverError,
  onValue,
  onUnreadable,
  className,
  hideLabel = true,
}: {
  /** The value's place in the document ("methods.dtf.unitCents[1][3]"): its id and its errors'. */
  path: string;
  label: string;
  value: number | undefined;
  kind: NumberKind;
  /** Empty means "not set" (undefined) rather than unreadable. */
  optional?: boolean;
  serverError?: Bilingual;
  onValue: (value: number | undefined) => void;
  onUnreadable: (path: string, bad: boolean) => void;
  className?: string;
  /** In a table the label is read by screen readers only; elsewhere it shows. */
  hideLabel?: boolean;
}) {
  const { t, language } = usePricesText();
  const [text, setText] = useState(() => textOf(value, kind, language));
  const [bad, setBad] = useState(false);
  const id = `price-${useId().replace(/:/g, '')}`;
  // Forgotten when the box goes away (a removed row or column).
  useEffect(() => () => onUnreadable(path, false), [path, onUnreadable]);

  const change = (next: string) => {
    setText(next);
    if (optional && next.trim() === '') {
      setBad(false);
      onUnreadable(path, false);
      onValue(undefined);
      return;
    }
    const parsed = read(next, kind);
    setBad(parsed === null);
    onUnreadable(path, parsed === null);
    if (parsed !== null) onValue(parsed);
  };
  const message = bad ? (kind === 'dollars' ? t.cellInvalid : t.numberInvalid) : serverError?.[language];
  return (
    <span className={className ?? 'price-box'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode={kind === 'whole' ? 'numeric' : 'decimal'}
        value={text}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(e) => change(e.target.value)}
      />
      {message && (
        <span id={`${id}-error`} className="field-error">
          {message}
        </span>
      )}
    </span>
  );
}

/** A labelled box on a line of its own, for the settings outside the tables. */
export function LabelledNumber(props: Omit<Parameters<typeof NumberBox>[0], 'hideLabel' | 'className'>) {
  return <NumberBox {...props} hideLabel={false} className="field price-setting" />;
}
