export interface SkeletonProps {
  /** Shape and size come from classes so the placeholder matches what replaces it. */
  className?: string;
}

/** A grey block standing in for content that is loading, so nothing shifts when it arrives. */
export function Skeleton({ className }: SkeletonProps) {
  return <span className={className ? `skeleton ${className}` : 'skeleton'} aria-hidden="true" />;
}
