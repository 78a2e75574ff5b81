import { sliderSettings } from '@waymark/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '@waymark/server/seeding';
import { GALLERY_ASSETS_PREFIX } from '../gallery/routes.js';
import type { PostPicture } from './posts.js';

/**
 * A demo slider for the home page (three picture slides and a muted, looping video slide from the
 * gallery's clip), written only into a site that has no slider setting yet, so a re-seed never
 * overwrites what an administrator set.
 */
export async function seedDemoSlider(db: Kysely<Database>, pictures: readonly PostPicture[]): Promise<void> {
  const existing = await db
    .selectFrom('settings')
    .select('key')
    .where('key', '=', sliderSettings.key)
    .executeTakeFirst();
  if (existing || pictures.length === 0) return;
  const captions = [
    ['Find what is near you', 'Browse local businesses by category, tag or distance.'],
    ['Support the high street', 'Markets, repair cafés and corner shops, all in one place.'],
    ['Add your business', 'List your place for free, or feature it at the top.'],
  ] as const;
  const slides: Record<string, unknown>[] = captions.map(([title, text], i) => {
    const picture = pictures[i % pictures.length] as PostPicture;
    return { title, text, image: picture.url, imageAlt: picture.alt, href: i === 2 ? '/add-business' : '' };
  });
  const video = { provider: 'file', src: `${GALLERY_ASSETS_PREFIX}clip.webm`, autoplay: true, mute: true };
  slides.splice(1, 0, { title: 'A minute on the market', text: 'Saturday morning at the stalls.', video });
  const value = sliderSettings.schema.parse({ kind: 'content', slides });
  await db
    .insertInto('settings')
    .values({ key: sliderSettings.key, value: JSON.stringify(value), updated_at: new Date().toISOString() })
    .execute();
}
