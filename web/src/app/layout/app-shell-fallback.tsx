/**
 * Shown while the first page's code loads. Same header box as the real one, so nothing jumps when
 * the app appears; no links yet, since the router is not ready to follow them.
 */
export function AppShellFallback() {
  return (
    <>
      <div className="site-header">
        <div className="site-header__inner">
          <span className="brand">Inkwell</span>
        </div>
      </div>
      <main className="main" aria-busy="true" />
    </>
  );
}
