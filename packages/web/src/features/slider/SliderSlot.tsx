import { useEffect, useState, type ComponentType } from 'react';
import { usePageContext } from '../../shared/page-context.js';
import type { SliderProps } from './Slider.js';
import { SlideBody } from './SlideBody.js';
import './slider-frame.css';
import type { SliderData } from './slide-types.js';

/**
 * Where a page's slider goes. The server renders the first slide still, in the slider's frame,
 * so the page does not move; the slider's code (Embla and the players) loads only here, after
 * hydration, and takes over.
 */
export function SliderSlot({ settings }: { settings: SliderData }) {
  const { lightbox } = usePageContext();
  const [Slider, setSlider] = useState<ComponentType<SliderProps> | null>(null);
  useEffect(() => {
    let current = true;
    void import('./Slider.js').then((module) => {
      if (current) setSlider(() => module.default);
    });
    return () => {
      current = false;
    };
  }, []);

  const embedBases = { youtube: lightbox.lightbox_youtube_embed, vimeo: lightbox.lightbox_vimeo_player };
  if (Slider) return <Slider slider={settings} label="Highlights" embedBases={embedBases} />;
  const first = settings.slides[0];
  return (
    <section className="slider slider--still" aria-label="Highlights">
      <div className="slider__viewport">
        <div className="slider__track">
          <div className="slider__slide" data-active="">
            {first && !first.video && <SlideBody slide={first} />}
          </div>
        </div>
      </div>
    </section>
  );
}
