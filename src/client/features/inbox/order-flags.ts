// An order's flags in the inbox's list (docs/product.md, "The shop's side"), in words, in the order the
// clerk deals with them: what the customer asked, wrote and changed, then the quote that waits.
import type { OrderList } from './api.js';
import type { InboxMessages } from './messages.js';

type Flags = NonNullable<OrderList['orders'][number]['flags']>;

export function flagWords(flags: Flags | undefined, t: InboxMessages['list']): string[] {
  if (!flags) return [];
  const words: string[] = [];
  if (flags.change_requested) words.push(t.changeRequested);
  if (flags.unread_messages > 0) words.push(t.unread(flags.unread_messages));
  if (flags.edited_by_customer) words.push(t.editedByCustomer);
  if (flags.quote_waiting_days !== null) words.push(t.quoteWaiting(flags.quote_waiting_days));
  return words;
}
