import type { PostPublication } from '../../../../../contracts/publications';
import { FieldFrame } from '../../../components/ui/field-frame';

export const SERIES_LABEL = 'Series';
const SERIES_LOADING_HINT = 'Loading your series…';

export interface SeriesChoiceOptions {
  /** The post on /updateblog; null for a new one (its choice goes with its first save). */
  postId: string | null;
  /** Its author: a writer's own series hold only their own posts. */
  authorId: string;
  /** The "Publish in" choice, if the writer changed it. */
  publication: string | undefined;
  /** Where the post is now; null for a new post. */
  current: PostPublication | null;
}

export interface SeriesPickerProps extends SeriesChoiceOptions {
  /** The writer's pick: a series' id, or null for None; undefined: none, the field shows the saved place. */
  choice: string | null | undefined;
  onChoose: (choice: string | null | undefined) => void;
  /** Counts the saves that carried a choice; 0 before the first. */
  savedRevision: number;
  /** The series were read again after the save numbered so. */
  onCaughtUp: (revision: number) => void;
}

/** The series field's box while it loads: the same label, control and hint line, so nothing moves. */
export function SeriesPickerPlaceholder() {
  return (
    <div className="series-picker">
      <FieldFrame label={SERIES_LABEL} hint={SERIES_LOADING_HINT}>
        {(control) => (
          <select {...control} className="field__input" name="seriesId" disabled aria-busy="true" value="">
            <option value="">None</option>
          </select>
        )}
      </FieldFrame>
    </div>
  );
}
