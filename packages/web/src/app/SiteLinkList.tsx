import type { ReactNode } from 'react';
import { usePageContext } from '../shared/page-context.js';
import { currentFor, type SiteLink } from './site-links.js';

/**
 * A list of the site's links, the one to the page being shown marked as current; `children`
 * (more `<li>`s, the administrator's menu items) follow them.
 */
export function SiteLinkList({
  links,
  className,
  children,
}: {
  links: readonly SiteLink[];
  className: string;
  children?: ReactNode;
}) {
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
      {children}
    </ul>
  );
}
