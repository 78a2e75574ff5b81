import { LIGHTBOX } from '@waymark/protocol';
import { useEffect, useRef } from 'react';

/**
 * Commands for the YouTube and Vimeo players embedded in frames, posted as their own scripts
 * would post them (no third-party script runs on the page): YouTube's IFrame API messages to an
 * embed with `enablejsapi=1`, and Vimeo's player postMessage API.
 */

export type EmbedKind = 'youtube' | 'vimeo';
export type PlayerCommand = 'play' | 'pause' | 'mute';

/** The id YouTube's API gives its first player; the embed echoes it in its answers. */
const YOUTUBE_WIDGET_ID = 1;
const YOUTUBE_FUNCS: Record<PlayerCommand, string> = { play: 'playVideo', pause: 'pauseVideo', mute: 'mute' };
const VIMEO_METHODS: Record<PlayerCommand, { method: string; value?: number }> = {
  play: { method: 'play' },
  pause: { method: 'pause' },
  mute: { method: 'setVolume', value: 0 },
};
/** Vimeo's player answers a ping once it can take commands; give up after about 10 s. */
const VIMEO_MAX_POLLS = 200;

export function commandMessage(kind: EmbedKind, command: PlayerCommand): string {
  return kind === 'youtube'
    ? JSON.stringify({
        event: 'command',
        func: YOUTUBE_FUNCS[command],
        args: [],
        id: YOUTUBE_WIDGET_ID,
        channel: 'widget',
      })
    : JSON.stringify(VIMEO_METHODS[command]);
}

/** What asks the player to answer: YouTube's "listening", Vimeo's "ping". */
export function helloMessage(kind: EmbedKind): string {
  return kind === 'youtube'
    ? JSON.stringify({ event: 'listening', id: YOUTUBE_WIDGET_ID, channel: 'widget' })
    : JSON.stringify({ method: 'ping' });
}

/** Whether a message from the player's frame says it is there to take commands. */
export function isPlayerAnswer(kind: EmbedKind, data: unknown): boolean {
  let message: unknown = data;
  if (typeof data === 'string') {
    try {
      message = JSON.parse(data);
    } catch {
      return false;
    }
  }
  if (!message || typeof message !== 'object') return false;
  const { event, method } = message as { event?: unknown; method?: unknown };
  return kind === 'youtube'
    ? event === 'onReady' || event === 'initialDelivery' || event === 'infoDelivery'
    : event === 'ready' || method === 'ping';
}

/** The embed address with what the player needs to take commands from this page. */
export function embedAddress(kind: EmbedKind, base: string, id: string, pageOrigin: string): string {
  if (kind === 'vimeo') return base + id;
  return `${base}${id}?enablejsapi=1&origin=${encodeURIComponent(pageOrigin)}`;
}

/**
 * Drives the player in `frame` once it has loaded: YouTube is asked to play up to 5 times, 325 ms
 * apart, until it answers (it ignores commands until it is ready); Vimeo is pinged every 50 ms
 * until it answers, then asked to play. The player is paused when the lightbox starts closing
 * and when the slide goes.
 */
export function useEmbeddedPlayer(
  frame: HTMLIFrameElement | null,
  loaded: boolean,
  kind: EmbedKind | null,
  playerOrigin: string,
  closing: boolean,
): void {
  const ready = useRef(false);

  useEffect(() => {
    const target = frame?.contentWindow;
    if (!frame || !target || !loaded || !kind) return;
    const post = (message: string) => frame.contentWindow?.postMessage(message, playerOrigin);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;

    const knock = () => {
      attempts += 1;
      post(helloMessage(kind));
      if (kind === 'youtube') post(commandMessage(kind, 'play'));
      const [limit, every] =
        kind === 'youtube'
          ? [LIGHTBOX.youtubeAutoplayRetries, LIGHTBOX.youtubeAutoplayRetryMs]
          : [VIMEO_MAX_POLLS, LIGHTBOX.vimeoPollMs];
      if (attempts < limit) timer = setTimeout(knock, every);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== target || event.origin !== playerOrigin || ready.current) return;
      if (!isPlayerAnswer(kind, event.data)) return;
      ready.current = true;
      clearTimeout(timer);
      post(commandMessage(kind, 'play'));
    };
    addEventListener('message', onMessage);
    knock();
    return () => {
      clearTimeout(timer);
      removeEventListener('message', onMessage);
      // The slide is going: stop the sound now rather than when the frame is taken away.
      post(commandMessage(kind, 'pause'));
    };
  }, [frame, loaded, kind, playerOrigin]);

  useEffect(() => {
    if (closing && kind && frame && loaded)
      frame.contentWindow?.postMessage(commandMessage(kind, 'pause'), playerOrigin);
  }, [closing, kind, frame, loaded, playerOrigin]);
}
