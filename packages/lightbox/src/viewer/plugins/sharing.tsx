import { LIGHTBOX } from '@waymark/protocol';
import type { ViewerApi } from '../api.js';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(URL|TITLE|DESCRIPTION|IMAGE)\}/g, (_, key: string) => encodeURIComponent(values[key] ?? ''));

/** Share buttons that open the networks' share pages with the page's address in a 640x360 popup. */
export function Sharing({ api }: { api: ViewerApi }) {
  const { item, settings } = api;
  if (item.options.social === false) return null;
  const share = (template: string) => {
    const { width, height } = LIGHTBOX.share;
    const url = fill(template, {
      URL: location.href,
      TITLE: item.title || document.title,
      DESCRIPTION: item.caption,
      IMAGE: item.type === 'image' ? new URL(item.url, location.href).href : '',
    });
    const left = Math.max(0, (screen.width - width) / 2);
    const top = Math.max(0, (screen.height - height) / 2);
    window.open(url, '_blank', `popup,noopener,noreferrer,width=${width},height=${height},left=${left},top=${top}`);
  };
  return (
    <ul className="wm-lb__social" aria-label="Share">
      {settings.lightbox_social_links.map((link) => (
        <li key={link.network}>
          <button type="button" className="wm-lb__share" data-network={link.network} onClick={() => share(link.url)}>
            {link.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
