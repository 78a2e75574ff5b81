import type { Point } from './corpus-forms.js';
import { sleep, type Hand } from './hand.js';
import { humanLike, stopsOf, type Target } from './human-like.js';
import { keysymOf } from './person-input.js';
import type { Screen } from './x-screen.js';

/** xdotool's moves along a straight line in even steps at a steady pace: a plain script. */
async function straightTo(screen: Screen, from: Point, to: Point): Promise<void> {
  for (let i = 1; i <= 10; i += 1) {
    const x = from[0] + ((to[0] - from[0]) * i) / 10;
    const y = from[1] + ((to[1] - from[1]) * i) / 10;
    await screen.x('mousemove', String(Math.round(x)), String(Math.round(y)));
    await sleep(10);
  }
}

/** The ordinary window, scripted: straight lines, `xdotool type` at a fixed 40 ms delay, no pause. */
export async function osScripted(screen: Screen, target: Target): Promise<void> {
  let at: Point = [40, 40];
  for (const [point, text] of stopsOf(target)) {
    await straightTo(screen, at, point);
    at = point;
    await screen.x('click', '1');
    if (text !== null) await screen.x('type', '--delay', '40', text);
    // A script that opens a dialog has to wait for it, or its next click lands on the backdrop.
    else await sleep(500);
  }
}

/** The ordinary window with human-like timing: Bézier paths, log-normal keys, reading pauses. */
export async function osHuman(screen: Screen, target: Target, random: Hand): Promise<void> {
  await humanLike(
    {
      async move([x, y], pause) {
        await screen.x('mousemove', String(x), String(y));
        await sleep(pause);
      },
      async press(hold) {
        await screen.x('mousedown', '1');
        await sleep(hold);
        await screen.x('mouseup', '1');
      },
      async key(char, hold) {
        const key = keysymOf(char);
        await screen.x('keydown', key);
        await sleep(hold);
        await screen.x('keyup', key);
      },
    },
    stopsOf(target),
    random,
    { aim: target.aim },
  );
}
