/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives when it is not on the web app's own origin (the spec's {host}). */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
