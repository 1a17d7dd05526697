// What needs the clerk in the inbox's list (docs/product.md, "The shop's side"), without zod: the inbox
// reads the names at run time (its filter), the server's schema (inbox-api.ts) checks them.

/**
 * The customer asked for changes to the quote, wrote a message nobody read, changed the order since
 * it was last quoted, or has not answered a quote sent the owner's number of days ago.
 */
export const ORDER_FLAGS = ['change_requested', 'unread_message', 'edited_by_customer', 'quote_waiting'] as const;
export type OrderFlag = (typeof ORDER_FLAGS)[number];
