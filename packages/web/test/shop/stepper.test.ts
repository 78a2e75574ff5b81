import { describe, expect, it } from 'vitest';
import { hasStepper, keyValue, loadValue, readStepper, stepDown, stepUp } from '../../src/features/shop/stepper.js';

describe('the quantity stepper’s rules', () => {
  it('never goes above max with plus', () => {
    expect(stepUp({ value: '2', max: '3' })).toBe(3);
    expect(stepUp({ value: '3', max: '3' })).toBe(3);
    expect(stepUp({ value: '5', max: '3' })).toBe(3);
    // A step larger than the room left stops at max.
    expect(stepUp({ value: '2', max: '3', step: '5' })).toBe(3);
    // No max: plus goes on.
    expect(stepUp({ value: '41', max: '' })).toBe(42);
  });

  it('never goes below min with minus, 0 by default, and only while the value is above 0', () => {
    expect(stepDown({ value: '2' })).toBe(1);
    expect(stepDown({ value: '1' })).toBe(0);
    expect(stepDown({ value: '0' })).toBe(0);
    expect(stepDown({ value: '-3' })).toBe(-3);
    expect(stepDown({ value: '2', min: '2' })).toBe(2);
    expect(stepDown({ value: '1', min: '2' })).toBe(2);
    expect(stepDown({ value: '3', min: '2', step: '5' })).toBe(2);
    // A negative min still decrements only above 0.
    expect(stepDown({ value: '0', min: '-5' })).toBe(0);
    expect(stepDown({ value: '1', min: '-5' })).toBe(0);
  });

  it("takes a step of 'any' or empty as 1", () => {
    for (const step of ['any', '', undefined, '0', '-2', 'abc']) {
      expect(readStepper({ value: '1', step }).step, String(step)).toBe(1);
      expect(stepUp({ value: '1', step })).toBe(2);
    }
    expect(stepUp({ value: '0.1', step: '0.2' })).toBe(0.3);
  });

  it('counts an invalid value as 0', () => {
    expect(readStepper({ value: 'abc' }).value).toBe(0);
    expect(readStepper({ value: '' }).value).toBe(0);
    expect(stepUp({ value: 'abc' })).toBe(1);
    expect(stepDown({ value: 'abc' })).toBe(0);
  });

  it('raises a value below a positive min to min on load, and leaves others alone', () => {
    expect(loadValue({ value: '0', min: '1' })).toBe('1');
    expect(loadValue({ value: 'abc', min: '2' })).toBe('2');
    expect(loadValue({ value: '3', min: '1' })).toBe('3');
    expect(loadValue({ value: '-2', min: '0' })).toBe('-2');
    expect(loadValue({ value: '-2', min: '-5' })).toBe('-2');
  });

  it('gives date and hidden inputs no stepper', () => {
    expect(hasStepper('date')).toBe(false);
    expect(hasStepper('hidden')).toBe(false);
    expect(hasStepper('number')).toBe(true);
    expect(hasStepper('text')).toBe(true);
  });

  it('maps the APG spinbutton keys onto the same rules', () => {
    const at = (value: string) => ({ value, min: '0', max: '12', step: '1' });
    expect(keyValue('ArrowUp', at('12'))).toBe(12);
    expect(keyValue('ArrowUp', at('3'))).toBe(4);
    expect(keyValue('ArrowDown', at('0'))).toBe(0);
    expect(keyValue('PageUp', at('5'))).toBe(12);
    expect(keyValue('PageDown', at('5'))).toBe(0);
    expect(keyValue('PageUp', at('1'))).toBe(11);
    expect(keyValue('Home', at('7'))).toBe(0);
    expect(keyValue('End', at('7'))).toBe(12);
    // No max: End has nowhere to go.
    expect(keyValue('End', { value: '3' })).toBeNull();
    expect(keyValue('a', at('3'))).toBeNull();
  });
});
