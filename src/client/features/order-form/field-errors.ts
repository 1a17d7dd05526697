// The server's refusal of named fields, as the customer reads it: a message of our own beside
// each field and in a summary at the top, in the page's language (docs/decisions/008).
// The paths are the error body's `fields` (docs/architecture.md, submit-order): the order's
// details without a layout ("billing.email", "deadline.date", "jobNotes"), anything in a
// layout as "layouts.<position>.<path>", where position counts from 1 in the order sent.
import { VIEWS } from '../../../shared/constants.js';
import type { Messages } from './messages.js';
import type { OrderState } from './order-state.js';

export interface Refusal {
  /** The server's refused paths. */
  fields: string[];
  /** The server's own message: what the summary says for a path the form does not know. */
  message: string;
  /** The order as it was sent: a field's error stays until the customer changes its value. */
  state: OrderState;
}

interface FieldError {
  /** The refused path; absent for the server's message about paths the form does not know. */
  path?: string;
  /** Shown beside the field. */
  message: string;
  /** Shown in the summary: the same, with the section when labels repeat across sections. */
  summary: string;
}

type Described = Omit<FieldError, 'path'>;

/** Our message for a path the form knows, else undefined. */
export function describeField(t: Messages, path: string): Described | undefined {
  const e = t.fieldErrors;
  const same = (message: string) => ({ message, summary: message });

  const address = /^(billing|shipping)\.(\w+)$/.exec(path);
  if (address) {
    const [, section, field = ''] = address;
    if (!isKeyOf(e.address, field) || (section === 'shipping' && field === 'email')) return undefined;
    const message = e.address[field];
    return section === 'shipping' ? { message, summary: e.inShipping(message) } : same(message);
  }
  if (path === 'deadline.date') return same(e.deadlineDate);
  if (path === 'jobNotes') return same(e.jobNotes);

  const inLayout = /^layouts\.([1-9]\d*)\.(.+)$/.exec(path);
  const message = inLayout && layoutMessage(t, inLayout[2]!);
  return message ? { message, summary: e.inLayout(Number(inLayout[1]), message) } : undefined;
}

function layoutMessage(t: Messages, path: string): string | undefined {
  const l = t.fieldErrors.layout;
  if (path === 'mockupOption' || path === 'garmentOption' || path === 'hasVectorFiles') return l[path];
  if (path === 'collection.open') return l.collectionOpen;
  const view = /^viewData\.([^.]+)\.(dimensions|decoration)$/.exec(path);
  const viewName = VIEWS.find((v) => v === view?.[1]);
  if (view && viewName) {
    const name = t.sectionA.views[viewName];
    return view[2] === 'dimensions' ? l.dimensions(name) : l.decoration(name);
  }
  const variation = VARIATION_FIELDS.find((f) => f === /^variations\.\d+\.(\w+)$/.exec(path)?.[1]);
  return variation && l[variation];
}

const VARIATION_FIELDS = ['type', 'color', 'sizes', 'supplyingGoods', 'itemPO'] as const;

function isKeyOf<T extends object>(object: T, key: string): key is Extract<keyof T, string> {
  return Object.hasOwn(object, key);
}

/**
 * The errors to show now: one per known path whose value the customer has not changed since,
 * then the server's message once if it named anything the form does not know.
 */
export function currentFieldErrors(t: Messages, refusal: Refusal | null, state: OrderState): FieldError[] {
  if (!refusal) return [];
  const errors: FieldError[] = [];
  let unknown = false;
  for (const path of new Set(refusal.fields)) {
    const described = describeField(t, path);
    if (!described) unknown = true;
    else if (valueAt(state, path) === valueAt(refusal.state, path)) errors.push({ path, ...described });
  }
  if (unknown) errors.push({ message: refusal.message, summary: refusal.message });
  return errors;
}

/** The state's names where the sent order's differ. */
const STATE_NAMES: Record<string, string> = { viewData: 'views', image: 'file' };

/** The form's value at a server path: what must change for that path's error to go. */
export function valueAt(state: OrderState, path: string): unknown {
  const keys = path.split('.');
  let node: unknown = state.details;
  if (keys[0] === 'layouts') {
    node = state.layouts[Number(keys[1]) - 1];
    keys.splice(0, 2);
  }
  for (const key of keys) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[STATE_NAMES[key] ?? key];
  }
  return node;
}

/** Errors by path, for the fields to read. */
export function errorsByPath(errors: FieldError[]): ReadonlyMap<string, string> {
  return new Map(errors.flatMap((e) => (e.path === undefined ? [] : [[e.path, e.message] as const])));
}
