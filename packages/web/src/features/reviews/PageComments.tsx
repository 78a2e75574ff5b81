import { usePageContext } from '../../shared/page-context.js';
import { ReviewThread } from './ReviewThread.js';

/** The comments of whichever page carries them, placed by the app under that page. */
export function PageComments() {
  const { data } = usePageContext();
  return 'comments' in data ? <ReviewThread thread={data.comments} /> : null;
}
