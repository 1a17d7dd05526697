// The Accounts page's downloads (docs/payments.md, "Payouts"): the payouts' CSV is offered only
// while payments online are configured; otherwise its link would only answer 409.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LanguageProvider } from '../../../shared/language.js';
import { Downloads } from './accounts-reports.js';

const period = { from: '2026-11-01', to: '2026-11-29' };
const render = (payouts: boolean, language: 'en' | 'fr' = 'en') =>
  renderToStaticMarkup(
    <LanguageProvider language={language}>
      <Downloads period={period} payouts={payouts} />
    </LanguageProvider>,
  );

describe('the Accounts page’s downloads', () => {
  it('offer the payouts’ CSV while payments online are configured', () => {
    const html = render(true);
    expect(html).toContain('>Payouts (CSV)</a>');
    expect(html).toContain('href="/api/reports/payouts?from=2026-11-01&amp;to=2026-11-29&amp;format=csv"');
    expect(render(true, 'fr')).toContain('>Versements (CSV)</a>');
  });

  it('leave the payouts’ CSV out while they are not, and keep every other file', () => {
    for (const language of ['en', 'fr'] as const) {
      const html = render(false, language);
      expect(html).not.toContain('/api/reports/payouts');
      expect(html).toContain('/api/reports/payments?');
      expect(html).toContain('/api/reports/journal?');
    }
    expect(render(false)).not.toContain('Payouts (CSV)');
    expect(render(false, 'fr')).not.toContain('Versements (CSV)');
  });
});
