import { SPAM_REASONS } from '@waymark/protocol/plain';
import { useId } from 'react';
import { usePageData } from '../../app/page-context.js';
import './spam-log.css';

const sentence = (reason: string) => (SPAM_REASONS as Record<string, string>)[reason] ?? reason;

/** The administrators' spam log: every verdict of the spam shield with its reasons and evidence. */
export function SpamLogPage() {
  const data = usePageData('spam-log');
  const id = useId();
  const entries = data?.entries ?? [];
  return (
    <section className="panel spam-log" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Spam log</h1>
      <p>
        Every verdict of the spam shield, newest first. Client addresses are kept only as keyed hashes, and entries are
        deleted after {data?.retentionDays ?? 30} days.
      </p>
      {entries.length === 0 ? (
        <p>No protected form has been submitted yet.</p>
      ) : (
        <div className="spam-log__scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
          <table>
            <caption id={`${id}-caption`}>The {entries.length} most recent verdicts</caption>
            <thead>
              <tr>
                <th scope="col">Time (UTC)</th>
                <th scope="col">Form</th>
                <th scope="col">Verdict</th>
                <th scope="col">Score</th>
                <th scope="col">Reasons</th>
                <th scope="col">Client</th>
                <th scope="col">Evidence</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} data-verdict={entry.allowed ? 'allowed' : 'blocked'}>
                  <td>
                    <time dateTime={entry.at}>{entry.at.replace('T', ' ').slice(0, 19)}</time>
                  </td>
                  <td>{entry.form}</td>
                  <td>
                    <span className={`spam-log__verdict spam-log__verdict--${entry.allowed ? 'allowed' : 'blocked'}`}>
                      {entry.allowed ? 'Allowed' : 'Blocked'}
                    </span>
                  </td>
                  <td>{entry.score}</td>
                  <td>
                    {entry.reasons.length === 0 ? (
                      'none'
                    ) : (
                      <ul className="spam-log__reasons">
                        {entry.reasons.map((reason) => (
                          <li key={reason}>
                            <code>{reason}</code> {sentence(reason)}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>
                    <code>{entry.client}</code>
                  </td>
                  <td className="spam-log__details">
                    {Object.entries(entry.details)
                      .map(([key, value]) => `${key}: ${String(value)}`)
                      .join(' · ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
