/**
 * Lets keyboard users jump past the header. It moves focus itself instead of changing the URL's
 * hash, which the router would treat as a navigation.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <a
      className="skip-link"
      href={`#${targetId}`}
      onClick={(event) => {
        const target = document.getElementById(targetId);
        if (!target) return;
        event.preventDefault();
        target.focus();
      }}
    >
      Skip to content
    </a>
  );
}
