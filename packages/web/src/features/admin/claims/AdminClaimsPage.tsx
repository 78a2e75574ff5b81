import { useId } from 'react';
import type { ClaimStatus } from '@waymark/protocol';
import { usePageContext, usePageData } from '../../../shared/page-context.js';
import { StatusNav } from '../../../shared/StatusNav.js';
import { AdminLayout } from '../AdminLayout.js';
import { DoneNote } from '../../../shared/DoneNote.js';
import '../back-office/back-office.css';

const NAMES: Record<ClaimStatus, string> = { pending: 'Waiting', approved: 'Approved', rejected: 'Rejected' };
const ORDER: ClaimStatus[] = ['pending', 'approved', 'rejected'];

/** Business owners' claims of items, by status; a waiting claim is approved or rejected here. */
export function AdminClaimsPage() {
  const data = usePageData('admin-claims');
  const { formNonce } = usePageContext();
  const id = useId();
  if (!data) return null;
  return (
    <AdminLayout current="claims">
      <section className="panel bo-page bo-claims" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>Claims</h1>
        <StatusNav
          label="Claim status"
          path="/admin/claims"
          order={ORDER}
          names={NAMES}
          counts={data.counts}
          current={data.status}
          className="bo-claims__statuses"
        />
        <DoneNote message={data.done} />
        {data.claims.length === 0 ? (
          <p>Nothing here.</p>
        ) : (
          <ol className="bo-claims__list">
            {data.claims.map((claim) => (
              <li key={claim.id}>
                <article className="bo-claims__claim" aria-labelledby={`${id}-c${claim.id}`}>
                  <h2 id={`${id}-c${claim.id}`}>
                    <a href={`/items/${claim.itemId}`}>{claim.itemTitle}</a>
                  </h2>
                  <p>
                    Claimed by {claim.userName} ({claim.userEmail}) on{' '}
                    <time dateTime={claim.createdAt}>{claim.createdAt.slice(0, 10)}</time>
                  </p>
                  <blockquote className="bo-claims__message">{claim.message}</blockquote>
                  {claim.status === 'pending' && (
                    <div className="bo-actions">
                      {(['approved', 'rejected'] as const).map((decision) => (
                        <form method="post" action={`/admin/claims/${claim.id}`} key={decision}>
                          <input type="hidden" name="_wpnonce" value={formNonce} />
                          <input type="hidden" name="decision" value={decision} />
                          <button
                            type="submit"
                            className={decision === 'rejected' ? 'bo-small bo-danger' : undefined}
                            aria-label={`${decision === 'approved' ? 'Approve' : 'Reject'} the claim of ${claim.itemTitle} by ${claim.userName}`}
                          >
                            {decision === 'approved' ? 'Approve' : 'Reject'}
                          </button>
                        </form>
                      ))}
                    </div>
                  )}
                </article>
              </li>
            ))}
          </ol>
        )}
      </section>
    </AdminLayout>
  );
}
