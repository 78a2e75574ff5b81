import { usePageData } from '../../shared/page-context.js';
import './accounts.css';

/** What an account link or form did: one sentence and where to go next. */
export function AccountNoticePage() {
  const data = usePageData('account-notice');
  if (!data) return null;
  return (
    <section className="panel account" aria-labelledby="notice-title">
      <h1 id="notice-title">{data.title}</h1>
      <p role="status">{data.message}</p>
      <p>
        <a href={data.link.href}>{data.link.label}</a>
      </p>
    </section>
  );
}
