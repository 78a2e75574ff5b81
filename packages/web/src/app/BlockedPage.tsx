import { usePageData } from '../shared/page-context.js';

/** What a classic form post the spam shield refused shows: the server's message. */
export function BlockedPage() {
  const data = usePageData('blocked');
  return (
    <section className="panel blocked" aria-labelledby="blocked-title">
      <h1 id="blocked-title">Submission blocked</h1>
      <p className="blocked__message">{data?.message}</p>
      <p>
        <a href="/">Back to the directory</a>
      </p>
    </section>
  );
}
