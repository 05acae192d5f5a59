/** Another tab or device saved the post since it was opened: the writer picks the version to keep. */
export function ConflictBanner({
  onTakeTheirs,
  onKeepMine,
}: {
  onTakeTheirs: () => void;
  onKeepMine: () => void;
}) {
  return (
    <div className="editor-banner" role="alert">
      <p>
        This post was changed in another tab or on another device since you opened it. Your version is kept on
        this device; nothing was overwritten.
      </p>
      <div className="editor-banner__actions">
        <button type="button" className="button button--secondary" onClick={onTakeTheirs}>
          Load the newer version
        </button>
        <button type="button" className="button button--primary" onClick={onKeepMine}>
          Keep mine and save over it
        </button>
      </div>
    </div>
  );
}
