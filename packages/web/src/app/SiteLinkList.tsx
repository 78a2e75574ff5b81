import { usePageContext } from '../shared/page-context.js';
import { currentFor, type SiteLink } from './site-links.js';

/** A list of the site's links, the one to the page being shown marked as current. */
export function SiteLinkList({ links, className }: { links: readonly SiteLink[]; className: string }) {
  const { data } = usePageContext();
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} aria-current={currentFor(link, data)}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
