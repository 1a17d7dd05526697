// Every call a team member's page makes (/api/c/<link>, docs/collections.md). The member's key
// (their entry's only proof) is kept in this browser's localStorage, per link.
import type { MemberView, SavedEntry, TeamName } from '../../../shared/collections-api.js';
import { isRecord } from '../../shared/api-error.js';
import { callApi, expectAnswer } from '../../shared/call-api.js';

const isView = (b: unknown): b is MemberView =>
  isRecord(b) && typeof b.title === 'string' && Array.isArray(b.sizes) && typeof b.open === 'boolean';
const isSaved = (b: unknown): b is SavedEntry => isRecord(b) && typeof b.memberKey === 'string' && isRecord(b.entry);

const storageKey = (link: string) => `team-sizes:${link}`;

function memberKeyOf(link: string): string | null {
  try {
    return localStorage.getItem(storageKey(link));
  } catch {
    return null;
  }
}

function keepMemberKey(link: string, key: string): void {
  try {
    localStorage.setItem(storageKey(link), key);
  } catch {
    // Private browsing without storage: the entry is saved, but cannot be changed from here later.
  }
}

function forgetMemberKey(link: string): void {
  try {
    localStorage.removeItem(storageKey(link));
  } catch {
    // Nothing kept, nothing to forget.
  }
}

const keyHeader = (link: string): Record<string, string> => {
  const key = memberKeyOf(link);
  return key ? { 'x-member-key': key } : {};
};

export const collectionApi = {
  view: (link: string): Promise<MemberView> =>
    callApi(`/api/c/${link}`, { headers: keyHeader(link) })
      .then((b) => expectAnswer(b, isView, 'collection'))
      .then((view) => {
        // The organiser removed this browser's entry: its key holds nothing now, so the next
        // save makes a new entry instead of being refused.
        if (view.entry === null) forgetMemberKey(link);
        return view;
      }),
  save: (link: string, entry: TeamName): Promise<SavedEntry> =>
    callApi(`/api/c/${link}/entry`, { method: 'PUT', body: JSON.stringify(entry), headers: keyHeader(link) })
      .then((b) => expectAnswer(b, isSaved, 'entry'))
      .then((saved) => {
        keepMemberKey(link, saved.memberKey);
        return saved;
      }),
};
