import type { Random } from './random.js';

/**
 * Opening hours drawn per kind of place: cafés open early, bars close late, restaurants serve
 * lunch and dinner with a break between, museums rest on Mondays, clubs meet once a week. The
 * answer is the text the directory shows, plus what tags may truthfully say about it.
 */

export const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export type Day = (typeof DAYS)[number];

/** Minutes after midnight; past 24:00 means after midnight of the next day. */
type Minutes = number;
type Range = readonly [Minutes, Minutes];

export interface OpeningHours {
  text: string;
  openSundays: boolean;
  /** Closes at 23:00 or later on some day. */
  openLate: boolean;
  /** Serves lunch (a sitting that starts before 13:00 and ends by 16:00) on some day. */
  lunch: boolean;
  /** Open on Saturday or Sunday. */
  weekend: boolean;
  /** The weekday it stays open longest, when that is well past its usual closing time. */
  late?: { day: string; until: string };
}

const DAY_NAMES: Readonly<Record<Day, string>> = {
  Mon: 'Monday',
  Tue: 'Tuesday',
  Wed: 'Wednesday',
  Thu: 'Thursday',
  Fri: 'Friday',
  Sat: 'Saturday',
  Sun: 'Sunday',
};

export type HoursStyle =
  | 'cafe'
  | 'bakery'
  | 'restaurant'
  | 'bar'
  | 'takeaway'
  | 'shop'
  | 'salon'
  | 'trade'
  | 'clinic'
  | 'office'
  | 'museum'
  | 'cinema'
  | 'venue'
  | 'gym'
  | 'club'
  | 'service';

const h = (hours: number, minutes = 0): Minutes => hours * 60 + minutes;

/** A time between `from` and `to`, on a quarter or half hour. */
function time(random: Random, from: Minutes, to: Minutes, step = 30): Minutes {
  return from + random.int(0, Math.floor((to - from) / step)) * step;
}

type Week = (readonly Range[] | null)[];

function week(fill: (day: Day, index: number) => readonly Range[] | null): Week {
  return DAYS.map((day, i) => fill(day, i));
}

function closedDays(random: Random, options: readonly (readonly Day[])[]): ReadonlySet<Day> {
  return new Set(random.pick(options));
}

const STYLES: Readonly<Record<Exclude<HoursStyle, 'club' | 'service'>, (random: Random) => Week>> = {
  cafe(random) {
    const open = time(random, h(6, 30), h(8, 30));
    const close = time(random, h(15), h(19));
    const weekendOpen = open + random.pick([0, 30, 60, 90]);
    const weekendClose = close + random.pick([-60, 0, 0, 60]);
    const closed = closedDays(random, [[], [], ['Mon'], ['Sun'], ['Mon', 'Tue'], ['Tue']]);
    return week((day, i) => (closed.has(day) ? null : i >= 5 ? [[weekendOpen, weekendClose]] : [[open, close]]));
  },
  bakery(random) {
    const open = time(random, h(6), h(7, 30));
    const close = time(random, h(13), h(19, 30));
    const sunday = random.chance(0.6) ? ([[open + 60, time(random, h(12), h(14))]] as const) : null;
    const closed = closedDays(random, [[], ['Mon'], ['Wed'], ['Tue']]);
    return week((day) => (closed.has(day) ? null : day === 'Sun' ? sunday : [[open, close]]));
  },
  restaurant(random) {
    const lunch: Range = [time(random, h(11, 30), h(12, 30)), time(random, h(14), h(15))];
    const dinner: Range = [time(random, h(18), h(19, 30)), time(random, h(21, 30), h(23, 30))];
    const lateDinner: Range = [dinner[0], dinner[1] + random.pick([0, 30, 60])];
    const dinnerOnly = random.chance(0.25);
    const lunchOnlyWeekdays = random.chance(0.2);
    const closed = closedDays(random, [['Mon'], ['Mon', 'Tue'], ['Sun'], ['Sun', 'Mon'], [], ['Tue']]);
    const sundayLunchOnly = random.chance(0.4);
    return week((day, i) => {
      if (closed.has(day)) return null;
      if (day === 'Sun' && sundayLunchOnly) return [[lunch[0], lunch[1] + 60]];
      if (dinnerOnly) return [i >= 4 ? lateDinner : dinner];
      if (lunchOnlyWeekdays && i < 3) return [lunch];
      return [lunch, i >= 4 ? lateDinner : dinner];
    });
  },
  bar(random) {
    const open = random.chance(0.4) ? time(random, h(11, 30), h(12, 30)) : time(random, h(15), h(18));
    const close = time(random, h(23), h(25));
    const late = close + random.pick([60, 60, 120]);
    const sunday = close - random.pick([0, 60, 90]);
    const closed = closedDays(random, [[], [], ['Mon'], ['Mon', 'Tue'], ['Sun']]);
    return week((day) => {
      if (closed.has(day)) return null;
      if (day === 'Fri' || day === 'Sat') return [[open, late]];
      if (day === 'Sun') return [[Math.min(open, h(13)), sunday]];
      return [[open, close]];
    });
  },
  takeaway(random) {
    const open = time(random, h(11), h(12));
    const close = time(random, h(21), h(23));
    const split = random.chance(0.3);
    const late = close + random.pick([0, 60, 120]);
    const closed = closedDays(random, [[], [], ['Mon'], ['Sun'], ['Tue']]);
    return week((day, i) => {
      if (closed.has(day)) return null;
      const end = i === 4 || i === 5 ? late : close;
      return split
        ? [
            [open, h(14, 30)],
            [h(17, 30), end],
          ]
        : [[open, end]];
    });
  },
  shop(random) {
    const open = time(random, h(9), h(10, 30));
    const close = time(random, h(17, 30), h(19, 30));
    const saturdayClose = close - random.pick([0, 0, 60, 120]);
    const sunday = random.chance(0.35) ? ([[h(11), time(random, h(15), h(17))]] as const) : null;
    const lateThursday = random.chance(0.25) ? close + 90 : close;
    const closed = closedDays(random, [[], [], ['Mon'], ['Mon', 'Tue'], ['Wed']]);
    return week((day) => {
      if (closed.has(day)) return null;
      if (day === 'Sun') return sunday;
      if (day === 'Sat') return [[open, saturdayClose]];
      if (day === 'Thu') return [[open, lateThursday]];
      return [[open, close]];
    });
  },
  salon(random) {
    const open = time(random, h(8, 30), h(10));
    const close = time(random, h(17, 30), h(19));
    const late = close + random.pick([60, 90, 120]);
    const lateDays = new Set<Day>(random.pick([['Thu'], ['Wed', 'Thu'], ['Fri'], []] as const));
    const saturday: Range = [open - random.pick([0, 30, 60]), time(random, h(14), h(17))];
    const closed = closedDays(random, [['Sun', 'Mon'], ['Sun', 'Mon'], ['Sun'], ['Sun', 'Wed']]);
    return week((day) => {
      if (closed.has(day)) return null;
      if (day === 'Sat') return [saturday];
      if (day === 'Sun') return [[h(10), h(16)]];
      return [[open, lateDays.has(day) ? late : close]];
    });
  },
  trade(random) {
    const open = time(random, h(7), h(8, 30));
    const close = time(random, h(16, 30), h(18, 30));
    const saturday = random.chance(0.5) ? ([[open + 60, time(random, h(12), h(16))]] as const) : null;
    const sunday = random.chance(0.15) ? ([[h(10), h(16)]] as const) : null;
    return week((day) => (day === 'Sat' ? saturday : day === 'Sun' ? sunday : [[open, close]]));
  },
  clinic(random) {
    const open = time(random, h(7, 30), h(9));
    const close = time(random, h(17), h(18, 30));
    const late = time(random, h(19), h(20, 30));
    const lateDays = new Set<Day>(random.pick([['Tue', 'Thu'], ['Mon', 'Wed'], ['Thu'], []] as const));
    const fridayClose = close - random.pick([0, 0, 60, 90]);
    const saturday = random.chance(0.4) ? ([[h(9), time(random, h(12), h(13))]] as const) : null;
    return week((day) => {
      if (day === 'Sun') return null;
      if (day === 'Sat') return saturday;
      if (day === 'Fri') return [[open, fridayClose]];
      return [[open, lateDays.has(day) ? late : close]];
    });
  },
  office(random) {
    const open = time(random, h(8), h(9, 30));
    const close = time(random, h(16, 30), h(18, 30));
    const friday = close - random.pick([0, 0, 60, 120]);
    const lunch = random.chance(0.25);
    return week((day) => {
      if (day === 'Sat' || day === 'Sun') return null;
      const end = day === 'Fri' ? friday : close;
      return lunch
        ? [
            [open, h(12, 30)],
            [h(13, 30), end],
          ]
        : [[open, end]];
    });
  },
  museum(random) {
    const open = time(random, h(9), h(10, 30));
    const close = time(random, h(17), h(18, 30));
    const late = random.chance(0.5) ? time(random, h(20), h(22)) : close;
    const lateDay = random.pick(['Wed', 'Thu', 'Fri'] as const);
    const closed = closedDays(random, [['Mon'], ['Mon'], ['Tue'], ['Mon', 'Tue'], []]);
    return week((day) => {
      if (closed.has(day)) return null;
      return [[day === 'Sat' || day === 'Sun' ? Math.min(open, h(10)) : open, day === lateDay ? late : close]];
    });
  },
  cinema(random) {
    const open = time(random, h(12), h(17));
    const weekend = time(random, h(10), h(13));
    const close = time(random, h(22, 30), h(24, 30));
    const closed = closedDays(random, [[], [], [], ['Mon'], ['Mon', 'Tue']]);
    return week((day, i) => (closed.has(day) ? null : [[i >= 5 ? weekend : open, close]]));
  },
  venue(random) {
    const open = time(random, h(18), h(20, 30));
    const close = time(random, h(23, 30), h(26));
    const late = close + random.pick([0, 60, 120]);
    const first = random.pick([1, 2, 3, 3, 4]);
    const sunday = random.chance(0.5);
    return week((day, i) => {
      if (day === 'Sun') return sunday ? [[h(17), h(23)]] : null;
      if (i < first) return null;
      return [[open, i >= 4 ? late : close]];
    });
  },
  gym(random) {
    const open = time(random, h(5, 30), h(7, 30));
    const close = time(random, h(20), h(23));
    const weekend: Range = [time(random, h(7), h(9)), time(random, h(17), h(21))];
    const sunday = random.chance(0.85);
    return week((day, i) => (day === 'Sun' && !sunday ? null : i >= 5 ? [weekend] : [[open, close]]));
  },
};

/** Clubs and societies meet rather than open: once or twice a week, or monthly. */
function clubHours(random: Random): OpeningHours {
  const plural: Readonly<Record<Day, string>> = {
    Mon: 'Mondays',
    Tue: 'Tuesdays',
    Wed: 'Wednesdays',
    Thu: 'Thursdays',
    Fri: 'Fridays',
    Sat: 'Saturdays',
    Sun: 'Sundays',
  };
  const day = random.pick(DAYS);
  const daytime = day === 'Sat' || day === 'Sun' ? random.chance(0.7) : random.chance(0.15);
  const start = daytime ? time(random, h(9), h(14)) : time(random, h(18), h(20));
  const slot = `${clock(start)}–${clock(start + random.pick([90, 120, 120, 150, 180]))}`;
  const pattern = random.int(0, 5);
  let text: string;
  let days: Day[] = [day];
  if (pattern === 0) {
    const other = DAYS[(DAYS.indexOf(day) + random.int(2, 3)) % 7] as Day;
    days = [day, other];
    text = `${plural[day]} and ${plural[other]} ${slot}`;
  } else if (pattern === 1) {
    text = `${random.pick(['First', 'Second', 'Last'])} ${plural[day].slice(0, -1)} of the month ${slot}`;
  } else if (pattern === 2) {
    text = `Every other ${plural[day].slice(0, -1)} ${slot}`;
  } else text = `${plural[day]} ${slot}`;
  return { text, openSundays: days.includes('Sun'), openLate: false, lunch: false, weekend: false };
}

/** A public service: online always, a desk or a phone line at office hours. */
function serviceHours(random: Random): OpeningHours {
  const desk = formatWeek(STYLES.office(random));
  const text = random.pick([
    `Online 24/7; front desk ${desk}`,
    `Online 24/7; phone line ${desk}`,
    `Front desk ${desk}`,
    `Online 24/7; in person ${desk}`,
  ]);
  return { text, openSundays: false, openLate: false, lunch: false, weekend: false };
}

export function drawHours(style: HoursStyle, random: Random): OpeningHours {
  if (style === 'club') return clubHours(random);
  if (style === 'service') return serviceHours(random);
  const days = STYLES[style](random);
  // Never a place that is shut all week.
  if (!days.some((d) => d !== null)) days[0] = [[h(9), h(17)]];
  return {
    text: formatWeek(days),
    openSundays: Boolean(days[6]),
    openLate: days.some((d) => d?.some(([, close]) => close >= h(23))),
    lunch: days.some((d) => d?.some(([open, close]) => open < h(13) && close <= h(16))),
    weekend: Boolean(days[5] || days[6]),
    late: lateDay(days),
  };
}

/** A weekday that closes at least an hour after the others' usual time ("late on Thursdays"). */
function lateDay(days: Week): OpeningHours['late'] {
  const closes = days.slice(0, 5).map((d) => (d ? Math.max(...d.map(([, close]) => close)) : undefined));
  const open = closes.filter((c): c is number => c !== undefined).sort((a, b) => a - b);
  const usual = open[Math.floor(open.length / 2)];
  const latest = Math.max(...open);
  if (usual === undefined || latest - usual < 60 || closes.filter((c) => c === latest).length > 1) return undefined;
  const day = DAYS[closes.indexOf(latest)] as Day;
  return { day: DAY_NAMES[day], until: clock(latest) };
}

/** "7:00", "18:30", and "00:30" for half past midnight. */
function clock(minutes: Minutes): string {
  const hours = Math.floor(minutes / 60) % 24;
  const mm = String(minutes % 60).padStart(2, '0');
  return minutes >= h(24) ? `${String(hours).padStart(2, '0')}:${mm}` : `${hours}:${mm}`;
}

/**
 * Days with the same hours together, "Mon–Fri 8:00–18:00, Sat 9:00–13:00", or "Mon, Tue,
 * Thu–Sat 7:00–16:30" around a closed day. When a label or a day with two sittings needs
 * commas of its own, groups are separated by semicolons instead.
 */
export function formatWeek(days: Week): string {
  const groups: { days: number[]; ranges: readonly Range[] }[] = [];
  days.forEach((ranges, i) => {
    if (!ranges) return;
    const same = groups.find((g) => sameRanges(g.ranges, ranges));
    if (same) same.days.push(i);
    else groups.push({ days: [i], ranges });
  });
  const labels = groups.map((g) => label(g.days));
  const semicolons = groups.some((g) => g.ranges.length > 1) || labels.some((l) => l.includes(','));
  return groups
    .map((g, i) => `${labels[i]} ${g.ranges.map(([a, b]) => `${clock(a)}–${clock(b)}`).join(', ')}`)
    .join(semicolons ? '; ' : ', ');
}

/** "Daily", "Mon–Fri", "Sat", "Mon, Wed–Fri". */
function label(days: readonly number[]): string {
  if (days.length === 7) return 'Daily';
  const runs: string[] = [];
  let start = days[0] ?? 0;
  for (let i = 1; i <= days.length; i += 1) {
    const day = days[i];
    const previous = days[i - 1] ?? start;
    if (day === previous + 1) continue;
    runs.push(start === previous ? (DAYS[start] as string) : `${DAYS[start]}–${DAYS[previous]}`);
    start = day ?? 0;
  }
  return runs.join(', ');
}

function sameRanges(a: readonly Range[], b: readonly Range[]): boolean {
  return a.length === b.length && a.every(([x, y], i) => x === b[i]?.[0] && y === b[i]?.[1]);
}
