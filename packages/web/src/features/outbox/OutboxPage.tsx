import { useId } from 'react';
import { usePageData } from '../../shared/page-context.js';
import './outbox.css';

/**
 * The administrators' outbox: every message the site has not delivered yet, oldest first, with
 * its tries and the SMTP server's last answer. Without SMTP_URL every message waits here.
 */
export function OutboxPage() {
  const data = usePageData('outbox');
  const id = useId();
  if (!data) return null;
  return (
    <section className="panel outbox" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Outbox</h1>
      <p>
        {data.delivering
          ? 'Messages leave the outbox once the SMTP server accepts them; one that failed is tried again later.'
          : 'No SMTP server is configured (SMTP_URL), so messages wait here. Set it and restart to deliver them.'}
      </p>
      {data.messages.length === 0 ? (
        <p>No message is waiting.</p>
      ) : (
        <div className="outbox__scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
          <table>
            <caption id={`${id}-caption`}>{data.messages.length} waiting messages, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Written (UTC)</th>
                <th scope="col">Kind</th>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
                <th scope="col">Tries</th>
                <th scope="col">Next try (UTC)</th>
                <th scope="col">Last failure</th>
              </tr>
            </thead>
            <tbody>
              {data.messages.map((m) => (
                <tr key={m.id}>
                  <td>{m.createdAt.slice(0, 19).replace('T', ' ')}</td>
                  <td>{m.kind}</td>
                  <td>{m.to}</td>
                  <td>{m.subject}</td>
                  <td>{m.attempts}</td>
                  <td>{m.nextAttemptAt.slice(0, 19).replace('T', ' ')}</td>
                  <td>{m.lastError || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
