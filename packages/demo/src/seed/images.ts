import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Random } from './random.js';
import { drawScene, type SceneKey } from './scenes/index.js';
import { writeIfMissing } from '../write-if-missing.js';

/**
 * Demo pictures drawn locally from SVG scenes (scenes/), so that seeding needs no network and
 * no stock photos. A file is named after a hash of its drawing: one that exists already is
 * kept, so a re-seed costs no image work, and a changed drawing never reuses a stale file.
 */

export const IMAGE_URL_PREFIX = '/media/seed/images/';
export const MARKER_URL_PREFIX = '/media/seed/markers/';

/**
 * Up to this many pictures are drawn for a seed; beyond it, items of one kind share a pool of
 * pictures, so that 10,000 items cost a few hundred pictures rather than ten thousand.
 */
export const PICTURE_BUDGET = 500;
/** Pictures encoded at once: libvips uses a thread each, and more only queue. */
const PARALLEL = 4;

/** The picture an item wants: a kind of scene, and the noun its alt text calls the place. */
export interface PictureRequest {
  key: SceneKey;
  noun: string;
}

export interface Picture {
  url: string;
  alt: string;
}

interface Job {
  file: string;
  svg: string;
}

export interface PicturePlan {
  /** One per request, in order. */
  pictures: Picture[];
  jobs: Job[];
}

/**
 * Draws the scenes for `requests`. Requests for the same scene and noun share a pool that
 * holds one picture per request while the budget allows, and fewer (at least one) beyond it;
 * neighbours in a pool get different pictures.
 */
export function planPictures(
  requests: readonly PictureRequest[],
  random: Random,
  budget = PICTURE_BUDGET,
): PicturePlan {
  const groups = new Map<string, number[]>();
  requests.forEach((request, i) => {
    const key = `${request.key}:${request.noun}`;
    const members = groups.get(key);
    if (members) members.push(i);
    else groups.set(key, [i]);
  });
  const share = Math.min(1, budget / Math.max(1, requests.length));
  const pictures: Picture[] = new Array<Picture>(requests.length);
  const jobs = new Map<string, Job>();
  for (const members of groups.values()) {
    const first = requests[members[0] as number] as PictureRequest;
    const size = Math.max(1, Math.min(members.length, Math.round(members.length * share)));
    const pool = Array.from({ length: size }, () => {
      const scene = drawScene(first.key, first.noun, random);
      const hash = createHash('sha256').update(scene.svg).digest('hex').slice(0, 16);
      const file = `${first.key}-${hash}.webp`;
      jobs.set(file, { file, svg: scene.svg });
      return { url: `${IMAGE_URL_PREFIX}${file}`, alt: scene.alt };
    });
    members.forEach((index, n) => {
      pictures[index] = pool[n % pool.length] as Picture;
    });
  }
  return { pictures, jobs: [...jobs.values()] };
}

/** Encodes the planned pictures that are not on disk yet, a few at a time. */
export async function renderPictures(mediaDir: string, jobs: readonly Job[]): Promise<void> {
  const dir = path.join(mediaDir, 'seed', 'images');
  await mkdir(dir, { recursive: true });
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const job = jobs[next] as Job;
      next += 1;
      await writeIfMissing(path.join(dir, job.file), () =>
        sharp(Buffer.from(job.svg)).webp({ quality: 80, effort: 2 }).toBuffer(),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, jobs.length) }, worker));
}

const MARKER_COLOURS: Readonly<Record<string, string>> = {
  red: '#e53935',
  blue: '#1e88e5',
  green: '#43a047',
  orange: '#fb8c00',
  purple: '#8e24aa',
  teal: '#00897b',
  pink: '#d81b60',
  navy: '#283593',
};

/** Writes `count` map pins in different colours, `marker-<colour>.svg`, sized 30×30. */
export async function generateMarkers(mediaDir: string, random: Random, count = 6): Promise<string[]> {
  const dir = path.join(mediaDir, 'seed', 'markers');
  await mkdir(dir, { recursive: true });
  const colours = random.shuffle(Object.keys(MARKER_COLOURS)).slice(0, count);
  await Promise.all(
    colours.map((colour) =>
      writeIfMissing(path.join(dir, `marker-${colour}.svg`), async () => markerSvg(MARKER_COLOURS[colour] as string)),
    ),
  );
  return colours.map((colour) => `${MARKER_URL_PREFIX}marker-${colour}.svg`);
}

function markerSvg(fill: string): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="30" viewBox="0 0 30 30">',
    `<path d="M15 1.5C9.8 1.5 5.6 5.6 5.6 10.8 5.6 17.6 15 28.5 15 28.5s9.4-10.9 9.4-17.7C24.4 5.6 20.2 1.5 15 1.5z" fill="${fill}" stroke="#ffffff" stroke-width="1.5"/>`,
    '<circle cx="15" cy="10.8" r="3.6" fill="#ffffff"/>',
    '</svg>\n',
  ].join('');
}
