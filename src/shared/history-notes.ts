// The notes an order's history carries when a quote is sent or answered. They are stored as
// English sentences (the CSV and the shop's records read them as they are); the inbox reads
// them back with parseHistoryNote and words them in the staff member's language.

export type HistoryNote =
  | { kind: 'quote_sent'; version: number; hash: string }
  | { kind: 'quote_approved'; version: number; fullName: string; hash: string }
  | { kind: 'changes_requested'; version: number; comment: string };

/** The stored sentence. `hash` is the quote version's SHA-256; the note keeps its first 12 digits. */
export function historyNoteText(note: HistoryNote): string {
  switch (note.kind) {
    case 'quote_sent':
      return `Quote v${note.version} sent (${note.hash.slice(0, 12)}…)`;
    case 'quote_approved':
      return `Quote v${note.version} approved online by “${note.fullName}” (${note.hash.slice(0, 12)}…)`;
    case 'changes_requested':
      return `Changes requested to quote v${note.version}: ${note.comment}`;
  }
}

/** The note a stored sentence says, or null for any other text (a clerk's own note). */
export function parseHistoryNote(text: string): HistoryNote | null {
  let m = /^Quote v(\d+) sent \(([0-9a-f]{12})…\)$/.exec(text);
  if (m) return { kind: 'quote_sent', version: Number(m[1]), hash: m[2]! };
  m = /^Quote v(\d+) approved online by “(.*)” \(([0-9a-f]{12})…\)$/s.exec(text);
  if (m) return { kind: 'quote_approved', version: Number(m[1]), fullName: m[2]!, hash: m[3]! };
  m = /^Changes requested to quote v(\d+): (.*)$/s.exec(text);
  if (m) return { kind: 'changes_requested', version: Number(m[1]), comment: m[2]! };
  return null;
}
