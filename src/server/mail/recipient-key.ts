// Who a confirmation goes to, for the per-address cap: one mailbox, however its address is
// written. Case is ignored; a "+tag" after the local part is dropped (victim+1@… is victim@…),
// and at Gmail, which ignores them, dots too (v.i.c.t.i.m@gmail.com is victim@gmail.com).
// And the submitting address of a confirmation, for the cap per sender.
import { createHmac } from 'node:crypto';

/**
 * The submitting address as the queue keeps it for the per-sender cap: keyed with the server's
 * secret, so the database never holds customers' IP addresses.
 */
export function clientKeyOf(ip: string, secret: string): string {
  return createHmac('sha256', secret).update(ip).digest('base64url').slice(0, 22);
}

const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

export function recipientKey(address: string): string {
  const email = address.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  let local = email.slice(0, at);
  let domain = email.slice(at + 1);
  local = local.split('+')[0] || local;
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
