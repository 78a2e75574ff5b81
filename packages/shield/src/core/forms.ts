import {
  EVENT_TOKEN_FIELD,
  NO_COOKIE_FIELD,
  PROTECT_ATTRIBUTE,
  SHIELD,
  SIGNAL,
  VISIBLE_FIELDS_FIELD,
} from '@waymark/protocol/plain';
import { excludedSelectors, on, pub } from './config.js';
import { base64Json } from './encode.js';
import type { Scope } from './events.js';
import type { Store } from './store.js';

/**
 * Form wiring (spec sections 4 and 5): forms are wired 1 s after load and rescanned every 2 s;
 * excluded forms are left alone; the no-cookie field goes only into POST or method-less forms;
 * each form carries its visible-field data, and the store keeps it for form indexes up to 10.
 */

export interface VisibleFields {
  visible_fields: string;
  visible_fields_count: number;
  invisible_fields: string;
  invisible_fields_count: number;
}

export interface Typing {
  isAutoFill: boolean;
  isUseBuffer: boolean;
  speedDelta: number;
  firstKeyTimestamp: number;
  lastKeyTimestamp: number;
  lastDelta: number;
  countOfKey: number;
}

/** Payment, hubspot-like, login, booking and newsletter forms of other plugins (spec section 5). */
const FOREIGN =
  /payment|stripe|paypal|braintree|square|hs-form|hsform|hbspt|mkto|pardot|login|booking|appointment|wpbs|mc4wp|klaviyo/i;
const SHIELD_FIELDS = new Set([NO_COOKIE_FIELD, EVENT_TOKEN_FIELD, VISIBLE_FIELDS_FIELD]);
const TEXT_FIELDS =
  'textarea,input:not([type]),input[type=text],input[type=email],input[type=url],input[type=tel],input[type=search]';

export const isSearchForm = (form: HTMLFormElement) =>
  form.getAttribute('role') === 'search' || form.querySelector('input[type=search],input[name=s]') !== null;

export function isExcluded(form: HTMLFormElement): boolean {
  if (form.hasAttribute(PROTECT_ATTRIBUTE) || on(pub().settings__forms__force_protection)) return false;
  if (isSearchForm(form)) return !on(pub().settings__forms__search_test);
  const names = `${form.id} ${form.className} ${form.getAttribute('action') ?? ''} ${form.name ?? ''}`;
  if (FOREIGN.test(names)) return true;
  return excludedSelectors().some((selector) => {
    try {
      return form.matches(selector);
    } catch {
      return false;
    }
  });
}

export const takesNoCookieField = (form: HTMLFormElement) => {
  const method = form.getAttribute('method');
  return method === null || method === '' || method.toLowerCase() === 'post';
};

const tiny = (element: Element) => {
  const box = element.getBoundingClientRect();
  return box.width <= 1 || box.height <= 1;
};

/** Whether a person can see the element: a box, not transparent or hidden, not clipped by a tiny container. */
function seen(element: Element, form: HTMLFormElement): boolean {
  if (tiny(element)) return false;
  const style = getComputedStyle(element);
  if (element.checkVisibility && !element.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
    return false;
  if (style.visibility === 'hidden' || style.display === 'none') return false;
  for (let parent = element.parentElement; parent && parent !== form; parent = parent.parentElement) {
    if (getComputedStyle(parent).overflow !== 'visible' && tiny(parent)) return false;
  }
  return true;
}

/** Visible and invisible named fields of a form, the shield's own fields left out. */
export function visibleFields(form: HTMLFormElement): VisibleFields {
  const visible: string[] = [];
  const invisible: string[] = [];
  for (const element of form.elements) {
    const name = element.getAttribute('name');
    const type = element.getAttribute('type') ?? '';
    if (!name || SHIELD_FIELDS.has(name) || /^(submit|button|reset|image)$/i.test(type)) continue;
    const shown = type !== 'hidden' && seen(element, form);
    (shown ? visible : invisible).push(name);
  }
  return {
    visible_fields: visible.join(' '),
    visible_fields_count: visible.length,
    invisible_fields: invisible.join(' '),
    invisible_fields_count: invisible.length,
  };
}

function hidden(form: HTMLFormElement, name: string): HTMLInputElement {
  let input = form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) {
    input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    form.append(input);
  }
  return input;
}

export interface FormWiring {
  store: Store;
  scope: Scope;
  /** The shield's fields for this form, fresh. */
  fieldsFor(form: HTMLFormElement): Record<string, string>;
  /** A wired form was submitted: its token is spent. */
  onSubmit(form: HTMLFormElement): void;
  /** A form was wired for the first time. */
  onWire?(form: HTMLFormElement): void;
}

/** Typing data per text field: autofill, paste, key count and timing. */
function watchTyping(form: HTMLFormElement, { store, scope }: FormWiring): void {
  let lastKeyAt = 0;
  const update = (target: EventTarget | null, change: (t: Typing) => void) => {
    if (!(target instanceof Element) || !target.matches(TEXT_FIELDS)) return;
    const name = target.getAttribute('name') ?? target.id;
    if (!name) return;
    const all = (store.get(SIGNAL.typing) as Record<string, Typing> | undefined) ?? {};
    const typing = all[name] ?? {
      isAutoFill: false,
      isUseBuffer: false,
      speedDelta: 0,
      firstKeyTimestamp: 0,
      lastKeyTimestamp: 0,
      lastDelta: 0,
      countOfKey: 0,
    };
    change(typing);
    store.set(SIGNAL.typing, { ...all, [name]: typing });
  };
  scope.listen(form, ['keydown'], (event) =>
    update(event.target, (t) => {
      const now = (lastKeyAt = Date.now());
      if (t.countOfKey === 0) t.firstKeyTimestamp = now;
      else {
        t.lastDelta = now - t.lastKeyTimestamp;
        t.speedDelta = Math.round((t.speedDelta * (t.countOfKey - 1) + t.lastDelta) / t.countOfKey);
      }
      t.lastKeyTimestamp = now;
      t.countOfKey += 1;
    }),
  );
  scope.listen(form, ['paste'], (event) => update(event.target, (t) => (t.isUseBuffer = true)));
  // A value that grows with no key just before it, and not by paste, came from elsewhere: the
  // browser's autofill, dictation, an input method. Deleting and undoing add nothing.
  scope.listen(form, ['input'], (event) => {
    const kind = (event as InputEvent).inputType ?? '';
    if (Date.now() - lastKeyAt < 50 || /^(delete|history|format)|Paste/.test(kind)) return;
    update(event.target, (t) => (t.isAutoFill = true));
  });
}

/** Clicks, selections and pointer moves inside forms. */
function watchActivity(form: HTMLFormElement, { store, scope }: FormWiring): void {
  const bump = (key: 'clicks' | 'selected' | 'mouseMovementsInsideForm') => {
    const activity = (store.get(SIGNAL.activity) as Record<string, number> | undefined) ?? {};
    store.set(SIGNAL.activity, {
      clicks: 0,
      selected: 0,
      mouseMovementsInsideForm: 0,
      ...activity,
      [key]: (activity[key] ?? 0) + 1,
    });
  };
  scope.listen(form, ['click'], () => bump('clicks'));
  scope.listen(form, ['select'], () => bump('selected'));
  let moved = 0;
  scope.listen(form, ['mousemove'], () => {
    // Counting every move would write storage at the pointer's rate; a sample is enough.
    if (moved++ % 10 === 0) bump('mouseMovementsInsideForm');
  });
}

function fill(form: HTMLFormElement, wiring: FormWiring): void {
  for (const [name, value] of Object.entries(wiring.fieldsFor(form))) hidden(form, name).value = value;
}

export function startForms(wiring: FormWiring): { rescan(): void } {
  const wired = new WeakSet<HTMLFormElement>();
  const rescan = () => {
    const visibleByIndex: Record<string, VisibleFields> = {};
    [...document.forms].forEach((form, index) => {
      if (isExcluded(form)) return;
      if (index <= SHIELD.visibleFieldsFormIndexLimit) visibleByIndex[index] = visibleFields(form);
      fill(form, wiring);
      if (wired.has(form)) return;
      wired.add(form);
      watchTyping(form, wiring);
      watchActivity(form, wiring);
      wiring.onWire?.(form);
    });
    wiring.store.set(SIGNAL.visibleFields, visibleByIndex);
  };
  // A form sent before it was wired still carries the shield's fields: they are filled at submit.
  // Late, as the event bubbles: a script that sends the form itself has prevented the post by then.
  wiring.scope.listen(
    document,
    ['submit'],
    (event) => {
      const form = event.target;
      if (event.defaultPrevented || !(form instanceof HTMLFormElement) || isExcluded(form)) return;
      fill(form, wiring);
      wiring.onSubmit(form);
    },
    false,
  );
  wiring.scope.after(SHIELD.formWireDelayMs, () => {
    rescan();
    wiring.scope.every(SHIELD.formRescanMs, rescan);
  });
  return { rescan };
}

/** The visible-fields hidden value of PROTOCOL.md section 3 for one form. */
export const visibleFieldsValue = (form: HTMLFormElement) => base64Json({ 0: visibleFields(form) });
