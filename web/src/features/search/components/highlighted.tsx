import { highlightedRuns } from '../highlighted-text';

/** A search snippet with its matching words in <mark>, written as text (see highlighted-text.ts). */
export function Highlighted({ html }: { html: string }) {
  return (
    <>
      {highlightedRuns(html).map((run, index) =>
        run.marked ? <mark key={index}>{run.text}</mark> : <span key={index}>{run.text}</span>,
      )}
    </>
  );
}
