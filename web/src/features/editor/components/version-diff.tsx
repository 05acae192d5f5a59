import { diffWords, type DiffPart } from '../../../../../contracts/text-diff';

/** Unchanged text longer than this is cut to its ends: the changes are what the writer looks for. */
const KEEP = 240;

function shorten(part: DiffPart, index: number, last: number): string {
  const text = part.text;
  if (part.kind !== 'same' || text.length <= KEEP * 2 + 40) return text;
  const head = index === 0 ? '' : text.slice(0, KEEP);
  const tail = index === last ? '' : text.slice(-KEEP);
  return `${head}\n…\n${tail}`;
}

/** The Markdown of two versions, word by word: added words marked, removed ones struck through. */
export function VersionDiff({ before, after }: { before: string; after: string }) {
  const parts = diffWords(before, after);
  const changed = parts.some((part) => part.kind !== 'same');
  if (!changed) return <p className="version-diff__same">This version’s text is the same as yours.</p>;
  return (
    // Focusable: a long comparison scrolls, and the keyboard must reach it.
    <pre className="version-diff" tabIndex={0}>
      {parts.map((part, index) =>
        part.kind === 'same' ? (
          <span key={index}>{shorten(part, index, parts.length - 1)}</span>
        ) : part.kind === 'added' ? (
          <ins key={index}>
            <span className="visually-hidden">[brought back: </span>
            {part.text}
            <span className="visually-hidden">]</span>
          </ins>
        ) : (
          <del key={index}>
            <span className="visually-hidden">[taken out: </span>
            {part.text}
            <span className="visually-hidden">]</span>
          </del>
        ),
      )}
    </pre>
  );
}
