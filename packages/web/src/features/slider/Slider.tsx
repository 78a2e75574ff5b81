import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FocusEvent } from 'react';
import { SlideBody } from './SlideBody.js';
import { emblaDuration, sliderConfig } from './slider-config.js';
import type { SliderData } from './slide-types.js';
import { sliderOnVideo } from './video-rules.js';
import { VideoSlide } from './VideoSlide.js';
import type { PlayerEvent } from './embed-player.js';
import './slider.css';

export interface SliderProps {
  slider: SliderData;
  label: string;
  embedBases: { youtube: string; vimeo: string };
}

/**
 * A content or elastic slider on Embla Carousel, as the WAI-ARIA APG carousel: a labelled
 * region with `aria-roledescription="carousel"`, a rotation control (first in the Tab order),
 * previous and next buttons, slides as groups labelled "n of m", a polite live region while it
 * does not rotate. Rotation stops when keyboard focus enters (until the control starts it) and
 * while the pointer is over it; reduced motion starts it stopped. The elastic slider has a
 * thumbnail strip; a thumbnail stops rotation. No move starts while one runs; after the last
 * slide comes the first. Video slides pause the slider while they play or buffer.
 */
export default function Slider({ slider, label, embedBases }: SliderProps) {
  const reduced = useMemo(() => window.matchMedia('(prefers-reduced-motion: reduce)').matches, []);
  const config = useMemo(() => sliderConfig(slider, reduced), [slider, reduced]);
  const plugins = useMemo(
    () => [
      Autoplay({
        delay: config.interval,
        playOnInit: false,
        stopOnInteraction: false,
        stopOnMouseEnter: false,
        stopOnFocusIn: false,
      }),
    ],
    [config.interval],
  );
  const [viewport, api] = useEmblaCarousel(
    { duration: emblaDuration(reduced ? 0 : config.speed), loop: false },
    plugins,
  );
  const [selected, setSelected] = useState(0);
  const [moving, setMoving] = useState(false);
  // Read by clicks in the same tick as the move that started, before a render shows `moving`.
  const movingNow = useRef(false);
  // The visitor's choice (rotation control, focus, thumbnails), a video playing, the pointer over it.
  const [stopped, setStopped] = useState(!config.autoplay);
  const [videoHold, setVideoHold] = useState(false);
  const [hovered, setHovered] = useState(false);
  const id = useId();
  const count = slider.slides.length;
  const rotating = !stopped && !videoHold && !hovered;

  useEffect(() => {
    if (!api) return;
    const onSelect = () => {
      setSelected(api.selectedScrollSnap());
      movingNow.current = true;
      setMoving(true);
    };
    const onSettle = () => {
      movingNow.current = false;
      setMoving(false);
    };
    api.on('select', onSelect).on('settle', onSettle);
    return () => {
      api.off('select', onSelect).off('settle', onSettle);
    };
  }, [api]);

  useEffect(() => {
    const autoplay = api?.plugins().autoplay;
    if (!autoplay) return;
    if (rotating) autoplay.play();
    else autoplay.stop();
  }, [api, rotating]);

  const go = useCallback(
    (index: number) => {
      if (!api || movingNow.current) return;
      const target = ((index % count) + count) % count;
      if (target === api.selectedScrollSnap()) return;
      movingNow.current = true;
      api.scrollTo(target);
    },
    [api, count],
  );

  const onVideo = useCallback(
    (event: PlayerEvent, loop: boolean) => {
      const action = sliderOnVideo(event, loop);
      if (action === 'pause') setVideoHold(true);
      else if (action === 'resume') setVideoHold(false);
      else if (action === 'next') {
        setVideoHold(false);
        // Going on is rotation's: not when the visitor stopped it.
        if (!stopped) api?.scrollTo((api.selectedScrollSnap() + 1) % count);
      }
    },
    [api, count, stopped],
  );

  // APG: keyboard focus inside stops rotation until the rotation control starts it again.
  const onFocus = (event: FocusEvent) => {
    if (event.target.matches(':focus-visible') && !event.target.classList.contains('slider__rotation'))
      setStopped(true);
  };

  return (
    <section
      className={`slider slider--${config.kind}`}
      aria-roledescription="carousel"
      aria-label={label}
      data-animation={config.animation}
      data-moving={moving ? '' : undefined}
      data-rotating={rotating}
      onFocus={onFocus}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      style={{ ['--slider-speed' as string]: `${config.speed}ms` }}
    >
      <div className="slider__controls">
        <button
          type="button"
          className="slider__rotation"
          aria-label={stopped ? 'Start slide rotation' : 'Stop slide rotation'}
          onClick={() => setStopped((was) => !was)}
        >
          <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
            {stopped ? (
              <path d="M4 2l10 6-10 6z" fill="currentColor" />
            ) : (
              <path d="M3 2h4v12H3zM9 2h4v12H9z" fill="currentColor" />
            )}
          </svg>
        </button>
        <button
          type="button"
          className="slider__prev"
          aria-label="Previous slide"
          aria-controls={id}
          onClick={() => go(selected - 1)}
        >
          <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
            <path d="M10 2L4 8l6 6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        <button
          type="button"
          className="slider__next"
          aria-label="Next slide"
          aria-controls={id}
          onClick={() => go(selected + 1)}
        >
          <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
            <path d="M6 2l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </div>
      <div className="slider__viewport" ref={viewport}>
        <div id={id} className="slider__track" aria-live={rotating ? 'off' : 'polite'}>
          {slider.slides.map((slide, index) => (
            <div
              key={index}
              className="slider__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              data-active={index === selected ? '' : undefined}
              inert={index !== selected}
            >
              {slide.video ? (
                <VideoSlide
                  video={slide.video}
                  title={slide.title}
                  active={index === selected}
                  embedBases={embedBases}
                  onVideo={(event) => onVideo(event, slide.video?.loop ?? false)}
                />
              ) : (
                <SlideBody slide={slide} />
              )}
            </div>
          ))}
        </div>
      </div>
      {config.thumbMaxWidth > 0 && (
        <ul className="slider__thumbs" aria-label="Slides">
          {slider.slides.map((slide, index) => (
            <li key={index} style={{ maxWidth: config.thumbMaxWidth }}>
              <button
                type="button"
                className="slider__thumb"
                aria-controls={id}
                aria-current={index === selected ? 'true' : undefined}
                aria-label={`Show slide ${index + 1}${slide.title ? `: ${slide.title}` : ''}`}
                onClick={() => {
                  setStopped(true);
                  go(index);
                }}
              >
                {slide.image ? <img src={slide.image} alt="" /> : <span aria-hidden="true">{index + 1}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
