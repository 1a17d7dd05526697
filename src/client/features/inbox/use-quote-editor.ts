// The quote editor's state: the lines as typed, the server's taxes and total for them (asked
// again a moment after each change), and saving the draft or sending the version.
import { useEffect, useMemo, useState } from 'react';
import type { ComputedQuote } from '../../../shared/quote.js';
import type { StaffQuoteState } from '../../../shared/quote-api.js';
import { ApiError, messageOf } from '../../shared/api-error.js';
import { keyed, startingLines, toSendable, type EditorLine } from './quote-lines.js';
import { useQuoteText } from './quote-messages.js';
import { useInboxApi } from './session.js';

export function useQuoteEditor(
  orderId: string,
  state: StaffQuoteState,
  { onSaved, onSent }: { onSaved: (message: string) => void; onSent: (version: number) => void },
) {
  const { t, language } = useQuoteText();
  const api = useInboxApi();
  const [start] = useState(() => startingLines(state, language));
  const [lines, setLines] = useState<EditorLine[]>(start.lines);
  const [preview, setPreview] = useState<ComputedQuote | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; fields: readonly string[] } | null>(null);
  const [computing, setComputing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  const { lines: sendable, badPrices } = useMemo(() => toSendable(lines), [lines]);

  // Ask the server for the taxes and totals whenever the lines change (after a short pause).
  useEffect(() => {
    if (badPrices.size > 0) return;
    let stale = false;
    const timer = setTimeout(() => {
      setComputing(true);
      api
        .previewQuote(orderId, sendable)
        .then(
          (answer) => {
            if (stale) return;
            setPreview(answer.quote);
            setRefusal(null);
          },
          (err: unknown) => {
            if (stale) return;
            setPreview(null);
            setRefusal({ message: messageOf(err), fields: err instanceof ApiError ? err.fields : [] });
          },
        )
        .finally(() => !stale && setComputing(false));
    }, 250);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [sendable, orderId, api, badPrices.size]);

  const updateLine = (index: number, change: Partial<EditorLine>) =>
    setLines((all) => all.map((l, i) => (i === index ? { ...l, ...change } : l)));
  const removeLine = (index: number) => setLines((all) => all.filter((_, i) => i !== index));
  const addLine = () =>
    setLines((all) => [...all, keyed({ description: '', quantity: '1', price: '', taxable: true })]);

  /**
   * Saves the lines as the draft, or sends them as the next version. Refused at once while a
   * price cannot be read: returns that line, for the editor to focus its price; else null.
   */
  const submit = (action: 'draft' | 'send'): EditorLine | null => {
    const firstBad = [...badPrices][0];
    if (firstBad !== undefined) return lines[firstBad] ?? null;
    // A line the price list left at $0 is never sent as it is: the clerk prices or removes it.
    const unpriced = lines.find((l) => l.needsPrice);
    if (action === 'send' && unpriced) return unpriced;
    setBusy(true);
    setFailure('');
    const body = {
      lines: sendable,
      ...(start.priceListVersion !== null ? { priceListVersion: start.priceListVersion } : {}),
    };
    const request =
      action === 'draft'
        ? api.saveQuoteDraft(orderId, body).then(() => onSaved(t.draftSaved))
        : api.sendQuote(orderId, body).then((sent) => onSent(sent.version));
    void request.catch((err: unknown) => setFailure(messageOf(err))).finally(() => setBusy(false));
    return null;
  };

  /** Whether the server refused this field of the line at `index`. */
  const refused = (index: number, field: string) => refusal?.fields.includes(`lines.${index}.${field}`) ?? false;

  return {
    lines,
    /** Where the lines came from, and the price list version recorded with them. */
    start,
    badPrices,
    preview,
    refusal: refusal?.message ?? null,
    refused,
    computing,
    busy,
    failure,
    updateLine,
    removeLine,
    addLine,
    submit,
  };
}
