import { useEffect, useRef, useState } from 'react';
import { embedCommand, embedSource, playerEvent, subscribeMessages, type PlayerEvent } from './embed-player.js';
import {
  mayPlay,
  PAUSE_AFTER_PLAY_MS,
  retryPlay,
  videoOnSlideChange,
  type ConsentFunction,
  type VideoFlags,
} from './video-rules.js';

export interface SlideVideo extends VideoFlags {
  src: string;
}

export interface VideoSlideProps {
  video: SlideVideo;
  title: string;
  active: boolean;
  /** The players' bases (the site lightbox's YouTube and Vimeo settings). */
  embedBases: { youtube: string; vimeo: string };
  /** The video's state, for the slider: 'play' comes `PAUSE_AFTER_PLAY_MS` after it started. */
  onVideo: (event: PlayerEvent) => void;
}

declare global {
  interface Window {
    /** A site's consent prompt for third-party players; when present, YouTube and Vimeo wait for it. */
    waymarkVideoConsent?: ConsentFunction;
  }
}

/**
 * One video slide (spec, "Videos in sliders"): while its slide is active the video plays if its
 * autoplay is yes, otherwise and on other slides it is paused; muting follows its flag. It
 * tells the slider when it plays or buffers (the slider pauses) and when it pauses (it resumes);
 * at its end it plays again when it loops, else it tells the slider to go on. YouTube and Vimeo
 * frames load only once the site's consent function, if there is one, says yes.
 */
export function VideoSlide(props: VideoSlideProps) {
  return props.video.provider === 'file' ? <FileVideo {...props} /> : <EmbedVideo {...props} />;
}

/** Holds a 'play' back `PAUSE_AFTER_PLAY_MS`, dropping it when the video stops first. */
function useDelayedPlay(onVideo: (event: PlayerEvent) => void) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (event: PlayerEvent) => {
    clearTimeout(timer.current);
    if (event === 'play') timer.current = setTimeout(() => onVideo('play'), PAUSE_AFTER_PLAY_MS);
    else onVideo(event);
  };
}

function FileVideo({ video, title, active, onVideo }: VideoSlideProps) {
  const element = useRef<HTMLVideoElement>(null);
  const report = useDelayedPlay(onVideo);

  useEffect(() => {
    const player = element.current;
    if (!player) return;
    player.muted = video.mute;
    const action = videoOnSlideChange(video, active);
    // A refused autoplay (a browser policy) leaves the video paused with its controls.
    if (action === 'play') player.play().catch(() => undefined);
    else if (action === 'pause') player.pause();
  }, [active, video]);

  const onEnded = () => {
    const player = element.current;
    if (video.loop && player) {
      player.currentTime = 0;
      player.play().catch(() => undefined);
    } else report('ended');
  };

  return (
    <video
      ref={element}
      className="slider__video"
      src={video.src}
      controls
      playsInline
      muted={video.mute}
      preload="metadata"
      aria-label={title || 'Video'}
      onPlaying={() => report('play')}
      onWaiting={() => report('waiting')}
      onPause={() => report('pause')}
      onEnded={onEnded}
    />
  );
}

function EmbedVideo({ video, title, active, embedBases, onVideo }: VideoSlideProps) {
  const provider = video.provider === 'vimeo' ? 'vimeo' : 'youtube';
  const frame = useRef<HTMLIFrameElement>(null);
  const [allowed, setAllowed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const playing = useRef(false);
  const report = useDelayedPlay(onVideo);

  useEffect(() => {
    if (!active || allowed) return;
    let current = true;
    void mayPlay(provider, window.waymarkVideoConsent).then((yes) => {
      if (current && yes) setAllowed(true);
    });
    return () => {
      current = false;
    };
  }, [active, allowed, provider]);

  const origin = new URL(embedBases[provider]).origin;
  const post = (message: string) => frame.current?.contentWindow?.postMessage(message, origin);

  useEffect(() => {
    if (!loaded) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const state = playerEvent(provider, event.data);
      if (!state) return;
      playing.current = state === 'play';
      if (state === 'ended' && video.loop) post(embedCommand(provider, 'play'));
      else report(state);
    };
    window.addEventListener('message', onMessage);
    for (const message of subscribeMessages(provider)) post(message);
    return () => window.removeEventListener('message', onMessage);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- bound once per loaded frame
  }, [loaded]);

  useEffect(() => {
    if (!loaded) return;
    post(embedCommand(provider, video.mute ? 'mute' : 'unmute'));
    const action = videoOnSlideChange(video, active);
    if (action === 'pause') post(embedCommand(provider, 'pause'));
    if (action !== 'play') return;
    const attempts = retryPlay(
      () => post(embedCommand(provider, 'play')),
      () => playing.current,
    );
    return attempts.cancel;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- post only closes over the frame
  }, [loaded, active, video, provider]);

  if (!allowed) {
    return (
      <div className="slider__consent">
        <p>
          {title || 'Video'}: this video plays from {provider === 'vimeo' ? 'Vimeo' : 'YouTube'} once you agree.
        </p>
      </div>
    );
  }
  return (
    <iframe
      ref={frame}
      className="slider__video"
      title={title || 'Video'}
      src={embedSource(provider, embedBases[provider], video.src, window.location.origin, video.mute)}
      allow="autoplay; fullscreen; picture-in-picture"
      onLoad={() => setLoaded(true)}
    />
  );
}
