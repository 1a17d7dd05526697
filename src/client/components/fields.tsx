// Small accessible field components: every control has a label; groups are fieldsets.
// A field given a `path` takes its id from it and shows the error the form holds for it,
// between label and control, wired with aria-describedby (GOV.UK's error message).
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { fieldId, useFieldError } from './field-errors.js';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'date';
  required?: boolean;
  placeholder?: string;
  autoComplete?: string;
  className?: string;
  /** The field's name in the order, as the server names it when it refuses it. */
  path?: string;
  /** The id of a datalist of suggestions. */
  list?: string;
  /** Shown, focusable, but not typed in (a value another part of the page fills). */
  readOnly?: boolean;
  /** The id of a note that explains the field, read with it. */
  describedBy?: string;
}

/** The label, with the required mark beside it (outside the label, so names stay exact). */
function Label({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <span className="label-row">
      <label htmlFor={htmlFor}>{label}</label>
      {required && (
        <span className="required-mark" aria-hidden="true">
          *
        </span>
      )}
    </span>
  );
}

/** The control's id, and its error with the attributes that tie the two together. */
function useFieldWiring(path: string | undefined) {
  const generated = useId();
  const id = path === undefined ? generated : fieldId(path);
  const error = useFieldError(path);
  const errorId = `${id}-error`;
  return {
    id,
    error: error && <ErrorMessage id={errorId} message={error} />,
    aria: error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {},
  };
}

function ErrorMessage({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  );
}

export function TextField({
  label,
  value,
  onChange,
  onBlur,
  type = 'text',
  required,
  placeholder,
  autoComplete,
  className,
  path,
  list,
  readOnly,
  describedBy,
}: TextFieldProps) {
  const { id, error, aria } = useFieldWiring(path);
  const describing = [error ? `${id}-error` : undefined, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${className ?? ''}`}>
      <Label htmlFor={id} label={label} required={required} />
      {error}
      <input
        id={id}
        {...aria}
        aria-describedby={describing}
        readOnly={readOnly}
        type={type}
        value={value}
        required={required}
        placeholder={placeholder}
        autoComplete={autoComplete}
        list={list}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur ? (e) => onBlur(e.target.value) : undefined}
      />
    </div>
  );
}

export function TextAreaField({
  label,
  value,
  onChange,
  placeholder,
  path,
  describedBy,
  children,
}: Omit<TextFieldProps, 'type'> & { children?: ReactNode }) {
  const { id, error, aria } = useFieldWiring(path);
  const describing = [error ? `${id}-error` : undefined, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <Label htmlFor={id} label={label} />
      {error}
      <textarea
        id={id}
        {...aria}
        aria-describedby={describing}
        value={value}
        placeholder={placeholder}
        rows={4}
        onChange={(e) => onChange(e.target.value)}
      />
      {children}
    </div>
  );
}

interface Option<T extends string> {
  value: T;
  label: string;
}

interface SelectFieldProps<T extends string> {
  label: string;
  value: T | '';
  options: readonly Option<T>[];
  onChange: (value: T | '') => void;
  placeholder?: string;
  required?: boolean;
  autoComplete?: string;
  className?: string;
  path?: string;
}

export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  placeholder,
  required,
  autoComplete,
  className,
  path,
}: SelectFieldProps<T>) {
  const { id, error, aria } = useFieldWiring(path);
  return (
    <div className={`field ${className ?? ''}`}>
      <Label htmlFor={id} label={label} required={required} />
      {error}
      <select
        id={id}
        {...aria}
        value={value}
        required={required}
        autoComplete={autoComplete}
        onChange={(e) => onChange(options.find((o) => o.value === e.target.value)?.value ?? '')}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

interface RadioGroupProps<T extends string> {
  legend: string;
  value: T | '';
  options: readonly Option<T>[];
  onChange: (value: T) => void;
  className?: string;
  path?: string;
}

export function RadioGroup<T extends string>({
  legend,
  value,
  options,
  onChange,
  className,
  path,
}: RadioGroupProps<T>) {
  // The first radio carries the group's id: an error summary's link moves focus there.
  const { id: name, error, aria } = useFieldWiring(path);
  const idOf = (index: number, option: T) => (index === 0 ? name : `${name}-${option}`);
  return (
    <fieldset className={`radio-group ${className ?? ''}`} {...aria}>
      <legend>{legend}</legend>
      {error}
      <div className="radio-options">
        {options.map((o, index) => (
          <div className="check" key={o.value}>
            <input
              id={idOf(index, o.value)}
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            <label htmlFor={idOf(index, o.value)}>{o.label}</label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A native file input whose label looks like a button; still a real, focusable input.
 * Files over `maxBytes` are not taken, and say so at once (not after a long upload).
 */
export function FileButton({
  label,
  multiple,
  onFiles,
  maxBytes = Number.POSITIVE_INFINITY,
  tooLarge,
}: {
  label: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  maxBytes?: number;
  tooLarge?: (name: string, limit: number) => string;
}) {
  const id = useId();
  const [rejected, setRejected] = useState<string[]>([]);
  const handleChange = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    // Cleared so that choosing the same file again (after removing it) is seen as a change.
    e.target.value = '';
    const accepted = files.filter((f) => f.size <= maxBytes);
    setRejected(files.filter((f) => f.size > maxBytes).map((f) => tooLarge?.(f.name, maxBytes) ?? f.name));
    if (accepted.length) onFiles(accepted);
  };
  return (
    <div className="file-button">
      <input
        id={id}
        type="file"
        className="file-input"
        multiple={multiple}
        onChange={handleChange}
        aria-describedby={rejected.length ? `${id}-error` : undefined}
      />
      <label htmlFor={id} className="button button-secondary">
        {label}
      </label>
      {rejected.length > 0 && (
        <div id={`${id}-error`} role="alert" className="field-error">
          {rejected.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
    </div>
  );
}
