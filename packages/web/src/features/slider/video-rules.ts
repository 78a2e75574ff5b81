/** Theme constants (spec, section 9): a YouTube player is asked to play up to this many times… */
export const YOUTUBE_PLAY_ATTEMPTS = 5;
/** …this far apart, since it ignores commands until it is ready. */
export const YOUTUBE_RETRY_MS = 325;
/** The slider pauses this long after a video starts playing. */
export const PAUSE_AFTER_PLAY_MS = 300;

export interface VideoFlags {
  provider: 'file' | 'youtube' | 'vimeo';
  autoplay: boolean;
  mute: boolean;
  loop: boolean;
}

/** What a slide's video does when the active slide changes: play (muted or not) or pause. */
export function videoOnSlideChange(video: VideoFlags, active: boolean): 'play' | 'pause' | 'none' {
  if (!active) return 'pause';
  return video.autoplay ? 'play' : 'none';
}

/** What the slider does on a video's state: playing or buffering pauses it, a pause resumes it. */
export function sliderOnVideo(
  event: 'play' | 'waiting' | 'pause' | 'ended',
  loop: boolean,
): 'pause' | 'resume' | 'next' | 'replay' {
  if (event === 'play' || event === 'waiting') return 'pause';
  if (event === 'pause') return 'resume';
  return loop ? 'replay' : 'next';
}

/** The consent function a site may define (`window.waymarkVideoConsent`): resolves true once the visitor agrees. */
export type ConsentFunction = (provider: 'youtube' | 'vimeo') => boolean | Promise<boolean>;

/**
 * Whether a YouTube or Vimeo player may load: at once without a consent function, else when it
 * says yes. Files served by the site need no consent.
 */
export async function mayPlay(
  provider: VideoFlags['provider'],
  consent: ConsentFunction | undefined,
): Promise<boolean> {
  if (provider === 'file' || !consent) return true;
  return Boolean(await consent(provider));
}

/**
 * Asks `send` to play up to `YOUTUBE_PLAY_ATTEMPTS` times, `YOUTUBE_RETRY_MS` apart, until
 * `playing()` says it plays; `done` answers whether it did. `cancel` stops the attempts (false).
 */
export function retryPlay(send: () => void, playing: () => boolean): { done: Promise<boolean>; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let finish: (played: boolean) => void = () => {};
  const done = new Promise<boolean>((resolve) => {
    finish = resolve;
  });
  let attempts = 0;
  const attempt = () => {
    if (playing()) return finish(true);
    if (attempts === YOUTUBE_PLAY_ATTEMPTS) return finish(false);
    attempts += 1;
    send();
    timer = setTimeout(attempt, YOUTUBE_RETRY_MS);
  };
  attempt();
  return {
    done,
    cancel: () => {
      if (timer !== undefined) clearTimeout(timer);
      finish(false);
    },
  };
}
