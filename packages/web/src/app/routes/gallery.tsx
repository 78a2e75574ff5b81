import { GalleryPage } from '../../features/gallery/GalleryPage.js';
import { PageComments } from '../../features/reviews/PageComments.js';

export default function GalleryRoute() {
  return (
    <>
      <GalleryPage />
      <PageComments />
    </>
  );
}
