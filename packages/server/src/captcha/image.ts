import { createRequire } from 'node:module';

// svg-captcha's main export draws a given text; its type declarations name only the
// random-text helpers, so the drawing function is typed here.
const require = createRequire(import.meta.url);
const drawText = require('svg-captcha') as (text: string, options: Record<string, unknown>) => string;

/** The captcha's picture: the answer's characters, distorted, with noise lines, as SVG. */
export function captchaSvg(answer: string): string {
  return drawText(answer, { width: 150, height: 50, fontSize: 52, noise: 2, color: true, background: '#ffffff' });
}
