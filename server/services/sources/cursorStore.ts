/** A fetcher's position in its source (the last day loaded), read at the start and saved as it goes. */
export interface CursorStore {
  read(): Promise<string | null>;
  save(cursor: string): Promise<void>;
}
