// The returns the tax report fills, with the line numbers their forms print and where those are
// published (docs/accounts.md, "Reports and exports"). What goes on each line:
// - GST/HST return (CRA, GST34, outside Quebec): line 101, the period's own sales without the
//   taxes (its invoices less the credit notes of those invoices); line 103, the GST and HST
//   collected or collectible on them (the return adds the GST and the HST on this one line);
//   line 105, line 103 plus line 104 (this report makes no line 104 adjustment, so 105 is 103);
//   line 107, adjustments deducted: the tax of credit notes issued in the period against an
//   earlier period's invoice (Excise Tax Act s. 232(3)) and of bad debts written off (s. 231).
//   Lines 101 and 103 are never netted with an earlier period's credit, so never negative.
// - A Quebec registrant files one return for both taxes with Revenu Québec (FPZ-500, detailed
//   on FP-500): the same GST/HST lines, and for the QST line 203 (QST collectible), 205 (203 plus
//   204) and 207 (the QST adjustments: credit notes of earlier periods, s. 449 of the Act
//   respecting the Québec sales tax; bad debts, s. 444); each QST line is its GST/HST line plus
//   100. A shop outside Quebec with a QST number gets the QST lines as a return of their own.
// - A PST or RST return per province: each province's own form and figures, never added to
//   another's. Their forms name their boxes rather than number them the CRA's way, so the report
//   names the figure and cites the province's guide.
import type { TaxReturnLine } from '../../shared/invoices/invoice-api.js';

type Line = Omit<TaxReturnLine, 'amountCents'>;
interface Form<L extends string> {
  title: { en: string; fr: string };
  form: string;
  source: { title: string; url: string };
  lines: Record<L, Line>;
}

const gstHst: Form<'sales' | 'collected' | 'gstPart' | 'hstPart' | 'total' | 'adjustments'> = {
  title: { en: 'GST/HST return', fr: 'Déclaration de TPS/TVH' },
  form: 'GST34',
  source: {
    title: 'Instructions for preparing a GST/HST return, Canada Revenue Agency',
    url: 'https://www.canada.ca/en/revenue-agency/services/tax/businesses/topics/gst-hst-businesses/complete-file-instructions.html',
  },
  lines: {
    sales: {
      line: '101',
      label: {
        en: 'Sales and other revenue: the period’s own invoices, less the credit notes of those invoices, without taxes',
        fr: 'Ventes et autres recettes\u00a0: les factures de la période, moins les notes de crédit de ces factures, sans les taxes',
      },
    },
    collected: {
      line: '103',
      label: {
        en: 'GST and HST collected or collectible on the period’s own supplies (the return adds the GST and the HST on this line)',
        fr: 'TPS et TVH perçues ou percevables sur les fournitures de la période (la déclaration additionne la TPS et la TVH sur cette ligne)',
      },
    },
    gstPart: { line: null, label: { en: 'of which GST', fr: 'dont la TPS' } },
    hstPart: { line: null, label: { en: 'of which HST', fr: 'dont la TVH' } },
    total: {
      line: '105',
      label: {
        en: 'Total GST/HST and adjustments for the period: line 103 plus line 104 (no line 104 adjustment is made here)',
        fr: 'Total de la TPS/TVH et des redressements pour la période\u00a0: ligne 103 plus ligne 104 (aucun redressement de la ligne 104 ici)',
      },
    },
    adjustments: {
      line: '107',
      label: {
        en: 'Adjustments: GST/HST of credit notes issued in the period against earlier periods’ invoices (ETA s. 232(3)) and of bad debts written off (ETA s. 231)',
        fr: 'Redressements\u00a0: TPS/TVH des notes de crédit émises dans la période sur des factures de périodes antérieures (LTA, art. 232(3)) et des créances irrécouvrables radiées (LTA, art. 231)',
      },
    },
  },
};

const quebecSource = {
  title: 'Reporting the GST/HST and QST (return FPZ-500, detailed calculations FP-500), Revenu Québec',
  url: 'https://www.revenuquebec.ca/en/businesses/consumption-taxes/gsthst-and-qst/reporting-gsthst-and-qst/',
};

/** A Quebec registrant's one return for both taxes (its GST/HST lines are gstHst's). */
const quebec = {
  title: { en: 'GST/HST and QST return (Quebec)', fr: 'Déclaration de TPS/TVH et de TVQ (Québec)' },
  form: 'FPZ-500',
  source: quebecSource,
};

const qst: Form<'supplies' | 'collected' | 'total' | 'adjustments'> = {
  title: { en: 'QST return (Revenu Québec)', fr: 'Déclaration de TVQ (Revenu Québec)' },
  form: 'FPZ-500',
  source: quebecSource,
  lines: {
    supplies: {
      line: '101',
      label: {
        en: 'Total supplies (sales): the period’s own invoices, less the credit notes of those invoices',
        fr: 'Total des fournitures (chiffre d’affaires)\u00a0: les factures de la période, moins les notes de crédit de ces factures',
      },
    },
    collected: {
      line: '203',
      label: {
        en: 'QST collectible on the period’s own supplies',
        fr: 'TVQ exigible sur les fournitures de la période',
      },
    },
    total: {
      line: '205',
      label: {
        en: 'Total QST and adjustments: line 203 plus line 204 (no line 204 adjustment is made here)',
        fr: 'Total de la TVQ et des redressements\u00a0: ligne 203 plus ligne 204 (aucun redressement de la ligne 204 ici)',
      },
    },
    adjustments: {
      line: '207',
      label: {
        en: 'QST adjustments: credit notes issued in the period against earlier periods’ invoices (AQST s. 449) and bad debts written off (AQST s. 444)',
        fr: 'Redressements de TVQ\u00a0: notes de crédit émises dans la période sur des factures de périodes antérieures (LTVQ, art. 449) et créances irrécouvrables radiées (LTVQ, art. 444)',
      },
    },
  },
};

const pstLines = (tax: 'PST' | 'RST', fr: 'TVP' | 'TVD'): Record<'taxable' | 'collected' | 'adjustments', Line> => ({
  taxable: {
    line: null,
    label: {
      en: `Sales subject to the ${tax} (the base it was charged on, less credit notes)`,
      fr: `Ventes assujetties à la ${fr} (la base sur laquelle elle a été perçue, moins les notes de crédit)`,
    },
  },
  collected: {
    line: null,
    label: {
      en: `${tax} collectable on sales, less credit notes`,
      fr: `${fr} à percevoir sur les ventes, moins les notes de crédit`,
    },
  },
  adjustments: {
    line: null,
    label: {
      en: `${tax} credited back on earlier periods’ sales and on bad debts written off in the period`,
      fr: `${fr} rendue sur des ventes de périodes antérieures et sur des créances radiées dans la période`,
    },
  },
});

export const RETURN_FORMS = {
  gstHst,
  quebec,
  qst,
  pst: {
    BC: {
      title: { en: 'PST return (British Columbia)', fr: 'Déclaration de TVP (Colombie-Britannique)' },
      form: 'FIN 400',
      source: {
        title: 'Guide to completing the PST return (FIN 400), Government of British Columbia',
        url: 'https://www2.gov.bc.ca/gov/content/taxes/sales-taxes/pst/report-pay/pst-return-guide',
      },
      lines: pstLines('PST', 'TVP'),
    },
    SK: {
      title: { en: 'PST return (Saskatchewan)', fr: 'Déclaration de TVP (Saskatchewan)' },
      form: 'Saskatchewan PST return',
      source: {
        title: 'Provincial Sales Tax (PST), Government of Saskatchewan',
        url: 'https://www.saskatchewan.ca/business/taxes-licensing-and-reporting/provincial-taxes-policies-and-bulletins/provincial-sales-tax',
      },
      lines: pstLines('PST', 'TVP'),
    },
    MB: {
      title: { en: 'RST return (Manitoba)', fr: 'Déclaration de TVD (Manitoba)' },
      form: 'Manitoba RST return',
      source: {
        title: 'Retail Sales Tax, Manitoba Finance, Taxation Division',
        url: 'https://www.gov.mb.ca/finance/taxation/taxes/retail.html',
      },
      lines: pstLines('RST', 'TVD'),
    },
  },
} as const;
