/**
 * The quantity stepper's rules (directory spec, section 5), pure so they are tested on their own:
 * plus never goes above max; minus never below min (0 by default) and only while the value is
 * above 0; a step of 'any' or empty means 1; an invalid value counts as 0; on load a value below
 * a positive min is raised to min; date and hidden inputs get no stepper.
 */

/** The input's attributes as the page has them: strings, possibly empty. */
export interface StepperAttributes {
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  step?: string | undefined;
}

interface Bounds {
  value: number;
  min: number;
  /** null: no maximum. */
  max: number | null;
  step: number;
}

const DEFAULT_STEP = 1;

const finite = (text: string | undefined): number | null => {
  if (text === undefined || text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

/** Reads the attributes by the stepper's rules. */
export function readStepper({ value, min, max, step }: StepperAttributes): Bounds {
  const stepValue = step === undefined || step.trim() === '' || step === 'any' ? DEFAULT_STEP : finite(step);
  return {
    value: finite(value) ?? 0,
    min: finite(min) ?? 0,
    max: finite(max),
    step: stepValue !== null && stepValue > 0 ? stepValue : DEFAULT_STEP,
  };
}

/** Adding float steps (0.1 + 0.2) must not show 0.30000000000000004. */
const tidy = (n: number) => Number(n.toFixed(10));

/** The value after the plus button (or the up key). */
export function stepUp(attributes: StepperAttributes): number {
  const { value, max, step } = readStepper(attributes);
  if (max !== null && value >= max) return max;
  const next = tidy(value + step);
  return max !== null && next > max ? max : next;
}

/** The value after the minus button (or the down key); unchanged at or below 0. */
export function stepDown(attributes: StepperAttributes): number {
  const { value, min, step } = readStepper(attributes);
  if (min !== 0 && value <= min) return min;
  if (value <= 0) return value;
  const next = tidy(value - step);
  return next < min ? min : next;
}

/** The value the input shows once the page has loaded: raised to a positive min. */
export function loadValue(attributes: StepperAttributes): string {
  const { value, min } = readStepper(attributes);
  return min > 0 && value < min ? String(min) : attributes.value;
}

/** Which inputs get a stepper: not date or hidden ones. */
export function hasStepper(type: string): boolean {
  return type !== 'date' && type !== 'hidden';
}

/** APG spinbutton keys: the value a key leads to, or null when the key is not the stepper's. */
export function keyValue(key: string, attributes: StepperAttributes): number | null {
  const bounds = readStepper(attributes);
  switch (key) {
    case 'ArrowUp':
      return stepUp(attributes);
    case 'ArrowDown':
      return stepDown(attributes);
    case 'PageUp':
      return pageStep(attributes, stepUp);
    case 'PageDown':
      return pageStep(attributes, stepDown);
    case 'Home':
      return bounds.min;
    case 'End':
      return bounds.max;
    default:
      return null;
  }
}

/** Page Up and Page Down move by ten steps, within the same rules. */
const PAGE_STEPS = 10;
function pageStep(attributes: StepperAttributes, step: (a: StepperAttributes) => number): number {
  let value = attributes.value;
  for (let i = 0; i < PAGE_STEPS; i += 1) value = String(step({ ...attributes, value }));
  return Number(value);
}
