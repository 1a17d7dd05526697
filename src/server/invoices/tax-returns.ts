// The returns the tax report fills, with the line numbers their forms print and where those are
// published. What goes on each line:
// - GST/HST return (CRA): line 101, total sales and other revenue, without the taxes; line 103,
//   the GST and HST collected or collectible: the return adds the GST and the HST on this one
//   line, so that sum is the return's own figure. Credit notes issued in the period are netted
//   on both lines (they reduce the sales and the tax of the period in which they are issued).
// - Quebec's combined GST/HST and QST return (Revenu Québec, FPZ-500, detailed on FP-500): one
//   line 101 of total supplies ("Total des fournitures (chiffre d'affaires)") for both taxes, and
//   line 203, the QST collectible ("TVQ exigible"); each QST line is its GST/HST line plus 100
//   (103 is the GST/HST collectible, as above), and there is no line 201.
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

const gstHst: Form<'sales' | 'collected' | 'gstPart' | 'hstPart'> = {
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
        en: 'Sales and other revenue (invoices’ subtotals less credit notes’, without taxes)',
        fr: 'Ventes et autres recettes (sous-totaux des factures moins ceux des notes de crédit, sans les taxes)',
      },
    },
    collected: {
      line: '103',
      label: {
        en: 'GST and HST collected or collectible, less credit notes (the return adds the GST and the HST on this line)',
        fr: 'TPS et TVH perçues ou percevables, moins les notes de crédit (la déclaration additionne la TPS et la TVH sur cette ligne)',
      },
    },
    gstPart: { line: null, label: { en: 'of which GST', fr: 'dont la TPS' } },
    hstPart: { line: null, label: { en: 'of which HST', fr: 'dont la TVH' } },
  },
};

const qst: Form<'supplies' | 'collected'> = {
  title: { en: 'GST/HST and QST return (Quebec)', fr: 'Déclaration de TPS/TVH et de TVQ (Québec)' },
  form: 'FPZ-500',
  source: {
    title: 'Reporting the GST/HST and QST (return FPZ-500, detailed calculations FP-500), Revenu Québec',
    url: 'https://www.revenuquebec.ca/en/businesses/consumption-taxes/gsthst-and-qst/reporting-gsthst-and-qst/',
  },
  lines: {
    supplies: {
      line: '101',
      label: {
        en: 'Total supplies (sales), one line for both taxes, less credit notes',
        fr: 'Total des fournitures (chiffre d’affaires), une ligne pour les deux taxes, moins les notes de crédit',
      },
    },
    collected: {
      line: '203',
      label: {
        en: 'QST collectible, less credit notes',
        fr: 'TVQ exigible, moins les notes de crédit',
      },
    },
  },
};

const pstLines = (tax: 'PST' | 'RST', fr: 'TVP' | 'TVD'): Record<'taxable' | 'collected', Line> => ({
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
});

export const RETURN_FORMS = {
  gstHst,
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
