import './figure-tiles.css';

export interface FigureTile {
  name: string;
  value: string;
  /** A modifier for one tile (to set it apart, or for a test to find it). */
  className?: string;
}

/** A page's headline figures, a tile each, as many to a row as fit. */
export function FigureTiles({ tiles, className }: { tiles: readonly FigureTile[]; className: string }) {
  return (
    <dl className={`figure-tiles ${className}`}>
      {tiles.map((tile) => (
        <div
          key={tile.name}
          className={tile.className ? `figure-tiles__item ${tile.className}` : 'figure-tiles__item'}
        >
          <dt>{tile.name}</dt>
          <dd>{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}
