// The Prices page's state: the published versions, the document being edited (a new object on
// every change: the pricing remembers its work per document), the inputs that cannot be read
// yet, and the server's check and publishing with every error it names.
import { useCallback, useEffect, useState } from 'react';
import type { StaffPriceLists } from '../../../../shared/price-list-api.js';
import type { Bilingual, PriceList, PriceListError } from '../../../../shared/prices/price-list.js';
import { ApiError, isRecord, messageOf } from '../../../shared/api-error.js';
import { useSession } from '../session.js';
import { usePricesText } from './prices-messages.js';

export type Draft = PriceList;

/** A change to the document: given a copy to change in place. */
export type Edit = (copy: Draft) => void;

export type Outcome =
  | { kind: 'checked' }
  | { kind: 'published'; version: number }
  | { kind: 'savedForReview' }
  | { kind: 'draftOpened'; by: string }
  | { kind: 'draftDiscarded' }
  | { kind: 'refused'; errors: PriceListError[] }
  | { kind: 'failed'; message: string }
  | { kind: 'read' }
  | { kind: 'unreadable' };

function errorsOf(err: unknown): PriceListError[] | null {
  if (!(err instanceof ApiError) || err.code !== 'invalid_price_list') return null;
  const answer = err.answer;
  if (!isRecord(answer) || !isRecord(answer.error) || !Array.isArray(answer.error.errors)) return null;
  return answer.error.errors as PriceListError[];
}

export function usePriceDraft() {
  const { api } = useSession();
  const { language } = usePricesText();
  const [lists, setLists] = useState<StaffPriceLists | null>(null);
  const [loadError, setLoadError] = useState('');
  const [draft, setDraft] = useState<Draft | null>(null);
  /** Bumped when the whole document is replaced, so every input starts again from it. */
  const [generation, setGeneration] = useState(0);
  const [unreadable, setUnreadable] = useState<ReadonlySet<string>>(new Set());
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  /** The staff draft opened for review: publishing it takes it off the list. */
  const [draftId, setDraftId] = useState<string | undefined>(undefined);

  const load = useCallback(
    () =>
      api.prices().then(
        (answer) => {
          setLists(answer);
          return answer;
        },
        (err: unknown) => {
          setLoadError(messageOf(err, language));
          return null;
        },
      ),
    [api, language],
  );

  // The version in effect is what the page edits first.
  useEffect(() => {
    void load().then((answer) => answer?.current && setDraft(answer.current.priceList));
  }, [load]);

  const replace = (document: Draft) => {
    setDraft(document);
    setUnreadable(new Set());
    setGeneration((g) => g + 1);
  };

  const edit = (change: Edit) => {
    setDraft((current) => {
      if (!current) return current;
      const copy = structuredClone(current);
      change(copy);
      return copy;
    });
    if (outcome?.kind !== 'refused') setOutcome(null);
  };

  /** An input that cannot be read (true) or can again (false): publishing waits for all. */
  const markUnreadable = useCallback((path: string, bad: boolean) => {
    setUnreadable((set) => {
      if (set.has(path) === bad) return set;
      const next = new Set(set);
      if (bad) next.add(path);
      else next.delete(path);
      return next;
    });
  }, []);

  const check = async () => {
    if (!draft) return;
    if (unreadable.size > 0) return setOutcome({ kind: 'unreadable' });
    setBusy(true);
    try {
      const answer = await api.checkPrices(draft);
      setOutcome(answer.ok ? { kind: 'checked' } : { kind: 'refused', errors: answer.errors });
    } catch (err) {
      setOutcome({ kind: 'failed', message: messageOf(err, language) });
    } finally {
      setBusy(false);
    }
  };

  const publish = async () => {
    if (!draft) return;
    if (unreadable.size > 0) return setOutcome({ kind: 'unreadable' });
    setBusy(true);
    try {
      const { version } = await api.publishPrices(draft, draftId);
      setOutcome({ kind: 'published', version });
      setDraftId(undefined);
      await load();
    } catch (err) {
      const errors = errorsOf(err);
      setOutcome(errors ? { kind: 'refused', errors } : { kind: 'failed', message: messageOf(err, language) });
    } finally {
      setBusy(false);
    }
  };

  /** Any staff member: the document kept for an owner to review and publish. */
  const saveForReview = async () => {
    if (!draft) return;
    if (unreadable.size > 0) return setOutcome({ kind: 'unreadable' });
    await run(async () => {
      await api.savePriceDraft(draft);
      setOutcome({ kind: 'savedForReview' });
      await load();
    });
  };

  /** An owner opens a staff draft in the editor. */
  const openDraft = (id: string) =>
    run(async () => {
      const found = await api.priceDraft(id);
      replace(found.document);
      setDraftId(id);
      setOutcome({ kind: 'draftOpened', by: found.savedBy });
    });

  const discardDraft = (id: string) =>
    run(async () => {
      await api.discardPriceDraft(id);
      if (draftId === id) setDraftId(undefined);
      setOutcome({ kind: 'draftDiscarded' });
      await load();
    });

  async function run(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      setOutcome({ kind: 'failed', message: messageOf(err, language) });
    } finally {
      setBusy(false);
    }
  }

  /** The server's error for exactly this place, if the last check or publish named it. */
  const errorAt = (path: string): Bilingual | undefined =>
    outcome?.kind === 'refused' ? outcome.errors.find((e) => e.path === path)?.message : undefined;

  return {
    lists,
    loadError,
    draft,
    generation,
    unreadable,
    outcome,
    setOutcome,
    busy,
    replace,
    edit,
    markUnreadable,
    check,
    publish,
    saveForReview,
    openDraft,
    discardDraft,
    errorAt,
  };
}

export type PriceDraft = ReturnType<typeof usePriceDraft>;
