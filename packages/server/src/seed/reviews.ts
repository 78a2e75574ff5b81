import type { Insertable } from 'kysely';
import type { ReviewTable } from '../db/schema.js';
import type { Random } from './random.js';

const AUTHORS = ['Maria K.', 'Tom Baker', 'Aiko', 'Jonas W.', 'Priya S.', 'Liam', 'Chloé D.', 'Sam Okafor'];

/** Some mention a contact, as real reviews do, so that contact protection has something to hide. */
const BODIES = [
  'Friendly staff and fair prices. We will be back.',
  'Booked a table by phone on 020 7946 0321 and they had it ready when we arrived.',
  'Quick, careful work. The owner explained everything before starting.',
  'A bit busy on Saturdays, but worth the wait.\n\nTip: ask for the daily special.',
  'They answered my e-mail within the hour. Write to bookings@example.org if you need them.',
  'Clean, calm and on time. Exactly what I hoped for.',
  'Parking is hard nearby; come by bus if you can.',
  'Great advice from the team. My neighbour recommended them (call her on +44 7700 900123 if you want a second opinion).',
];

/**
 * Published demo reviews for about one item in three, one to three each. Most authors passed the
 * spam shield beyond doubt and carry the real-person badge; some do not.
 */
export function generateReviews(itemIds: readonly number[], random: Random, now: Date): Insertable<ReviewTable>[] {
  const rows: Insertable<ReviewTable>[] = [];
  itemIds.forEach((itemId, index) => {
    if (index % 3 !== 0) return;
    const count = random.int(1, 3);
    for (let n = 0; n < count; n++) {
      const daysAgo = random.int(1, 400);
      rows.push({
        item_id: itemId,
        page_path: null,
        author: random.pick(AUTHORS),
        author_email: '',
        body: random.pick(BODIES),
        status: 'published',
        real_person: random.next() < 0.8 ? 1 : 0,
        score: 0,
        reasons: '[]',
        created_at: new Date(now.getTime() - daysAgo * 86_400_000 - n * 3_600_000).toISOString(),
      });
    }
  });
  return rows;
}
