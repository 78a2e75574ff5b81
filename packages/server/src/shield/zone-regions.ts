import { getTimezonesForCountry } from 'countries-and-timezones';

/**
 * A country's clocks: every UTC offset, in minutes, that any of its time zones keeps in winter or
 * in summer (the IANA time zone database, through countries-and-timezones). Unknown codes have
 * none, and nothing is judged against them.
 */
const cache = new Map<string, ReadonlySet<number> | null>();

export function regionOffsets(region: string): ReadonlySet<number> | null {
  let offsets = cache.get(region);
  if (offsets === undefined) {
    const zones = getTimezonesForCountry(region, { deprecated: true });
    offsets = zones && zones.length > 0 ? new Set(zones.flatMap((zone) => [zone.utcOffset, zone.dstOffset])) : null;
    cache.set(region, offsets);
  }
  return offsets;
}

/**
 * Whether the page's clock (`ct_timezone`, hours east of UTC) is one the address's country keeps.
 * A bot farm's browsers keep their data centre's clock while they post through addresses in the
 * country they target. Nothing to compare is agreement: no region for the address, no clock.
 */
export function zoneFitsRegion(offsetHours: unknown, region: string | undefined): boolean {
  if (region === undefined || typeof offsetHours !== 'number' || !Number.isFinite(offsetHours)) return true;
  const offsets = regionOffsets(region);
  return offsets === null || offsets.has(Math.round(offsetHours * 60));
}
