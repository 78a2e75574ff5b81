import type { Random } from '../random.js';
import { type Canvas, WIDTH, lighten, r1, type Light } from './canvas.js';

/**
 * The hour and the weather of a picture: the sky behind it, the light over everything in it,
 * and the words an alt text ends on ("at dusk", "on a grey morning").
 */

export type Hour = 'morning' | 'midday' | 'afternoon' | 'dusk' | 'evening' | 'night';

interface HourLook {
  sky: readonly [string, string];
  light: Light;
  /** The sun or moon: where it sits (fractions of the sky) and its colour; none when unset. */
  body?: { x: [number, number]; y: [number, number]; r: number; colour: string; moon?: boolean };
  stars?: boolean;
  cloud: string;
  /** How an alt text says when it is, clear and cloudy, and indoors where no sky is seen. */
  clear: readonly string[];
  cloudy: readonly string[];
  indoors: string;
}

const HOURS: Readonly<Record<Hour, HourLook>> = {
  morning: {
    sky: ['#8ecbf0', '#fbe6c6'],
    light: { tint: '#ffe0b0', amount: 0.06, lamps: false },
    body: { x: [0.05, 0.3], y: [0.45, 0.7], r: 16, colour: '#fff2c4' },
    cloud: '#ffffff',
    clear: ['in the morning sun', 'on a bright morning', 'early in the morning'],
    cloudy: ['on a cloudy morning', 'on a grey morning'],
    indoors: 'in the morning',
  },
  midday: {
    sky: ['#4f9fe0', '#c4e6f8'],
    light: { tint: '#ffffff', amount: 0, lamps: false },
    body: { x: [0.35, 0.85], y: [0.1, 0.3], r: 15, colour: '#fff8d8' },
    cloud: '#ffffff',
    clear: ['on a sunny day', 'under a blue sky', 'at midday'],
    cloudy: ['on a cloudy day', 'under a grey sky'],
    indoors: 'at midday',
  },
  afternoon: {
    sky: ['#69ace0', '#f4ddb0'],
    light: { tint: '#ffc880', amount: 0.08, lamps: false },
    body: { x: [0.65, 0.95], y: [0.3, 0.55], r: 16, colour: '#fff0b8' },
    cloud: '#fff8ee',
    clear: ['in the afternoon sun', 'on a warm afternoon', 'late in the afternoon'],
    cloudy: ['on a cloudy afternoon', 'on an overcast afternoon'],
    indoors: 'in the afternoon',
  },
  dusk: {
    sky: ['#3d3b70', '#f49a6c'],
    light: { tint: '#4b2f62', amount: 0.26, lamps: true },
    body: { x: [0.1, 0.9], y: [0.8, 0.95], r: 22, colour: '#ffb36b' },
    cloud: '#e88f8f',
    clear: ['at dusk', 'at sunset', 'as the sun goes down'],
    cloudy: ['on a cloudy evening', 'at dusk under heavy clouds'],
    indoors: 'in the early evening',
  },
  evening: {
    sky: ['#1c2750', '#6b5a8e'],
    light: { tint: '#1d2350', amount: 0.42, lamps: true },
    body: { x: [0.1, 0.9], y: [0.15, 0.4], r: 11, colour: '#f3efd8', moon: true },
    stars: true,
    cloud: '#4a4a78',
    clear: ['in the evening', 'on a clear evening', 'after dark'],
    cloudy: ['on a cloudy evening', 'on a grey evening'],
    indoors: 'in the evening, lamps lit',
  },
  night: {
    sky: ['#0a1028', '#28305c'],
    light: { tint: '#0c1232', amount: 0.52, lamps: true },
    body: { x: [0.1, 0.9], y: [0.12, 0.35], r: 12, colour: '#f6f2dc', moon: true },
    stars: true,
    cloud: '#2d3460',
    clear: ['at night', 'under a starry sky', 'late at night'],
    cloudy: ['on a cloudy night', 'at night'],
    indoors: 'late at night',
  },
};

export interface Weather {
  hour: Hour;
  cloudy: boolean;
  light: Light;
  /** "at dusk", "on a grey morning". */
  when: string;
  /** "in the morning", "in the evening, lamps lit": for rooms, where the sky is not seen. */
  indoors: string;
}

/** Weights per hour: a bar is drawn after dark more often than a bakery is. */
export type HourWeights = Partial<Record<Hour, number>>;

export const DAYTIME: HourWeights = { morning: 3, midday: 3, afternoon: 3, dusk: 1 };
export const ANY_TIME: HourWeights = { morning: 2, midday: 2, afternoon: 2, dusk: 2, evening: 1, night: 1 };
export const NIGHTLIFE: HourWeights = { afternoon: 1, dusk: 3, evening: 3, night: 3 };

export function pickWeighted<K extends string>(weights: Partial<Record<K, number>>, random: Random): K {
  const entries = Object.entries(weights) as [K, number][];
  let left = random.next() * entries.reduce((sum, [, w]) => sum + w, 0);
  for (const [key, weight] of entries) {
    left -= weight;
    if (left < 0) return key;
  }
  return (entries[entries.length - 1] as [K, number])[0];
}

export function chooseWeather(weights: HourWeights, random: Random): Weather {
  const hour = pickWeighted(weights, random);
  const look = HOURS[hour];
  const cloudy = random.chance(0.3);
  // Clouds dim the light a little and take the sun's warmth away.
  const light = cloudy
    ? { ...look.light, tint: lighten(look.light.tint, 0.1), amount: look.light.amount + 0.06 }
    : look.light;
  return { hour, cloudy, light, when: random.pick(cloudy ? look.cloudy : look.clear), indoors: look.indoors };
}

/** The sky down to `horizon`, with the sun or moon, stars and clouds. */
export function drawSky(cv: Canvas, weather: Weather, horizon: number, random: Random): void {
  const look = HOURS[weather.hour];
  const [top, bottom] = weather.cloudy ? [lighten(look.sky[0], 0.25), lighten(look.sky[1], 0.15)] : look.sky;
  cv.rect(0, 0, WIDTH, horizon, cv.vertical([top, bottom], true), { emit: true });
  if (look.stars && !weather.cloudy) {
    for (let i = 0; i < 28; i += 1) {
      cv.circle(random.int(0, WIDTH), random.int(0, Math.round(horizon * 0.8)), random.float(0.5, 1.3), '#ffffff', {
        emit: true,
        opacity: random.float(0.4, 0.9),
      });
    }
  }
  if (look.body && !(weather.cloudy && weather.hour === 'midday')) {
    const { x, y, r, colour, moon } = look.body;
    const cx = random.float(x[0], x[1]) * WIDTH;
    const cy = random.float(y[0], y[1]) * horizon;
    cv.circle(cx, cy, r * 3, cv.glow(colour, moon ? 0.25 : 0.55), { emit: true });
    cv.circle(cx, cy, r, colour, { emit: true });
    if (moon) cv.circle(cx + r * 0.45, cy - r * 0.25, r * 0.85, top, { emit: true });
  }
  const clouds = weather.cloudy ? random.int(4, 7) : random.int(0, 3);
  for (let i = 0; i < clouds; i += 1) {
    cloud(cv, random.int(-20, WIDTH), random.int(14, Math.max(20, Math.round(horizon * 0.55))), random, look.cloud);
  }
}

const CLOUD = [
  [0, 0, 14],
  [16, -7, 17],
  [34, -2, 13],
  [48, 3, 10],
  [20, 5, 12],
] as const;

function cloud(cv: Canvas, x: number, y: number, random: Random, colour: string): void {
  const size = random.float(0.6, 1.3);
  cv.group(`opacity="${r1(random.float(0.55, 0.85) * 100) / 100}"`, () => {
    for (const [dx, dy, r] of CLOUD) cv.circle(x + dx * size, y + dy * size, r * size, colour, { emit: true });
  });
}
