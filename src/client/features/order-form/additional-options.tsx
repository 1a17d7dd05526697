// Additional Options: the resale-partner question and the poly bags, once per order.
import type { Dispatch } from 'react';
import { CheckboxField } from '../../components/fields.js';
import { useOrderFormText } from './messages.js';
import type { OrderAction } from './order-state.js';

export function AdditionalOptions({
  isResalePartner,
  includePolyBags,
  dispatch,
}: {
  isResalePartner: boolean;
  includePolyBags: boolean;
  dispatch: Dispatch<OrderAction>;
}) {
  const { t } = useOrderFormText();
  return (
    <fieldset className="card options">
      <legend className="section-title">{t.options.heading}</legend>
      <CheckboxField
        label={t.options.resalePartner}
        checked={isResalePartner}
        onChange={(checked) => dispatch({ type: 'resalePartnerToggled', checked })}
      />
      <CheckboxField
        label={t.options.polyBags}
        checked={includePolyBags}
        onChange={(checked) => dispatch({ type: 'polyBagsToggled', checked })}
      />
    </fieldset>
  );
}
