// Section C - Billing & Shipping Info, bound to layout 1 (spec section 2).
import type { Dispatch } from 'react';
import { PROVINCES, type ProvinceCode } from '../../shared/constants.js';
import { SelectField, TextAreaField, TextField, CheckboxField } from '../components/fields.js';
import { useMessages } from '../i18n.js';
import { formatPostalCode, showsShippingAddress, type DeadlineChoice, type OrderAction, type OrderDetails } from './order-state.js';

export function SectionC({ details, dispatch }: { details: OrderDetails; dispatch: Dispatch<OrderAction> }) {
  const t = useMessages();
  const c = t.sectionC;
  const { billing, shipping, deadline } = details;
  const provinces = PROVINCES.map((p) => ({ value: p.code, label: t.provinces[p.code] }));
  const bill = (field: keyof OrderDetails['billing']) => (value: string) => dispatch({ type: 'billingChanged', field, value });
  const ship = (field: Exclude<keyof OrderDetails['shipping'], 'sameAsBilling' | 'localPickup'>) => (value: string) =>
    dispatch({ type: 'shippingChanged', field, value });

  return (
    <section className="card details" aria-labelledby="section-c-title">
      <h2 id="section-c-title" className="section-title">
        {c.heading}
      </h2>
      <p className="muted small">{c.requiredNote}</p>

      <fieldset className="form-section">
        <legend className="group-title">{c.billing}</legend>
        <div className="grid-2">
          <TextField label={c.firstName} value={billing.firstName} onChange={bill('firstName')} required autoComplete="billing given-name" />
          <TextField label={c.lastName} value={billing.lastName} onChange={bill('lastName')} required autoComplete="billing family-name" />
        </div>
        <TextField label={c.companyName} value={billing.companyName} onChange={bill('companyName')} autoComplete="billing organization" />
        <TextField label={c.address} value={billing.address} onChange={bill('address')} required autoComplete="billing street-address" />
        <div className="grid-3">
          <TextField label={c.city} value={billing.city} onChange={bill('city')} required autoComplete="billing address-level2" />
          <SelectField<ProvinceCode>
            label={c.province}
            value={billing.province as ProvinceCode | ''}
            placeholder={c.chooseProvince}
            options={provinces}
            onChange={bill('province')}
            required
            autoComplete="billing address-level1"
          />
          <TextField
            label={c.postalCode}
            value={billing.postalCode}
            onChange={bill('postalCode')}
            onBlur={(v) => formatPostalCode(v) !== v && bill('postalCode')(formatPostalCode(v))}
            required
            autoComplete="billing postal-code"
          />
        </div>
        <div className="grid-2">
          <TextField label={c.phone} type="tel" value={billing.phone} onChange={bill('phone')} required autoComplete="billing tel" />
          <TextField label={c.email} type="email" value={billing.email} onChange={bill('email')} required autoComplete="email" />
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend className="group-title">{c.shipping}</legend>
        <div className="checks-inline">
          <CheckboxField label={c.sameAsBilling} checked={shipping.sameAsBilling} onChange={(checked) => dispatch({ type: 'sameAsBillingToggled', checked })} />
          <CheckboxField label={c.localPickup} checked={shipping.localPickup} onChange={(checked) => dispatch({ type: 'localPickupToggled', checked })} />
        </div>
        {showsShippingAddress(shipping) && (
          <div className="shipping-address">
            <div className="grid-2">
              <TextField label={c.firstName} value={shipping.firstName} onChange={ship('firstName')} autoComplete="shipping given-name" />
              <TextField label={c.lastName} value={shipping.lastName} onChange={ship('lastName')} autoComplete="shipping family-name" />
            </div>
            <TextField label={c.companyName} value={shipping.companyName} onChange={ship('companyName')} autoComplete="shipping organization" />
            <TextField label={c.address} value={shipping.address} onChange={ship('address')} autoComplete="shipping street-address" />
            <div className="grid-3">
              <TextField label={c.city} value={shipping.city} onChange={ship('city')} autoComplete="shipping address-level2" />
              <SelectField<ProvinceCode>
                label={c.province}
                value={shipping.province as ProvinceCode | ''}
                placeholder={c.chooseProvince}
                options={provinces}
                onChange={ship('province')}
                autoComplete="shipping address-level1"
              />
              <TextField
                label={c.postalCode}
                value={shipping.postalCode}
                onChange={ship('postalCode')}
                onBlur={(v) => formatPostalCode(v) !== v && ship('postalCode')(formatPostalCode(v))}
                autoComplete="shipping postal-code"
              />
            </div>
            <TextField label={c.phone} type="tel" value={shipping.phone} onChange={ship('phone')} autoComplete="shipping tel" />
          </div>
        )}
      </fieldset>

      <fieldset className="form-section">
        <legend className="group-title">{c.deadline}</legend>
        <SelectField<DeadlineChoice>
          label={c.deadlineQuestion}
          value={deadline.hasCriticalDeadline ? 'yes' : 'standard'}
          options={[
            { value: 'standard', label: c.standardTurnaround },
            { value: 'yes', label: c.rushDeadline },
          ]}
          onChange={(choice) => dispatch({ type: 'deadlineChoiceChanged', choice: choice || 'standard' })}
        />
        {deadline.hasCriticalDeadline && (
          <>
            <TextField label={c.requestedDate} type="date" value={deadline.date} onChange={(date) => dispatch({ type: 'deadlineDateChanged', date })} />
            <p className="note">{c.turnaroundNote}</p>
          </>
        )}
      </fieldset>

      <TextAreaField label={c.jobNotes} value={details.jobNotes} placeholder={c.jobNotesPlaceholder} onChange={(value) => dispatch({ type: 'jobNotesChanged', value })} />
    </section>
  );
}

export function AdditionalOptions({ isResalePartner, includePolyBags, dispatch }: { isResalePartner: boolean; includePolyBags: boolean; dispatch: Dispatch<OrderAction> }) {
  const t = useMessages();
  return (
    <fieldset className="card options">
      <legend className="section-title">{t.options.heading}</legend>
      <CheckboxField label={t.options.resalePartner} checked={isResalePartner} onChange={(checked) => dispatch({ type: 'resalePartnerToggled', checked })} />
      <CheckboxField label={t.options.polyBags} checked={includePolyBags} onChange={(checked) => dispatch({ type: 'polyBagsToggled', checked })} />
    </fieldset>
  );
}
