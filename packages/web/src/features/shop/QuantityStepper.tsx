import { useEffect, useRef, type KeyboardEvent } from 'react';
import { hasStepper, keyValue, loadValue, stepDown, stepUp, type StepperAttributes } from './stepper.js';

/**
 * A quantity input with minus and plus buttons. The input is a native number input (role
 * spinbutton) whose keys follow the APG spinbutton pattern by the stepper's rules (arrows, Page
 * Up/Down, Home, End); the buttons are extra pointer targets, out of the Tab order as in the
 * APG's example, since the spinbutton's keys do the same.
 */
export function QuantityStepper({
  id,
  name,
  label,
  defaultValue,
  min,
  max,
  step,
  type = 'number',
  form,
  describedBy,
  invalid,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: number;
  min?: number;
  max?: number;
  step?: string;
  type?: string;
  form?: string;
  describedBy?: string | undefined;
  invalid?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const attributes = (): StepperAttributes => ({
    value: input.current?.value ?? '',
    min: input.current?.min,
    max: input.current?.max,
    step: input.current?.step,
  });
  const set = (value: number | null) => {
    const el = input.current;
    if (!el || value === null || String(value) === el.value) return;
    el.value = String(value);
    // Whoever listens (the cart's changed state) hears it as typed.
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  };
  useEffect(() => {
    const el = input.current;
    if (el) el.value = loadValue(attributes());
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const value = keyValue(event.key, attributes());
    if (value === null) return;
    event.preventDefault();
    set(value);
  };

  const field = (
    <input
      ref={input}
      id={id}
      name={name}
      type={type}
      inputMode="numeric"
      defaultValue={defaultValue}
      min={min}
      max={max}
      step={step}
      form={form}
      className="qty-stepper__input"
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      onKeyDown={hasStepper(type) ? onKeyDown : undefined}
    />
  );
  return (
    <span className="qty-stepper">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      {hasStepper(type) ? (
        <>
          <button
            type="button"
            className="qty-stepper__minus"
            tabIndex={-1}
            aria-label={`Decrease ${label}`}
            onClick={() => set(stepDown(attributes()))}
          >
            −
          </button>
          {field}
          <button
            type="button"
            className="qty-stepper__plus"
            tabIndex={-1}
            aria-label={`Increase ${label}`}
            onClick={() => set(stepUp(attributes()))}
          >
            +
          </button>
        </>
      ) : (
        field
      )}
    </span>
  );
}
