import { lazy, Suspense, type ComponentType } from 'react';

export interface OnDemand<P extends object> {
  /** Renders at once when prepared; otherwise nothing until its code has arrived. */
  Component: (props: P) => React.ReactNode;
  /** Loads the code (once); after it resolves, `Component` renders without waiting. */
  prepare: () => Promise<void>;
}

/**
 * A component whose code is its own chunk in the browser, for parts of a page below the first
 * screen that React takes over only as the reader comes near (HydrateWhenNear calls `prepare`
 * before it hands the server's HTML over). The server renders a page in one synchronous pass, so
 * the module that makes one awaits `prepare()` at its top level when `import.meta.env.SSR`.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): OnDemand<P> {
  let loaded: ComponentType<P> | undefined;
  const prepare = async () => {
    loaded ??= await load();
  };
  const WhenLoaded = lazy(async () => {
    await prepare();
    return { default: loaded as ComponentType<P> };
  });
  function Component(props: P) {
    const Ready = loaded;
    if (Ready) return <Ready {...props} />;
    return (
      <Suspense fallback={null}>
        <WhenLoaded {...props} />
      </Suspense>
    );
  }
  return { Component, prepare };
}
