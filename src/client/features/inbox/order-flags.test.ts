// The inbox list's flags in words, in both languages, and its "needs attention" filter kept in the
// address (a shared link opens the same list).
import { describe, expect, it } from 'vitest';
import { listQueryString, parseListQuery } from './api.js';
import { en, fr } from './messages.js';
import { flagWords } from './order-flags.js';

const none = { change_requested: false, unread_messages: 0, edited_by_customer: false, quote_waiting_days: null };

describe('an order’s flags in the inbox’s list', () => {
  it('are worded in English and in French, in the order the clerk deals with them', () => {
    const all = { change_requested: true, unread_messages: 2, edited_by_customer: true, quote_waiting_days: 7 };
    expect(flagWords(all, en.list)).toEqual([
      'Change requested',
      '2 unread messages',
      'Changed by the customer',
      'Quote waiting 7 days',
    ]);
    expect(flagWords(all, fr.list)).toEqual([
      'Changements demandés',
      '2 messages non lus',
      'Modifiée par le client',
      'Soumission en attente depuis 7\u00a0jours',
    ]);
    expect(flagWords({ ...none, unread_messages: 1, quote_waiting_days: 1 }, en.list)).toEqual([
      '1 unread message',
      'Quote waiting 1 day',
    ]);
    expect(flagWords({ ...none, quote_waiting_days: 1 }, fr.list)).toEqual([
      'Soumission en attente depuis 1\u00a0jour',
    ]);
  });

  it('say nothing for an order that needs nothing (or a server that sent none)', () => {
    expect(flagWords(none, en.list)).toEqual([]);
    expect(flagWords(undefined, fr.list)).toEqual([]);
  });
});

describe('the list’s filter in the address', () => {
  it('keeps what needs the clerk beside the search, status and page, both ways', () => {
    const query = { q: 'ada', status: 'quoted', payment: '', flag: 'quote_waiting', page: 2 };
    const qs = listQueryString(query);
    expect(qs).toBe('q=ada&status=quoted&flag=quote_waiting&page=2');
    expect(parseListQuery(`?${qs}`)).toEqual(query);
    expect(listQueryString(parseListQuery('?flag=unread_message'))).toBe('flag=unread_message');
  });

  it('reads a flag the list does not know as none', () => {
    expect(parseListQuery('?flag=urgent').flag).toBe('');
    expect(parseListQuery('').flag).toBe('');
  });
});
