import type { Random } from '../random.js';
import { drawFacade, type Facade } from './buildings.js';
import type { Display } from './displays.js';
import { drawInterior, type Room } from './interior.js';
import { drawOutdoor, type Open } from './outdoor.js';
import { ANY_TIME, DAYTIME, NIGHTLIFE, type HourWeights } from './sky.js';
import { drawShopfront, type Outside } from './storefront.js';
import type { Scene } from './types.js';

export type { Scene } from './types.js';

/**
 * Every kind of picture the demo draws, by name. A picture is drawn for a noun ("bakery",
 * "wine bar") that its alt text uses, so the words match the place they illustrate.
 */

const EVENING: HourWeights = { afternoon: 1, dusk: 2, evening: 2, night: 1 };
const MORNING: HourWeights = { morning: 4, midday: 2, afternoon: 1 };

const shop =
  (displays: readonly Display[], outside: readonly Outside[], hours: HourWeights, awning: number) =>
  (noun: string, random: Random): Scene =>
    drawShopfront({ noun, displays, outside, hours, awning }, random);
const room =
  (rooms: readonly Room[], hours: HourWeights) =>
  (noun: string, random: Random): Scene =>
    drawInterior({ noun, rooms, hours }, random);
const facade =
  (facades: readonly Facade[], hours: HourWeights) =>
  (noun: string, random: Random): Scene =>
    drawFacade({ noun, facades, hours }, random);
const open =
  (places: readonly Open[], hours: HourWeights) =>
  (noun: string, random: Random): Scene =>
    drawOutdoor({ noun, places, hours }, random);

export const SCENES = {
  'cafe-front': shop(['cakes', 'coffee'], ['tables', 'tables', 'planters', 'bench'], DAYTIME, 0.8),
  'bakery-front': shop(['bread', 'bread', 'cakes'], ['bench', 'planters', 'tables', 'bikes'], MORNING, 0.7),
  'cafe-inside': room(['cafe'], ANY_TIME),
  'restaurant-inside': room(['dining'], EVENING),
  'restaurant-front': shop(['bottles'], ['tables', 'planters'], EVENING, 0.75),
  'bar-inside': room(['bar'], NIGHTLIFE),
  'pub-front': shop(['bottles'], ['bench', 'tables', 'planters'], NIGHTLIFE, 0.3),
  'food-truck': open(['truck'], ANY_TIME),
  'takeaway-front': shop(['counter'], ['bench', 'bikes', 'planters'], ANY_TIME, 0.6),
  market: open(['market'], DAYTIME),
  'bookshop-front': shop(['books'], ['bench', 'bikes', 'planters', 'tree'], ANY_TIME, 0.45),
  'bookshop-inside': room(['library'], ANY_TIME),
  'boutique-front': shop(['clothes'], ['planters', 'tree', 'bench'], DAYTIME, 0.5),
  'grocer-front': shop(['produce'], ['crates'], MORNING, 0.85),
  'deli-front': shop(['bottles', 'meats', 'cheese'], ['crates', 'bench', 'tables'], DAYTIME, 0.7),
  'butcher-front': shop(['meats'], ['bench', 'planters'], MORNING, 0.7),
  'cheese-front': shop(['cheese'], ['bench', 'planters', 'tables'], DAYTIME, 0.6),
  'florist-front': shop(['flowers'], ['buckets'], DAYTIME, 0.5),
  garden: open(['garden'], DAYTIME),
  'hardware-front': shop(['tools'], ['bench', 'bikes', 'planters'], DAYTIME, 0.4),
  'record-front': shop(['records'], ['bikes', 'bench'], ANY_TIME, 0.4),
  'salon-front': shop(['salon'], ['planters', 'bench', 'tree'], ANY_TIME, 0.4),
  'barber-front': shop(['salon'], ['pole'], ANY_TIME, 0.3),
  'salon-inside': room(['salon'], ANY_TIME),
  house: facade(['house'], DAYTIME),
  workshop: room(['workshop'], DAYTIME),
  clinic: facade(['clinic', 'glass'], DAYTIME),
  'pharmacy-front': shop(['shelves'], ['cross'], ANY_TIME, 0),
  'optician-front': shop(['glasses'], ['planters', 'bench'], DAYTIME, 0.3),
  'bike-front': shop(['bikes'], ['bikes'], DAYTIME, 0.4),
  office: facade(['office', 'office', 'glass'], DAYTIME),
  museum: facade(['classical'], DAYTIME),
  'modern-gallery': facade(['glass'], ANY_TIME),
  'gallery-inside': room(['gallery'], DAYTIME),
  theatre: facade(['theatre'], EVENING),
  auditorium: room(['auditorium'], EVENING),
  'music-hall': facade(['hall'], NIGHTLIFE),
  stage: room(['stage'], NIGHTLIFE),
  tennis: open(['tennis'], DAYTIME),
  pool: open(['pool'], DAYTIME),
  rink: open(['rink'], ANY_TIME),
  pitch: open(['pitch'], DAYTIME),
  climbing: room(['climbing'], ANY_TIME),
  studio: room(['studio'], DAYTIME),
  'town-hall': facade(['townhall'], ANY_TIME),
  library: facade(['glass', 'classical'], DAYTIME),
  skyline: open(['skyline'], ANY_TIME),
  park: open(['park'], DAYTIME),
  'community-hall': facade(['hall'], ANY_TIME),
} satisfies Record<string, (noun: string, random: Random) => Scene>;

export type SceneKey = keyof typeof SCENES;

export function drawScene(key: SceneKey, noun: string, random: Random): Scene {
  return SCENES[key](noun, random);
}
