import { z } from 'zod';

/** What a claim says: who the owner is and how to check it. */
export const claimMessage = z
  .string()
  .trim()
  .min(10, 'Please tell us in a few words how you are connected to this business.')
  .max(2_000, 'Please keep the message under 2,000 characters.');

const line = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);

/** The public fields an approved owner edits, as the item form checks them. */
export const ownerItemFields = z.object({
  title: line(300).min(1, 'Please enter the name of the business.'),
  subtitle: line(300),
  description: z.string().max(20_000, 'At most 20,000 characters.'),
  phone: line(60).regex(/^[0-9+()./\s-]*$/, 'Digits, spaces and + ( ) - . / only.'),
  hours: line(300),
  url: line(2_000).regex(/^(|https?:\/\/\S+)$/, 'An address starting with https:// or http://, or nothing.'),
  address: line(500),
});
