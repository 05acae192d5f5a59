export interface AvatarInitialProps {
  name: string;
  size?: 'sm' | 'md' | 'lg';
}

/** Specification §2: the first letter of the name, in uppercase. Array.from keeps an emoji or accent whole. */
export function initialOf(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toLocaleUpperCase() : '?';
}

/** Decorative: the name it stands for is always written next to it or on its button. */
export function AvatarInitial({ name, size = 'md' }: AvatarInitialProps) {
  return (
    <span className={`avatar avatar--${size}`} aria-hidden="true">
      {initialOf(name)}
    </span>
  );
}
