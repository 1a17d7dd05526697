// Section C - Billing & Shipping Info: billing, shipping, deadline and job notes, once per order,
// sent with layout 1 (docs/product.md, Section C).
import type { Dispatch, ReactNode } from 'react';
import type { ProvinceCode } from '../../../shared/constants.js';
import { provinceOptions } from '../../shared/provinces.js';
import { SelectField, TextAreaField, TextField, CheckboxField } from '../../components/fields.js';
import { useOrderFormText } from './messages.js';
import { COPIED_NOTES_ID, CopiedNotes, copiedNotesOf } from './copied-notes.js';
import {
  formatPostalCode,
  showsShippingAddress,
  type DeadlineChoice,
  type OrderAction,
  type OrderDetails,
  type OrderState,
} from './order-state.js';

export function BillingAndShipping({
  details,
  dispatch,
  deadlineNote,
  reorderOf,
}: {
  details: OrderDetails;
  dispatch: Dispatch<OrderAction>;
  /** The rush fee the date adds, from the estimate's chunk (estimate.tsx). */
  deadlineNote?: ReactNode;
  /** "Order again": the past order repeated, whose job notes the form may still hold as copied (copied-notes.tsx). */
  reorderOf?: OrderState['reorderOf'];
}) {
  const { t } = useOrderFormText();
  const copiedFrom = copiedNotesOf({ reorderOf, details });
  const c = t.sectionC;
  const { billing, shipping, deadline } = details;

  return (
    <section className="card details" aria-labelledby="billing-and-shipping-title">
      <h2 id="billing-and-shipping-title" className="section-title">
        {c.heading}
      </h2>
      <p className="muted small">{c.requiredNote}</p>

      <fieldset className="form-section">
        <legend className="group-title">{c.billing}</legend>
        <AddressFields
          section="billing"
          values={billing}
          onChange={(field, value) => dispatch({ type: 'billingChanged', field, value })}
        />
        <div className="grid-2">
          <TextField
            label={c.phone}
            type="tel"
            value={billing.phone}
            onChange={(value) => dispatch({ type: 'billingChanged', field: 'phone', value })}
            required
            autoComplete="billing tel"
            path="billing.phone"
          />
          <TextField
            label={c.email}
            type="email"
            value={billing.email}
            onChange={(value) => dispatch({ type: 'billingChanged', field: 'email', value })}
            required
            autoComplete="email"
            path="billing.email"
          />
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend className="group-title">{c.shipping}</legend>
        <div className="checks-inline">
          <CheckboxField
            label={c.sameAsBilling}
            checked={shipping.sameAsBilling}
            onChange={(checked) => dispatch({ type: 'sameAsBillingToggled', checked })}
          />
          <CheckboxField
            label={c.localPickup}
            checked={shipping.localPickup}
            onChange={(checked) => dispatch({ type: 'localPickupToggled', checked })}
          />
        </div>
        {showsShippingAddress(shipping) && (
          <div className="shipping-address">
            <AddressFields
              section="shipping"
              values={shipping}
              onChange={(field, value) => dispatch({ type: 'shippingChanged', field, value })}
            />
            <TextField
              label={c.phone}
              type="tel"
              value={shipping.phone}
              onChange={(value) => dispatch({ type: 'shippingChanged', field: 'phone', value })}
              autoComplete="shipping tel"
              path="shipping.phone"
            />
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
            <TextField
              label={c.requestedDate}
              type="date"
              value={deadline.date}
              onChange={(date) => dispatch({ type: 'deadlineDateChanged', date })}
              path="deadline.date"
            />
            {deadlineNote}
            <p className="note">{c.turnaroundNote}</p>
          </>
        )}
      </fieldset>

      <TextAreaField
        label={c.jobNotes}
        value={details.jobNotes}
        placeholder={c.jobNotesPlaceholder}
        onChange={(value) => dispatch({ type: 'jobNotesChanged', value })}
        path="jobNotes"
        describedBy={copiedFrom ? COPIED_NOTES_ID : undefined}
      >
        <CopiedNotes id={COPIED_NOTES_ID} state={{ reorderOf, details }} dispatch={dispatch} />
      </TextAreaField>
    </section>
  );
}

type AddressField = 'firstName' | 'lastName' | 'companyName' | 'address' | 'city' | 'province' | 'postalCode';

/** Name, company and address, for billing (marked required, docs/product.md, Section C) or shipping (not). */
function AddressFields({
  section,
  values,
  onChange,
}: {
  section: 'billing' | 'shipping';
  values: Record<AddressField, string>;
  onChange: (field: AddressField, value: string) => void;
}) {
  const { t, language } = useOrderFormText();
  const c = t.sectionC;
  const required = section === 'billing';
  const field = (name: AddressField) => (value: string) => onChange(name, value);
  return (
    <>
      <div className="grid-2">
        <TextField
          label={c.firstName}
          value={values.firstName}
          onChange={field('firstName')}
          path={`${section}.firstName`}
          required={required}
          autoComplete={`${section} given-name`}
        />
        <TextField
          label={c.lastName}
          value={values.lastName}
          onChange={field('lastName')}
          path={`${section}.lastName`}
          required={required}
          autoComplete={`${section} family-name`}
        />
      </div>
      <TextField
        label={c.companyName}
        value={values.companyName}
        onChange={field('companyName')}
        path={`${section}.companyName`}
        autoComplete={`${section} organization`}
      />
      <TextField
        label={c.address}
        value={values.address}
        onChange={field('address')}
        path={`${section}.address`}
        required={required}
        autoComplete={`${section} street-address`}
      />
      <div className="grid-3">
        <TextField
          label={c.city}
          value={values.city}
          onChange={field('city')}
          path={`${section}.city`}
          required={required}
          autoComplete={`${section} address-level2`}
        />
        <SelectField<ProvinceCode>
          label={c.province}
          value={values.province as ProvinceCode | ''}
          placeholder={c.chooseProvince}
          options={provinceOptions(language)}
          onChange={field('province')}
          path={`${section}.province`}
          required={required}
          autoComplete={`${section} address-level1`}
        />
        <TextField
          label={c.postalCode}
          value={values.postalCode}
          onChange={field('postalCode')}
          path={`${section}.postalCode`}
          onBlur={(v) => formatPostalCode(v) !== v && onChange('postalCode', formatPostalCode(v))}
          required={required}
          autoComplete={`${section} postal-code`}
        />
      </div>
    </>
  );
}
