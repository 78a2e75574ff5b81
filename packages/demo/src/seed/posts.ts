import type { Kysely } from 'kysely';
import { escapeHtml, type Database, countPosts, writePost, type PostInput } from '@waymark/server/seeding';

/** A picture the seed drew for an item, reused to illustrate the demo posts. */
export interface PostPicture {
  url: string;
  alt: string;
}

function figure(picture: PostPicture | undefined): string {
  if (!picture) return '';
  const [url, alt] = [escapeHtml(picture.url), escapeHtml(picture.alt)];
  return `<p><a href="${url}" title="${alt}"><img src="${url}" alt="${alt}" width="480" height="320"></a></p>`;
}

/**
 * A few pages and articles for the demo, written only into a site that has none, so that a
 * re-seed of the directory never overwrites what an administrator wrote.
 */
export async function seedDemoPosts(db: Kysely<Database>, pictures: readonly PostPicture[]): Promise<number> {
  if ((await countPosts({ db })) > 0) return 0;
  const [first, second, third, fourth] = pictures;
  const posts: PostInput[] = [
    {
      type: 'page',
      slug: 'about',
      title: 'About this directory',
      body:
        '<p>Waymark lists the independent shops, cafés, workshops and services of the neighbourhood, ' +
        'checked by people who live here.</p><p><strong>How listings get here.</strong> Anyone may suggest a place; ' +
        'owners add their business and an editor approves it.</p>' +
        figure(first),
      image: first?.url ?? '',
      imageAlt: first?.alt ?? '',
    },
    {
      type: 'page',
      slug: 'privacy',
      title: 'Privacy and cookies',
      body:
        '<p>We keep no tracking cookies. The map loads only after you agree, and the spam shield keeps ' +
        'addresses as keyed hashes for thirty days.</p>',
    },
    {
      type: 'page',
      slug: 'advertise',
      title: 'Advertise your business',
      body:
        '<p>A featured listing puts your business at the top of its list and on the front page.</p>' + figure(second),
      image: second?.url ?? '',
      imageAlt: second?.alt ?? '',
    },
    {
      type: 'article',
      slug: 'saturday-market-guide',
      title: 'A morning at the Saturday market',
      body:
        '<p>The stalls open at eight. Come early for the bakers, stay for the cheese, and leave room for ' +
        'the oyster stand by the fountain.</p>' +
        figure(third) +
        figure(fourth),
      image: third?.url ?? '',
      imageAlt: third?.alt ?? '',
    },
    {
      type: 'article',
      slug: 'repair-cafes',
      title: 'Repair cafés: fix it instead of binning it',
      body:
        '<p>Once a month volunteers mend lamps, toasters, bicycles and jumpers for the price of a coffee. ' +
        '<strong>Bring the broken thing</strong> and a little patience.</p>',
      image: fourth?.url ?? '',
      imageAlt: fourth?.alt ?? '',
    },
  ];
  for (const post of posts) await writePost({ db }, post);
  return posts.length;
}
