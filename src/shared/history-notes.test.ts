import { describe, expect, it } from 'vitest';
import { historyNoteText, parseHistoryNote, type HistoryNote } from './history-notes.js';

const HASH = '8b9d641820878c23aa00ff00aa00ff00aa00ff00aa00ff00aa00ff00aa00ff00';

describe('history notes', () => {
  it('read back what they wrote, names and comments with any characters included', () => {
    const notes: HistoryNote[] = [
      { kind: 'quote_sent', version: 3, hash: HASH },
      { kind: 'quote_approved', version: 1, fullName: 'Zoë “Zed” O’Brien', hash: HASH },
      { kind: 'changes_requested', version: 2, comment: 'Navy, please.\nAnd: bigger logo (12").' },
    ];
    for (const note of notes) {
      const parsed = parseHistoryNote(historyNoteText(note));
      expect(parsed).toEqual('hash' in note ? { ...note, hash: HASH.slice(0, 12) } : note);
    }
    expect(historyNoteText(notes[0]!)).toBe('Quote v3 sent (8b9d64182087…)');
  });

  it('leave any other text alone', () => {
    expect(parseHistoryNote('Customer called: wants it Friday.')).toBeNull();
    expect(parseHistoryNote('Quote v1 sent')).toBeNull();
  });
});
