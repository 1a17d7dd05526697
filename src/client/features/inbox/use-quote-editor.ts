// The quote editor's state: the lines as typed, the customer's resale number, the server's taxes
// and totals for them (asked again a moment after each change), and saving the draft or sending
// the version, which asks first when no proof goes with it.
import { useEffect, useMemo, useState } from 'react';
import type { ComputedQuote } from '../../../shared/quote.js';
import type { QuoteLinesBody, StaffQuoteState } from '../../../shared/quote-api.js';
import { ApiError, messageOf } from '../../shared/api-error.js';
import { blankLine, exemptionOf, followPercents, startingLines, toSendable, type EditorLine } from './quote-lines.js';
import { useQuoteText } from './quote-messages.js';
import { useInboxApi } from './session.js';

type PreviewBody = Pick<QuoteLinesBody, 'lines' | 'exemption'>;

export function useQuoteEditor(
  orderId: string,
  state: StaffQuoteState,
  { onSaved, onSent }: { onSaved: (message: string) => void; onSent: (version: number) => void },
) {
  const { t, language } = useQuoteText();
  const api = useInboxApi();
  const [start] = useState(() => startingLines(state, language));
  const [lines, setLines] = useState<EditorLine[]>(start.lines);
  const [pstNumber, setPstNumber] = useState(start.pstNumber);
  // The server's answer with the body it answered, so a line's total is shown only for its line as it stands.
  const [previewed, setPreviewed] = useState<{ body: PreviewBody; quote: ComputedQuote } | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; fields: readonly string[] } | null>(null);
  const [computing, setComputing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [askNoProofs, setAskNoProofs] = useState(false);
  /** Lines whose resale partner the clerk tried to save or send unconfirmed. */
  const [unconfirmedTried, setUnconfirmedTried] = useState(false);

  const { lines: sendable, indexes, badPrices } = useMemo(() => toSendable(lines), [lines]);
  const exemptionNumber = exemptionOf(state.province, pstNumber)?.pstNumber;
  const body = useMemo<PreviewBody>(
    () => ({
      lines: sendable,
      ...(exemptionNumber ? { exemption: { kind: 'resale' as const, pstNumber: exemptionNumber } } : {}),
    }),
    [sendable, exemptionNumber],
  );

  // Ask the server for the taxes and totals whenever the lines change (after a short pause).
  useEffect(() => {
    if (badPrices.size > 0) return;
    let stale = false;
    const timer = setTimeout(() => {
      setComputing(true);
      api
        .previewQuote(orderId, body)
        .then(
          (answer) => {
            if (stale) return;
            setPreviewed({ body, quote: answer.quote });
            setRefusal(null);
          },
          (err: unknown) => {
            if (stale) return;
            setPreviewed(null);
            setRefusal({ message: messageOf(err, language), fields: err instanceof ApiError ? err.fields : [] });
          },
        )
        .finally(() => !stale && setComputing(false));
    }, 250);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [body, orderId, api, badPrices.size, language]);

  // Every change goes through here, so a rush fee's label always follows its price.
  const change = (next: (all: EditorLine[]) => EditorLine[]) => setLines((all) => followPercents(next(all)));
  const updateLine = (index: number, patch: Partial<EditorLine>) =>
    change((all) => all.map((l, i) => (i === index ? { ...l, ...patch } : l)));
  const removeLine = (index: number) => change((all) => all.filter((_, i) => i !== index));
  const addLine = () => change((all) => [...all, blankLine()]);

  const failed = (err: unknown) => setFailure(err instanceof ApiError ? err.messageIn(language) : messageOf(err));

  /**
   * Saves the lines as the draft, or sends them as the next version. Refused at once while a
   * price cannot be read, a price list line is left to price, or a resale partner is not
   * confirmed: returns the id of the control to fix, for the editor to focus; else null.
   * Sending without any proof first asks (askNoProofs) and goes once the clerk confirms.
   */
  const submit = (action: 'draft' | 'send', confirmNoProofs = false): string | null => {
    const firstBad = [...badPrices][0];
    if (firstBad !== undefined) return `line-${lines[firstBad]!.key}-price`;
    // A line the price list left at $0 is never sent as it is: the clerk prices or removes it.
    const unpriced = lines.find((l) => l.needsPrice);
    if (action === 'send' && unpriced) return `line-${unpriced.key}-price`;
    const unconfirmed = lines.find((l) => l.unconfirmedResale);
    setUnconfirmedTried(unconfirmed !== undefined);
    if (unconfirmed) return `line-${unconfirmed.key}-resale`;
    setFailure('');
    if (action === 'send' && state.proofs.length === 0 && !confirmNoProofs) {
      setAskNoProofs(true);
      return null;
    }
    setAskNoProofs(false);
    setBusy(true);
    const withVersion = {
      ...body,
      ...(start.priceListVersion !== null ? { priceListVersion: start.priceListVersion } : {}),
    };
    const request =
      action === 'draft'
        ? api.saveQuoteDraft(orderId, withVersion).then(() => onSaved(t.draftSaved))
        : api
            .sendQuote(orderId, { ...withVersion, ...(confirmNoProofs ? { confirmNoProofs } : {}) })
            .then((sent) => onSent(sent.version));
    void request
      .catch((err: unknown) => {
        // The last proof was removed meanwhile (another tab): ask, as if it had never been there.
        if (err instanceof ApiError && err.code === 'no_proofs') setAskNoProofs(true);
        else failed(err);
      })
      .finally(() => setBusy(false));
    return null;
  };

  /** Whether the server refused this field of the line at `index` (the editor's index). */
  const refused = (index: number, field: string) => {
    const sent = indexes.indexOf(index);
    return sent >= 0 && (refusal?.fields.includes(`lines.${sent}.${field}`) ?? false);
  };

  /** The server's total and taxes for the line at `index`, when its answer is for the lines as they stand. */
  const previewOf = (index: number): { quote: ComputedQuote; at: number } | null => {
    const sent = indexes.indexOf(index);
    return previewed && previewed.body === body && sent >= 0 ? { quote: previewed.quote, at: sent } : null;
  };

  return {
    lines,
    /** Where the lines came from, and the price list version recorded with them. */
    start,
    badPrices,
    preview: previewed?.quote ?? null,
    previewOf,
    refusal: refusal?.message ?? null,
    refused,
    pstNumber,
    setPstNumber,
    /** The server refused the PST number. */
    pstNumberRefused: refusal?.fields.includes('exemption.pstNumber') ?? false,
    unconfirmedTried,
    computing,
    /** An answer for the lines as they stand is on its way (none comes while a price cannot be read or after a refusal). */
    pending: badPrices.size === 0 && refusal === null,
    busy,
    failure,
    askNoProofs,
    cancelNoProofs: () => setAskNoProofs(false),
    updateLine,
    removeLine,
    addLine,
    submit,
  };
}
