import { useId } from 'react';
import { usePageData } from '../../shared/page-context.js';
import './posts.css';

const LABEL = { page: 'Page', article: 'Article' } as const;

/**
 * A page or an article. Its body is HTML the server sanitized on write; its pictures are inside
 * `.post-content`, so linked images join the site lightbox's post gallery.
 */
export function PostPage() {
  const data = usePageData('post');
  const id = useId();
  if (!data) return null;
  const { post } = data;
  const date = post.createdAt.slice(0, 10);
  return (
    <article className="panel post" aria-labelledby={`${id}-title`}>
      <header className="post__header">
        <h1 id={`${id}-title`}>{post.title}</h1>
        {post.type === 'article' && (
          <p className="post__meta">
            {LABEL[post.type]} · <time dateTime={post.createdAt}>{date}</time>
          </p>
        )}
      </header>
      {post.image && !post.bodyHtml.includes(post.image) && (
        <p className="post-content post__image">
          <a href={post.image}>
            <img src={post.image} alt={post.imageAlt} width={480} height={320} />
          </a>
        </p>
      )}
      {/* Sanitized by the server when it was written. */}
      <div className="post-content post__body" dangerouslySetInnerHTML={{ __html: post.bodyHtml }} />
    </article>
  );
}
