import { apiRequest } from '../../../lib/api-client';

/** POST /api/post/preview {content} → {response: {contentHtml}}: the read page's own renderer. */
export function previewPost(content: string, signal?: AbortSignal) {
  return apiRequest<{ response: { contentHtml: string } }>('/api/post/preview', {
    method: 'POST',
    body: { content },
    auth: true,
    ...(signal ? { signal } : {}),
  });
}
