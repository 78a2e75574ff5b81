import { usePageContext } from '../../shared/page-context.js';
import { sectionsFor, type AdminSection } from './admin-sections.js';
import './admin.css';

/** The back office's navigation: the sections the signed-in role may open, the current one marked. */
export function AdminNav({ current }: { current: AdminSection }) {
  const { user } = usePageContext();
  const sections = sectionsFor(user?.role);
  if (sections.length === 0) return null;
  return (
    <nav className="admin-nav" aria-label="Back office">
      <ul>
        {sections.map((section) => (
          <li key={section.key}>
            <a href={section.href} aria-current={section.key === current ? 'page' : undefined}>
              {section.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
