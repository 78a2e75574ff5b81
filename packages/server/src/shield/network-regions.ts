import { readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { parse } from 'csv-parse/sync';
import ipaddr from 'ipaddr.js';

/**
 * Where a client address is, as far as a file the site owner keeps on this machine says: a
 * country code, or nothing. No lookup leaves the machine. The file is any of the free country
 * databases' CSV forms, one range a row, ranges that do not overlap:
 *
 * - `first,last,CC` with addresses as text (DB-IP's "IP to Country Lite");
 * - `"first","last","CC",…` with addresses as integers (IP2Location LITE DB1, IPv4 or IPv6);
 * - `network/prefix,CC` (any list of networks).
 *
 * IPv6 is compared on its first 64 bits: no registry places a network smaller than a /64.
 */
export interface NetworkRegions {
  regionOf(ip: string): string | undefined;
  /** How many ranges were read. */
  readonly ranges: number;
}

export class NetworkRegionsError extends Error {
  override name = 'NetworkRegionsError';
}

/** An address as a sortable key: IPv4 as its 32 bits, IPv6 as its first 64. */
type Key = { family: 4; n: number } | { family: 6; n: bigint };

const V4_MAPPED_HIGH = 0xffffn;
const COUNTRY = /^[A-Z]{2}$/;
/** Codes the databases use for "no country": unassigned, reserved, a whole continent. */
const NO_COUNTRY = new Set(['ZZ', 'XX', 'EU', 'AP']);

function textKey(text: string): Key | null {
  if (isIP(text) === 0) return null;
  let address = ipaddr.parse(text);
  if (address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress()) address = address.toIPv4Address();
  return bytesKey(address.toByteArray());
}

function bytesKey(bytes: number[]): Key {
  if (bytes.length === 4) return { family: 4, n: bytes.reduce((n, b) => n * 256 + b, 0) };
  return { family: 6, n: bytes.slice(0, 8).reduce((n, b) => (n << 8n) | BigInt(b), 0n) };
}

/** IP2Location's integers: IPv4 below 2^32, IPv4-mapped IPv6 as IPv4, the rest IPv6. */
function integerKey(text: string): Key {
  const n = BigInt(text);
  if (n < 2n ** 32n) return { family: 4, n: Number(n) };
  if (n >> 32n === V4_MAPPED_HIGH) return { family: 4, n: Number(n & 0xffffffffn) };
  return { family: 6, n: n >> 64n };
}

function addressKey(text: string): Key | null {
  return /^\d{1,39}$/.test(text) ? integerKey(text) : textKey(text);
}

function networkKeys(text: string): [Key, Key] | null {
  if (!ipaddr.isValidCIDR(text)) return null;
  const [address] = ipaddr.parseCIDR(text);
  const family = address instanceof ipaddr.IPv4 ? ipaddr.IPv4 : ipaddr.IPv6;
  return [
    bytesKey(family.networkAddressFromCIDR(text).toByteArray()),
    bytesKey(family.broadcastAddressFromCIDR(text).toByteArray()),
  ];
}

interface Row {
  first: Key;
  last: Key;
  region: string;
}

/** One row, or null for a row that names no country; throws for a row that is not an address range. */
function rowOf(cells: string[]): Row | null {
  const [head = '', second = '', third = ''] = cells.map((cell) => cell.trim());
  const network = head.includes('/') ? networkKeys(head) : null;
  const [first, last] = network ?? [addressKey(head), addressKey(second)];
  const region = (network ? second : third).toUpperCase();
  if (first === null || last === null || first.family !== last.family || first.n > last.n) {
    throw new Error(`not an address range: ${JSON.stringify(cells.join(',').slice(0, 120))}`);
  }
  if (!COUNTRY.test(region) || NO_COUNTRY.has(region)) return null;
  return { first, last, region };
}

/** One family's ranges, sorted by their first address, searched by halves. */
class RangeTable<N extends number | bigint> {
  private readonly firsts: N[];
  private readonly lasts: N[];
  private readonly regions: string[];

  constructor(rows: { first: N; last: N; region: string }[]) {
    rows.sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
    this.firsts = rows.map((row) => row.first);
    this.lasts = rows.map((row) => row.last);
    this.regions = rows.map((row) => row.region);
  }

  get size(): number {
    return this.firsts.length;
  }

  find(n: N): string | undefined {
    let low = 0;
    let high = this.firsts.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if ((this.firsts[middle] as N) <= n) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found >= 0 && (this.lasts[found] as N) >= n ? this.regions[found] : undefined;
  }
}

/** Reads a country file's text; `source` names it in errors. */
export function parseNetworkRegions(text: string, source = 'network regions'): NetworkRegions {
  const v4: { first: number; last: number; region: string }[] = [];
  const v6: { first: bigint; last: bigint; region: string }[] = [];
  const records: unknown = parse(text, { comment: '#', relax_column_count: true, skip_empty_lines: true, info: true });
  // csv-parse's types do not follow `info: true`, which wraps each record with where it was read.
  for (const { record, info } of records as { record: string[]; info: { lines: number } }[]) {
    let row: Row | null;
    try {
      row = rowOf(record);
    } catch (error) {
      throw new NetworkRegionsError(`${source}, line ${info.lines}: ${(error as Error).message}`);
    }
    if (row === null) continue;
    if (row.first.family === 4 && row.last.family === 4)
      v4.push({ first: row.first.n, last: row.last.n, region: row.region });
    else if (row.first.family === 6 && row.last.family === 6)
      v6.push({ first: row.first.n, last: row.last.n, region: row.region });
  }
  const tables = { v4: new RangeTable(v4), v6: new RangeTable(v6) };
  return {
    ranges: tables.v4.size + tables.v6.size,
    regionOf(ip) {
      const key = textKey(ip);
      if (key === null) return undefined;
      return key.family === 4 ? tables.v4.find(key.n) : tables.v6.find(key.n);
    },
  };
}

/** No file configured: no address has a known region. */
export const NO_REGIONS: NetworkRegions = { ranges: 0, regionOf: () => undefined };

export async function loadNetworkRegions(file: string | undefined): Promise<NetworkRegions> {
  if (file === undefined) return NO_REGIONS;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new NetworkRegionsError(`NETWORK_REGIONS: cannot read ${file}: ${(error as Error).message}`);
  }
  return parseNetworkRegions(text, file);
}
