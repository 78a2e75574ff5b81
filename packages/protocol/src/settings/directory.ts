import { z } from 'zod';
import { defineSetting, type SettingValue } from './define.js';

/**
 * The directory front end's texts and behaviour flags (directory specification, section 3,
 * "Front-end settings"). The map's own settings belong to the map feature.
 */
export const directorySettings = defineSetting(
  'directory',
  z.object({
    /** Shown when no item matches the filters, and after a radius search with no item. */
    noResultsText: z.string().max(500).default('No results found.'),
    /** The label of the control that opens an item's popup. */
    viewDetailsText: z.string().max(200).default('View details'),
    /** Shown after the contact-owner form was sent. */
    emailSentText: z.string().max(500).default('Your message has been sent.'),
    /** Radius search alerts (used by the map feature). */
    missingLocationText: z.string().max(500).default('Please enter a location.'),
    missingDistanceText: z.string().max(500).default('Please enter a distance.'),
    /** Addresses link to a map service and phone numbers to `tel:`. */
    clickableAddressAndPhone: z.boolean().default(true),
    /** An item must carry every chosen tag; otherwise any chosen tag matches. */
    inclusiveTagFilter: z.boolean().default(false),
    /** Distance, tag and live search narrow each other; otherwise setting one resets the others. */
    combineFilters: z.boolean().default(true),
    upvotes: z.boolean().default(true),
    /** Votes one address may cast in a day, across every visitor cookie it uses. */
    upvotesPerAddressPerDay: z.number().int().min(1).max(100_000).default(200),
    /** The owner's e-mail opens the visitor's mail program instead of the site's form. */
    mailto: z.boolean().default(false),
    /** The item popup shows a map of the item (400 px high). */
    popupMap: z.boolean().default(true),
    /** Paginate every list; a list's own settings may still turn it on. */
    pagination: z.boolean().default(false),
    perPage: z.number().int().min(1).max(500).default(12),
  }),
);

export type DirectorySettings = SettingValue<typeof directorySettings>;
