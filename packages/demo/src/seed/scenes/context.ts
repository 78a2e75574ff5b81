import type { Random } from '../random.js';
import { Canvas, type Light } from './canvas.js';
import { chooseWeather, type HourWeights, type Weather } from './sky.js';

/** What every part of one picture shares: its canvas, hour and weather, and the place's noun. */
export interface SceneContext {
  cv: Canvas;
  weather: Weather;
  random: Random;
  /** What the alt text calls the place: "museum", "wine bar". */
  noun: string;
  /** Lamps and lit windows glow. */
  lamps: boolean;
}

/** Picks the hour and weather and opens a canvas under their light, or under `light` (indoors). */
export function startScene(
  hours: HourWeights,
  noun: string,
  random: Random,
  light?: (weather: Weather) => Light,
): SceneContext {
  const weather = chooseWeather(hours, random);
  const cv = new Canvas(light ? light(weather) : weather.light);
  return { cv, weather, random, noun, lamps: cv.light.lamps };
}
