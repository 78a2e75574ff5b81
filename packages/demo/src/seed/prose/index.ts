import { bars, cafes, restaurants, streetFood } from './food.js';
import { clubs, links } from './community.js';
import { museums, music, sports, stage } from './leisure.js';
import { bikes, hair, health, professional, repairs } from './services.js';
import { bookshops, fashion, florists, grocers, hardware } from './shops.js';
import type { Prose } from './types.js';

export type { Kind, Prose } from './types.js';

/** Each theme's words, by the theme's key in `themes.ts`. */
export const PROSE: Readonly<Record<string, Prose>> = {
  cafes,
  bookshops,
  hair,
  museums,
  links,
  restaurants,
  fashion,
  repairs,
  stage,
  clubs,
  bars,
  grocers,
  health,
  sports,
  'street-food': streetFood,
  florists,
  bikes,
  music,
  hardware,
  professional,
};
