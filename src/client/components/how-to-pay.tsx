import type { CustomerAccountView } from '../../shared/invoices/invoice-api.js';

/** The ways to pay what is due, each with the exact instructions: on the order's page and in My orders. */
export function HowToPay({ heading, ways }: { heading: string; ways: CustomerAccountView['howToPay'] }) {
  if (ways.length === 0) return null;
  return (
    <>
      <h3>{heading}</h3>
      {ways.map((way) => (
        <div key={way.id} className="how-to-pay">
          <h4>{way.label}</h4>
          <ul>
            {way.instructions.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}
