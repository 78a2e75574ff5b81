import { describe, expect, it } from 'vitest';
import { localitySuffix, namesLocality } from '../../../src/features/directory/address-line.js';

describe('the locality after an address', () => {
  it('is not repeated when the address names it already', () => {
    expect(localitySuffix('Corso Italia 144, Rome', 'Rome')).toBe('');
    expect(localitySuffix('Corso Italia 144, ROME ', ' rome')).toBe('');
    expect(localitySuffix('Ringstraße 21, 10115 Berlin', 'Berlin')).toBe('');
    expect(localitySuffix('10 Downing Street, SW1A 2AA London', 'London')).toBe('');
    expect(localitySuffix('Rue de la Paix 3, Genève', 'Geneve')).toBe('');
    expect(localitySuffix('5 Main St, Saint-Étienne', 'Saint Étienne')).toBe('');
  });

  it('follows an address that does not name it', () => {
    expect(localitySuffix('Corso Italia 144', 'Rome')).toBe(', Rome');
    // A street named after the town is not the town.
    expect(localitySuffix('Via Roma 1', 'Roma')).toBe(', Roma');
    expect(localitySuffix('Rome Street 5', 'Rome')).toBe(', Rome');
    expect(namesLocality('Romeo Lane 2, Verona', 'Rome')).toBe(false);
  });

  it('adds nothing without a locality or an address', () => {
    expect(localitySuffix('Corso Italia 144', '')).toBe('');
    expect(localitySuffix('', 'Rome')).toBe('');
  });
});
