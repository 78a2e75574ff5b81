import { GalleryPage } from '../../features/gallery/index.js';
import { PageComments } from '../../features/reviews/index.js';

export default function GalleryRoute() {
  return (
    <>
      <GalleryPage />
      <PageComments />
    </>
  );
}
