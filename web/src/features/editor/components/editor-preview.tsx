import { useEffect, useState } from 'react';
import { previewPost } from '../api/preview-post';
// The read page's classes for the rendered post, which come with the preview, not the writing page.
import '../../../styles/posts.css';

/**
 * The post as readers will see it: the Markdown goes through the server's own renderer and
 * sanitizer (POST /api/post/preview), and the HTML is shown with the read page's classes.
 */
export function EditorPreview({ title, markdown }: { title: string; markdown: string }) {
  const [state, setState] = useState<{ html: string } | { error: string } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    void previewPost(markdown, controller.signal).then((result) => {
      if (result.ok) setState({ html: result.data.response.contentHtml });
      else if (result.error.kind !== 'aborted') setState({ error: result.error.message });
    });
    return () => controller.abort();
  }, [markdown]);

  return (
    <section className="editor-preview" aria-label="Preview" aria-busy={state === null}>
      <h2 className="post__title">{title || 'Untitled'}</h2>
      {state === null ? (
        <p role="status">Rendering the preview…</p>
      ) : 'error' in state ? (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      ) : (
        // Rendered and sanitized on the server, exactly as on the read page.
        <div className="markdown prose post__content" dangerouslySetInnerHTML={{ __html: state.html }} />
      )}
    </section>
  );
}
