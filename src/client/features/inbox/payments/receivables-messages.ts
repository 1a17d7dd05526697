// The texts of the Accounts page's receivables (aged receivables and deferred revenue at a date)
// and of the order's statement download, in English and Canadian French, read with
// useReceivablesText().
import { catalogues, textHook } from '../../../shared/language.js';
import type { OrderStatus } from '../../../../shared/constants.js';

const en = {
  agedHeading: 'Aged receivables',
  agedIntro:
    'What each customer owes at the end of the day chosen, by how many days past its due date. A negative amount is a credit the shop owes.',
  asOf: 'As of',
  show: 'Show',
  customer: 'Customer',
  total: 'Total',
  allCustomers: 'All customers',
  noOpen: 'Nothing owed on that day.',
  agedCsv: 'Aged receivables (CSV)',
  deferredHeading: 'Deferred revenue',
  deferredIntro:
    'Orders invoiced but not Completed at the end of the day chosen: revenue not yet earned. Credit notes are subtracted; cancelled orders are left out.',
  order: 'Order',
  status: 'Status',
  firstInvoiced: 'First invoiced',
  beforeTaxes: 'Invoiced before taxes',
  withTaxes: 'With taxes',
  received: 'Received',
  noDeferred: 'No order invoiced and not Completed on that day.',
  deferredCsv: 'Deferred revenue (CSV)',
  statuses: {
    new: 'New',
    quoted: 'Quoted',
    approved: 'Approved',
    in_production: 'In production',
    ready: 'Ready',
    completed: 'Completed',
    cancelled: 'Cancelled',
  } satisfies Record<OrderStatus, string>,
  deletedOrder: 'Order deleted',
  statementHeading: 'Customer statement',
  statementFrom: 'Statement from',
  statementTo: 'Statement to',
  statementPdf: 'Statement (PDF)',
  statementMail: 'Email the statement',
  statementMailed: (email: string) => `Statement sent to ${email}.`,
};

export const RECEIVABLES_MESSAGES = catalogues(en, {
  agedHeading: 'Comptes clients par ancienneté',
  agedIntro:
    'Ce que chaque client doit à la fin du jour choisi, selon le nombre de jours écoulés depuis l’échéance. Un montant négatif est un crédit que la boutique doit.',
  asOf: 'Au',
  show: 'Afficher',
  customer: 'Client',
  total: 'Total',
  allCustomers: 'Tous les clients',
  noOpen: 'Rien n’est dû ce jour-là.',
  agedCsv: 'Comptes clients par ancienneté (CSV)',
  deferredHeading: 'Produits reportés',
  deferredIntro:
    'Les commandes facturées mais pas terminées à la fin du jour choisi\u00a0: des produits pas encore gagnés. Les notes de crédit sont soustraites\u00a0; les commandes annulées sont exclues.',
  order: 'Commande',
  status: 'Statut',
  firstInvoiced: 'Première facture',
  beforeTaxes: 'Facturé avant taxes',
  withTaxes: 'Taxes comprises',
  received: 'Reçu',
  noDeferred: 'Aucune commande facturée et non terminée ce jour-là.',
  deferredCsv: 'Produits reportés (CSV)',
  statuses: {
    new: 'Nouvelle',
    quoted: 'Soumise',
    approved: 'Approuvée',
    in_production: 'En production',
    ready: 'Prête',
    completed: 'Terminée',
    cancelled: 'Annulée',
  },
  deletedOrder: 'Commande supprimée',
  statementHeading: 'Relevé du client',
  statementFrom: 'Relevé du',
  statementTo: 'Relevé au',
  statementPdf: 'Relevé (PDF)',
  statementMail: 'Envoyer le relevé par courriel',
  statementMailed: (email: string) => `Relevé envoyé à ${email}.`,
});

export const useReceivablesText = textHook(RECEIVABLES_MESSAGES);
