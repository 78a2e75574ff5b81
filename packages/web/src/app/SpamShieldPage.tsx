import { RealPersonBadge } from '@waymark/shield/react/badge';
import { usePageContext } from '../shared/page-context.js';

/** What the real-person badge's learn-more link explains: the site's own spam shield, briefly. */
export function SpamShieldPage() {
  const { siteName, shield } = usePageContext();
  return (
    <section className="panel spam-shield" aria-labelledby="spam-shield-title">
      <h1 id="spam-shield-title">About the spam shield</h1>
      <p>
        {siteName} keeps spam out of its forms without puzzles or third-party services. While you read and type, the
        page notes how a person uses it: pointer movement, scrolling, typing pace, the time spent before sending. The
        server weighs these signals with a few rules of its own and decides whether a submission came from a person or a
        program. Nothing of it leaves this site.
      </p>
      {/* Not a paragraph: the badge's popup is a block of its own. */}
      <div className="spam-shield__badge">
        {shield.theRealPerson ? (
          <>
            Authors whose review or comment passed the shield as a person get this badge next to their name
            <RealPersonBadge config={shield.theRealPerson} />. Point at it or tap it to read what it means.
          </>
        ) : (
          'Authors whose review or comment passed the shield as a person can be marked with a badge.'
        )}
      </div>
      <p>
        The badge says only that the shield found no sign of automation when the text was sent; it does not vouch for
        what the author wrote.
      </p>
      <p>
        <a href="/">Back to the directory</a>
      </p>
    </section>
  );
}
