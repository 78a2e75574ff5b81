import type { SlideData } from './slide-types.js';

/** A picture slide's picture and caption; the caption links when the slide has an address. */
export function SlideBody({ slide }: { slide: SlideData }) {
  const caption = (slide.title || slide.text) && (
    <div className="slider__caption">
      {slide.title && <p className="slider__title">{slide.title}</p>}
      {slide.text && <p className="slider__text">{slide.text}</p>}
    </div>
  );
  return (
    <>
      {slide.image && <img className="slider__image" src={slide.image} alt={slide.imageAlt} />}
      {slide.href ? (
        <a className="slider__link" href={slide.href}>
          {caption || slide.href}
        </a>
      ) : (
        caption
      )}
    </>
  );
}
