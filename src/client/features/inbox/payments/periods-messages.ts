// The texts of the Accounts page's closing periods (docs/accounts.md, "Closing a period"), in
// English and Canadian French, read with usePeriodsText().
import { dateInWords } from '../../../../shared/dates.js';
import { catalogues, textHook, type Language } from '../../../shared/language.js';

const en = {
  heading: 'Closing periods',
  intro:
    'Close a month once its returns are filed: nothing dated in it (or before it) can then be recorded, voided or credited, so its reports stay exactly as filed. A cheque that arrives late is recorded on today’s date, its own date in the note.',
  ownerOnly: 'Only an owner can close or reopen a period.',
  closedThrough: (date: string) => `The books are closed through ${dateInWords(date, 'en')}.`,
  nothingClosed: 'No period is closed.',
  month: 'Month',
  closeMonth: 'Close the month',
  fiscalYear: (yearEnd: string) => `Fiscal year (ending on ${dateInWords(yearEnd, 'en')})`,
  closeYear: 'Close the fiscal year',
  reopenHeading: 'Reopen a month',
  reopenHint: 'Every later month is reopened with it. The reports already filed for them may then change.',
  reason: 'Reason',
  reopen: 'Reopen the month',
  reasonRequired: 'Say why the month is reopened.',
  done: 'Saved.',
  history: 'History',
  when: 'When',
  who: 'Who',
  what: 'What',
  through: 'Closed through',
  none: '—',
  acts: {
    close_month: (period: string) => `Closed ${period}`,
    close_year: (period: string) => `Closed the fiscal year ending ${period}`,
    reopen: (period: string) => `Reopened ${period}`,
  },
  thresholdHeading: 'Small balances',
  thresholdIntro:
    'When a cancellation’s credit note cannot reach the unpaid balance to the cent (the taxes’ rounding), a rest up to this amount is offered for writing off as a bad debt, with its tax relief. 0 offers none.',
  threshold: 'Small-balance threshold ($)',
  thresholdError: 'Give an amount from 0.00 to 100.00.',
  saveThreshold: 'Save the threshold',
  thresholdOwnerOnly: (amount: string) => `The threshold is ${amount}. Only an owner can change it.`,
};

export const PERIODS_MESSAGES = catalogues(en, {
  heading: 'Fermeture des périodes',
  intro:
    'Fermez un mois une fois ses déclarations produites\u00a0: rien de daté dans ce mois (ni avant) ne peut alors être inscrit, annulé ou crédité, et ses rapports restent tels qu’ils ont été produits. Un chèque arrivé en retard s’inscrit à la date d’aujourd’hui, sa propre date dans la note.',
  ownerOnly: 'Seul un propriétaire peut fermer ou rouvrir une période.',
  closedThrough: (date) => `Les livres sont fermés jusqu’au ${dateInWords(date, 'fr')} inclusivement.`,
  nothingClosed: 'Aucune période n’est fermée.',
  month: 'Mois',
  closeMonth: 'Fermer le mois',
  fiscalYear: (yearEnd) => `Exercice (se terminant le ${dateInWords(yearEnd, 'fr')})`,
  closeYear: 'Fermer l’exercice',
  reopenHeading: 'Rouvrir un mois',
  reopenHint:
    'Chaque mois suivant est rouvert avec lui. Les rapports déjà produits pour ces mois peuvent alors changer.',
  reason: 'Motif',
  reopen: 'Rouvrir le mois',
  reasonRequired: 'Dites pourquoi le mois est rouvert.',
  done: 'Enregistré.',
  history: 'Historique',
  when: 'Quand',
  who: 'Qui',
  what: 'Quoi',
  through: 'Fermé jusqu’au',
  none: '—',
  acts: {
    close_month: (period) => `Mois fermé\u00a0: ${period}`,
    close_year: (period) => `Exercice fermé\u00a0: celui qui se termine le ${period}`,
    reopen: (period) => `Mois rouvert\u00a0: ${period}`,
  },
  thresholdHeading: 'Petits soldes',
  thresholdIntro:
    'Quand la note de crédit d’une annulation ne peut atteindre le solde impayé au cent près (l’arrondi des taxes), un reste jusqu’à ce montant est offert en radiation comme créance irrécouvrable, avec son allègement de taxes. 0 n’en offre aucune.',
  threshold: 'Seuil des petits soldes ($)',
  thresholdError: 'Donnez un montant de 0,00 à 100,00.',
  saveThreshold: 'Enregistrer le seuil',
  thresholdOwnerOnly: (amount) => `Le seuil est de ${amount}. Seul un propriétaire peut le modifier.`,
});

export type { Language };
export const usePeriodsText = textHook(PERIODS_MESSAGES);
