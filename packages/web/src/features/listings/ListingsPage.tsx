import { spamReasonSentence } from '@waymark/protocol/plain';
import type { ListingStatus, PageData, PendingListingView } from '@waymark/protocol';
import { usePageContext, usePageData } from '../../shared/page-context.js';
import { ReviewQueue } from '../../shared/ReviewQueue.js';
import './listings.css';

type ListingsData = Extract<PageData, { page: 'listings' }>;

const STATUS_NAMES: Record<ListingStatus, string> = { pending: 'Waiting', approved: 'Approved', rejected: 'Rejected' };
const ORDER: ListingStatus[] = ['pending', 'approved', 'rejected'];
const PAYMENTS = { once: 'one payment', recurring: 'monthly payments' } as const;

/**
 * The administrators' approval of "Add your business" listings: each with what its owner gave
 * and the spam shield's doubts, approved into a list of the directory or rejected. Every
 * decision is a small classic form, so it works without a script too.
 */
export function ListingsPage() {
  const data = usePageData('listings');
  if (!data) return null;
  return (
    <ReviewQueue
      title="Listings to approve"
      block="listings"
      statuses={{ label: 'Listing status', path: '/admin/listings', order: ORDER, names: STATUS_NAMES }}
      page={data}
      entries={data.listings}
      renderEntry={(listing, headingId) => <Listing listing={listing} data={data} headingId={headingId} />}
    />
  );
}

function Listing({ listing, data, headingId }: { listing: PendingListingView; data: ListingsData; headingId: string }) {
  const { formNonce } = usePageContext();
  const listId = `${headingId}-list`;
  // The lists of the owner's category first: the likely home of the listing.
  const lists = [
    ...data.lists.filter((list) => list.categoryId === listing.category?.id),
    ...data.lists.filter((list) => list.categoryId !== listing.category?.id),
  ];
  return (
    <article className="listings__listing" aria-labelledby={headingId}>
      <h2 id={headingId}>{listing.title}</h2>
      {listing.subtitle && <p className="listings__subtitle">{listing.subtitle}</p>}
      <dl className="listings__facts">
        <dt>Category</dt>
        <dd>{listing.category?.name ?? 'none (deleted)'}</dd>
        <dt>Tags</dt>
        <dd>{listing.tags.length > 0 ? listing.tags.join(', ') : 'none'}</dd>
        {listing.url && (
          <>
            <dt>Website</dt>
            <dd>
              <a href={listing.url} rel="nofollow noopener noreferrer">
                {listing.url}
              </a>
            </dd>
          </>
        )}
        {listing.address && (
          <>
            <dt>Address</dt>
            <dd>{listing.address}</dd>
          </>
        )}
        <dt>Owner</dt>
        <dd>{listing.email}</dd>
        <dt>Payment</dt>
        <dd>{PAYMENTS[listing.payment]} chosen, none taken</dd>
        <dt>Sent</dt>
        <dd>
          <time dateTime={listing.at}>{listing.at.replace('T', ' ').slice(0, 16)} UTC</time> · spam score{' '}
          {listing.score}
        </dd>
      </dl>
      {listing.reasons.length > 0 && (
        <ul className="listings__reasons" aria-label="Why the spam shield doubted it">
          {listing.reasons.map((reason) => (
            <li key={reason}>{spamReasonSentence(reason)}</li>
          ))}
        </ul>
      )}
      {listing.itemId !== null && (
        <p>
          <a href={`/items/${listing.itemId}`}>See {listing.title} in the directory</a>
        </p>
      )}
      {data.status === 'pending' && (
        <div className="listings__actions">
          <form method="post" action={`/admin/listings/${listing.id}`} className="listings__approve">
            <input type="hidden" name="_wpnonce" value={formNonce} />
            <input type="hidden" name="action" value="approve" />
            <label htmlFor={listId}>Add to list</label>
            <select id={listId} name="list" required defaultValue={lists[0]?.id}>
              {lists.map((list) => (
                <option key={list.id} value={list.id}>
                  {list.title}
                </option>
              ))}
            </select>
            <button type="submit" aria-describedby={headingId}>
              Approve
            </button>
          </form>
          <form method="post" action={`/admin/listings/${listing.id}`}>
            <input type="hidden" name="_wpnonce" value={formNonce} />
            <input type="hidden" name="action" value="reject" />
            <button type="submit" className="listings__reject" aria-describedby={headingId}>
              Reject
            </button>
          </form>
        </div>
      )}
    </article>
  );
}
