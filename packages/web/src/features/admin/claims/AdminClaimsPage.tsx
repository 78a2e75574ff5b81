import type { ClaimStatus } from '@waymark/protocol';
import { usePageContext, usePageData } from '../../../shared/page-context.js';
import { ReviewQueue } from '../../../shared/ReviewQueue.js';
import { AdminLayout } from '../AdminLayout.js';
import '../back-office/back-office.css';

const NAMES: Record<ClaimStatus, string> = { pending: 'Waiting', approved: 'Approved', rejected: 'Rejected' };
const ORDER: ClaimStatus[] = ['pending', 'approved', 'rejected'];

/** Business owners' claims of items, by status; a waiting claim is approved or rejected here. */
export function AdminClaimsPage() {
  const data = usePageData('admin-claims');
  const { formNonce } = usePageContext();
  if (!data) return null;
  return (
    <AdminLayout current="claims">
      <ReviewQueue
        title="Claims"
        block="bo-claims"
        className="bo-page"
        statuses={{ label: 'Claim status', path: '/admin/claims', order: ORDER, names: NAMES }}
        page={data}
        entries={data.claims}
        renderEntry={(claim, headingId) => (
          <article className="bo-claims__claim" aria-labelledby={headingId}>
            <h2 id={headingId}>
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
        )}
      />
    </AdminLayout>
  );
}
