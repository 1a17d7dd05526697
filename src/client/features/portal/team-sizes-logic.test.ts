import { describe, expect, it } from 'vitest';
import type { OrderCollection, TeamSizesChoice } from '../../../shared/collections-api.js';
import { PORTAL_MESSAGES } from './messages.js';
import {
  asksAboutTeamSizes,
  choiceKey,
  keepTeamLink,
  outcomeText,
  sizesNow,
  storedTeamLink,
} from './team-sizes-logic.js';

const collection = (over: Partial<OrderCollection> = {}): OrderCollection => ({
  id: 'c1',
  layout: '1',
  variation: 0,
  title: 'Lions U12',
  garment: 'Gildan 5000 T-shirt',
  sizes: ['S', 'M', 'L', 'XL'],
  closesOn: '2026-12-03',
  open: false,
  asksPrint: true,
  entries: [
    { id: 'e1', name: 'Ada', size: 'M', printName: '', printNumber: '' },
    { id: 'e2', name: 'Émile', size: 'L', printName: '', printNumber: '7' },
    { id: 'e3', name: 'Cy', size: 'L', printName: '', printNumber: '' },
  ],
  counts: [
    { size: 'S', quantity: 0 },
    { size: 'M', quantity: 1 },
    { size: 'L', quantity: 2 },
    { size: 'XL', quantity: 0 },
  ],
  outcome: 'applied',
  ...over,
});
const choice = (over: Partial<TeamSizesChoice> = {}): TeamSizesChoice => ({
  layout: '1',
  variation: 0,
  garment: 'Gildan 5000 T-shirt',
  color: 'Black',
  sizes: 'M:1, L:2',
  ...over,
});

describe('team sizes in My orders', () => {
  it('asks the server only about orders New or Quoted', () => {
    expect(
      ['new', 'quoted', 'approved', 'in_production', 'ready', 'completed', 'cancelled'].filter(asksAboutTeamSizes),
    ).toEqual(['new', 'quoted']);
  });

  it('keys a choice by its layout and variation', () => {
    expect(choiceKey(choice({ layout: '2', variation: 1 }))).toBe('2:1');
  });

  it('keeps the members’ link under aof.team-link.<id>, and survives a storage that refuses', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    expect(storedTeamLink('c1', storage)).toBeNull();
    keepTeamLink('c1', 'abc', storage);
    expect([...store]).toEqual([['aof.team-link.c1', 'abc']]);
    expect(storedTeamLink('c1', storage)).toBe('abc');
    expect(storedTeamLink('c2', storage)).toBeNull();
    const refusing = {
      getItem: (): string | null => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => keepTeamLink('c1', 'abc', refusing)).not.toThrow();
    expect(storedTeamLink('c1', refusing)).toBeNull();
    expect(storedTeamLink('c1', null)).toBeNull();
  });

  it('reads the sizes from the variation the server returns, else from the counts', () => {
    // The server's text wins (it is what the order holds now), even spelled otherwise.
    expect(sizesNow(collection(), [choice({ variation: 1, sizes: 'S:9' }), choice({ sizes: 'L:2, M:1' })])).toBe(
      'L:2, M:1',
    );
    expect(sizesNow(collection(), [choice({ layout: '2' })])).toBe('M:1, L:2');
    expect(sizesNow(collection(), [])).toBe('M:1, L:2');
  });

  it('says what became of the order in both languages, and nothing while entries are open', () => {
    const en = PORTAL_MESSAGES.en.team;
    const fr = PORTAL_MESSAGES.fr.team;
    expect(outcomeText(en, collection(), [choice()])).toBe('The order’s sizes were updated from 3 entries: M:1, L:2.');
    expect(outcomeText(fr, collection(), [choice()])).toBe(
      'Les tailles de la commande ont été mises à jour à partir de 3 inscriptions\u00a0: M:1, L:2.',
    );
    const one = collection({ entries: collection().entries.slice(0, 1), counts: [{ size: 'M', quantity: 1 }] });
    expect(outcomeText(en, one, [])).toBe('The order’s sizes were updated from 1 entry: M:1.');
    expect(outcomeText(fr, one, [])).toContain('à partir de 1 inscription\u00a0: M:1.');
    expect(outcomeText(en, collection({ outcome: 'quoted_first' }), [])).toBe(
      'The shop sent its quote before entries closed, so the order was not changed. Write to the shop below if the sizes should change.',
    );
    expect(outcomeText(en, collection({ outcome: 'no_entries', entries: [] }), [])).toBe(
      'Entries closed with no entry: the order was not changed.',
    );
    expect(outcomeText(en, collection({ outcome: null, open: true }), [choice()])).toBeNull();
  });
});
