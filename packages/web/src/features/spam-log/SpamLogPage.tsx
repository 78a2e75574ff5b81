import { spamReasonSentence } from '@waymark/protocol/plain';
import { useId } from 'react';
import type { SpamLogRow } from '@waymark/protocol';
import { usePageContext, usePageData } from '../../shared/page-context.js';
import './spam-log.css';

/** The columns' names: the table's headers, and each cell's label when rows become cards. */
const COLUMN = {
  time: 'Time (UTC)',
  form: 'Form',
  verdict: 'Verdict',
  score: 'Score',
  reasons: 'Reasons',
  client: 'Client',
  evidence: 'Evidence',
  decision: 'Decision',
} as const;

/** A verdict's fate in words, from the evidence where the verdict named one (older ones did not). */
const FATE_WORDS: Readonly<Record<string, string>> = {
  pass: 'Allowed',
  'step-up': 'Asked to pay',
  hold: 'Held',
  block: 'Blocked',
};
const fateWords = (entry: SpamLogRow) =>
  FATE_WORDS[String(entry.details.fate)] ?? (entry.allowed ? 'Allowed' : 'Blocked');

const LESSON_WORDS = { spam: 'Marked as spam', ham: 'Marked as not spam' } as const;

/**
 * An administrator's word on what a visitor wrote: each button a classic form, so it works
 * without the page's script. The words say which entry they are about, for a screen reader's
 * list of buttons.
 */
function Decision({ entry }: { entry: SpamLogRow }) {
  const { formNonce } = usePageContext();
  if (entry.content === '') return <>–</>;
  const decide = (decision: 'spam' | 'ham', label: string) => (
    <form method="post" action={`/admin/spam-log/${entry.id}`}>
      <input type="hidden" name="_wpnonce" value={formNonce} />
      <input type="hidden" name="decision" value={decision} />
      <button type="submit" aria-label={`${label}: entry ${entry.id}`} disabled={entry.lesson === decision}>
        {label}
      </button>
    </form>
  );
  return (
    <div className="spam-log__decision">
      {entry.lesson && <p>{LESSON_WORDS[entry.lesson]}</p>}
      {decide('spam', 'Spam')}
      {decide('ham', 'Not spam')}
    </div>
  );
}

/**
 * The administrators' spam log: every verdict of the spam shield with its reasons, evidence and
 * what was written, and the "spam" / "not spam" decisions that teach its content judge.
 * A table on wide screens; on narrow ones each row is a card whose cells carry their column's
 * name (`data-label`), so nothing is cut off and the page never scrolls sideways.
 */
export function SpamLogPage() {
  const data = usePageData('spam-log');
  const id = useId();
  const entries = data?.entries ?? [];
  return (
    <section className="panel spam-log" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Spam log</h1>
      <p>
        Every verdict of the spam shield, newest first. Client addresses are kept only as keyed hashes, and entries are
        deleted after {data?.retentionDays ?? 30} days. Saying “Spam” or “Not spam” of what a visitor wrote teaches the
        shield’s content judge; “Not spam” also lets that visitor’s next posts through for {data?.trustDays ?? 90} days.
      </p>
      {/* Always there, so a screen reader hears the decision's outcome; styled only when it has one. */}
      <p role="status" className={data?.done ? 'form-sent' : undefined}>
        {data?.done ?? ''}
      </p>
      {entries.length === 0 ? (
        <p>No protected form has been submitted yet.</p>
      ) : (
        <div className="spam-log__scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
          <table>
            <caption id={`${id}-caption`}>The {entries.length} most recent verdicts</caption>
            <thead>
              <tr>
                <th scope="col">{COLUMN.time}</th>
                <th scope="col">{COLUMN.form}</th>
                <th scope="col">{COLUMN.verdict}</th>
                <th scope="col">{COLUMN.score}</th>
                <th scope="col">{COLUMN.reasons}</th>
                <th scope="col">{COLUMN.client}</th>
                <th scope="col">{COLUMN.evidence}</th>
                <th scope="col">{COLUMN.decision}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} id={`entry-${entry.id}`} data-verdict={entry.allowed ? 'allowed' : 'blocked'}>
                  <td data-label={COLUMN.time}>
                    <time dateTime={entry.at}>{entry.at.replace('T', ' ').slice(0, 19)}</time>
                  </td>
                  <td data-label={COLUMN.form}>{entry.form}</td>
                  <td data-label={COLUMN.verdict}>
                    <span className={`spam-log__verdict spam-log__verdict--${entry.allowed ? 'allowed' : 'blocked'}`}>
                      {fateWords(entry)}
                    </span>
                  </td>
                  <td data-label={COLUMN.score}>{entry.score}</td>
                  <td data-label={COLUMN.reasons}>
                    {entry.reasons.length === 0 ? (
                      'none'
                    ) : (
                      <ul className="spam-log__reasons">
                        {entry.reasons.map((reason) => (
                          <li key={reason}>
                            <code>{reason}</code> {spamReasonSentence(reason)}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td data-label={COLUMN.client}>
                    <code>{entry.client}</code>
                  </td>
                  <td className="spam-log__details" data-label={COLUMN.evidence}>
                    {Object.entries(entry.details)
                      .map(([key, value]) => `${key}: ${String(value)}`)
                      .join(' · ')}
                    {entry.content !== '' && (
                      <details>
                        <summary>What was written</summary>
                        <p className="spam-log__content">{entry.content}</p>
                      </details>
                    )}
                  </td>
                  <td data-label={COLUMN.decision}>
                    <Decision entry={entry} />
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
