/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Sentry DSN; when set, client errors go to Sentry instead of POST /v2/client-errors. */
  readonly VITE_SENTRY_DSN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
