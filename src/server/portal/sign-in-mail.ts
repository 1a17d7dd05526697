// The customer's sign-in email (docs/portal.md): a link that opens My orders once, for 15
// minutes. The token rides in the address's fragment, which browsers never send to a server, so
// it reaches no log, no proxy and no Referer.
import { customerLook, greetingLine, render, type ComposedMail, type ShopIdentity } from '../mail/compose.js';

export const signInUrl = (shop: ShopIdentity, token: string) =>
  `${shop.publicUrl.replace(/\/$/, '')}/my-orders#sign-in=${token}`;

export function signInMail(to: string, token: string, language: 'en' | 'fr', shop: ShopIdentity): ComposedMail {
  const shopName = shop.name.replace(/\.$/, '');
  const contact = shop.contact.replace(/\.$/, '');
  const fr = language === 'fr';
  const subject = fr
    ? `Votre lien pour voir vos commandes – ${shopName}`
    : `Your link to see your orders – ${shopName}`;
  const intro = fr
    ? [
        greetingLine(shop, true, ''),
        'Voici votre lien pour voir vos commandes. Il fonctionne une seule fois, pendant 15\u00a0minutes\u00a0:',
        signInUrl(shop, token),
      ]
    : [
        greetingLine(shop, false, ''),
        'Here is your link to see your orders. It works once, for 15 minutes:',
        signInUrl(shop, token),
      ];
  const footer = fr
    ? [
        'Si vous n’avez pas demandé ce lien, ignorez ce courriel\u00a0: rien ne se passe sans lui.',
        `${shopName}. Pour nous joindre\u00a0: ${contact}.`,
      ]
    : [
        'If you did not ask for this link, ignore this email: nothing happens without it.',
        `${shopName}. Contact: ${contact}.`,
      ];
  return { kind: 'customer_update', to, subject, ...render(subject, intro, [], footer, customerLook(shop, fr)) };
}
