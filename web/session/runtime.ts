/**
 * Side effects the session flow needs from the browser, in one object so tests can replace them
 * (jsdom has no working `location.reload`).
 */
export const sessionRuntime = {
  /** Reloads the page (after a forced logout, spec §4/§8). */
  reload: (): void => {
    window.location.reload();
  },
};
