/**
 * The YouTube and Vimeo players of video slides, driven by the messages their own scripts post
 * (no third-party script on the page): YouTube's IFrame API with `enablejsapi=1`, Vimeo's player
 * postMessage API.
 */

export type EmbedProvider = 'youtube' | 'vimeo';
export type EmbedCommand = 'play' | 'pause' | 'mute' | 'unmute';
export type PlayerEvent = 'play' | 'waiting' | 'pause' | 'ended';

const YOUTUBE_FUNCS: Record<EmbedCommand, string> = {
  play: 'playVideo',
  pause: 'pauseVideo',
  mute: 'mute',
  unmute: 'unMute',
};
const VIMEO: Record<EmbedCommand, { method: string; value?: number }> = {
  play: { method: 'play' },
  pause: { method: 'pause' },
  mute: { method: 'setVolume', value: 0 },
  unmute: { method: 'setVolume', value: 1 },
};
const VIMEO_EVENTS: Record<string, PlayerEvent> = {
  play: 'play',
  bufferstart: 'waiting',
  pause: 'pause',
  ended: 'ended',
};
/** YouTube's player states: 0 ended, 1 playing, 2 paused, 3 buffering. */
const YOUTUBE_STATES: Record<number, PlayerEvent> = { 0: 'ended', 1: 'play', 2: 'pause', 3: 'waiting' };

export function embedCommand(provider: EmbedProvider, command: EmbedCommand): string {
  if (provider === 'vimeo') return JSON.stringify(VIMEO[command]);
  return JSON.stringify({ event: 'command', func: YOUTUBE_FUNCS[command], args: [], id: 1, channel: 'widget' });
}

/** The messages that ask a player to report its state changes. */
export function subscribeMessages(provider: EmbedProvider): string[] {
  if (provider === 'youtube') return [JSON.stringify({ event: 'listening', id: 1, channel: 'widget' })];
  return Object.keys(VIMEO_EVENTS).map((value) => JSON.stringify({ method: 'addEventListener', value }));
}

/** A player's message as a slider event, or null for any other message. */
export function playerEvent(provider: EmbedProvider, data: unknown): PlayerEvent | null {
  let message: unknown = data;
  if (typeof data === 'string') {
    try {
      message = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (!message || typeof message !== 'object') return null;
  const { event, info } = message as { event?: unknown; info?: unknown };
  if (provider === 'vimeo') return typeof event === 'string' ? (VIMEO_EVENTS[event] ?? null) : null;
  if (event === 'onStateChange' && typeof info === 'number') return YOUTUBE_STATES[info] ?? null;
  if (event === 'infoDelivery' && info && typeof info === 'object') {
    const state = (info as { playerState?: unknown }).playerState;
    return typeof state === 'number' ? (YOUTUBE_STATES[state] ?? null) : null;
  }
  return null;
}

/** The embed address: the configured player base and the video id, with what commands need. */
export function embedSource(provider: EmbedProvider, base: string, id: string, origin: string, mute: boolean): string {
  const query =
    provider === 'youtube'
      ? `enablejsapi=1&playsinline=1&origin=${encodeURIComponent(origin)}${mute ? '&mute=1' : ''}`
      : `api=1${mute ? '&muted=1' : ''}`;
  return `${base}${encodeURIComponent(id)}?${query}`;
}
