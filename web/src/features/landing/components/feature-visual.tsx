/** Small static illustrations beside each feature, drawn in markup so they follow the theme. */
export function FeatureVisual({ featureId }: { featureId: string }) {
  switch (featureId) {
    case 'custom-domain':
      return (
        <div className="visual visual--browser" aria-hidden="true">
          <div className="visual__bar">
            <span className="visual__dot" />
            <span className="visual__dot" />
            <span className="visual__dot" />
            <span className="visual__url">https://blog.yourname.com</span>
          </div>
          <div className="visual__page">
            <span className="visual__line visual__line--title" />
            <span className="visual__line" />
            <span className="visual__line visual__line--short" />
          </div>
        </div>
      );
    case 'sub-domain':
      return (
        <div className="visual visual--browser" aria-hidden="true">
          <div className="visual__bar">
            <span className="visual__dot" />
            <span className="visual__dot" />
            <span className="visual__dot" />
            <span className="visual__url">https://yourname.inkwell.blog</span>
          </div>
          <div className="visual__page">
            <span className="visual__line visual__line--title" />
            <span className="visual__line visual__line--short" />
            <span className="visual__line" />
          </div>
        </div>
      );
    case 'headless':
      return (
        <pre className="visual visual--code" aria-hidden="true">
          <code>
            {`GET /api/post/blog/all?limit=2

{
  "response": [
    { "id": "…", "title": "…", "tags": […] },
    { "id": "…", "title": "…", "tags": […] }
  ],
  "nextCursor": "…"
}`}
          </code>
        </pre>
      );
    case 'editor':
      return (
        <div className="visual visual--blocks" aria-hidden="true">
          <span className="visual__block visual__block--heading"># A heading</span>
          <span className="visual__block">A paragraph that says one thing well.</span>
          <span className="visual__block visual__block--quote">&gt; A quote worth keeping</span>
          <span className="visual__block visual__block--code">`code`, lists and more</span>
        </div>
      );
    case 'comments':
      return (
        <div className="visual visual--passages" aria-hidden="true">
          {/* Bars, not invented words by invented people (difference 15 from the specification): a post's lines, one
              passage marked with its count of comments, and a comment quoting it. */}
          <span className="visual__line visual__line--title" />
          <span className="visual__line" />
          <span className="visual__passage">
            <span className="visual__line visual__line--marked" />
            <span className="visual__count">2</span>
          </span>
          <span className="visual__line visual__line--short" />
          <span className="visual__comment">
            <span className="visual__avatar" />
            <span className="visual__comment-text">
              <span className="visual__line visual__line--quote" />
              <span className="visual__line visual__line--short" />
            </span>
          </span>
        </div>
      );
    default:
      return null;
  }
}
