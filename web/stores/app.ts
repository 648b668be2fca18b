/**
 * Shell state that is not the session: server health / maintenance, start-up readiness and the
 * support e-mail (a constant, overridable from the server's public config later).
 */
import { create } from 'zustand';
import { DEFAULT_SUPPORT_EMAIL } from '@common/constants';

export type HealthStatus = 'unknown' | 'ok' | 'failed';

export interface AppState {
  /** Result of the last health check. */
  health: HealthStatus;
  /** True once the first health check has settled (the app renders routes only then). */
  ready: boolean;
  /** Maintenance mode from the health check (spec §4 Other). */
  maintenanceMode: boolean;
  /** The administrators' message while maintenance is on (null: the product's own notice). */
  maintenanceMessage: string | null;
  supportEmail: string;
  setHealth: (health: HealthStatus, maintenanceMode: boolean, maintenanceMessage?: string | null) => void;
  /** An API call met the maintenance gate (its answer carries the message): the guard sends the tab to /bw/maintenance at once. */
  enterMaintenance: (message?: string | null) => void;
  /** The server answered 402 (trial ended): market-data pages show the trial-ended page. */
  trialEnded: boolean;
  enterTrialEnded: () => void;
  /** Logout: the next account starts without the previous one's 402. */
  leaveTrialEnded: () => void;
  setSupportEmail: (email: string) => void;
}

export const useAppStore = create<AppState>()((set) => ({
  health: 'unknown',
  ready: false,
  maintenanceMode: false,
  maintenanceMessage: null,
  supportEmail: DEFAULT_SUPPORT_EMAIL,
  setHealth: (health, maintenanceMode, maintenanceMessage) =>
    set((s) => ({
      health,
      maintenanceMode,
      // A failed check keeps what is known; a good one says whether there is a message.
      maintenanceMessage: maintenanceMessage === undefined ? s.maintenanceMessage : maintenanceMessage,
      ready: true,
    })),
  enterMaintenance: (message) => set((s) => ({ maintenanceMode: true, maintenanceMessage: message ?? s.maintenanceMessage })),
  trialEnded: false,
  enterTrialEnded: () => set({ trialEnded: true }),
  leaveTrialEnded: () => set({ trialEnded: false }),
  setSupportEmail: (supportEmail) => set({ supportEmail }),
}));
