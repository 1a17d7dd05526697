// Types for fault-harness.mjs, so the fault tests that import it are type-checked.
export interface FaultStats {
  acknowledged: number;
  orders: number;
  lost: number;
  partial: number;
  leftoverTmp: number;
  orphanFolders: number;
  refused503: number;
  refused507: number;
  otherAnswers: number;
  recoveryMs: number | null | (number | null)[];
  healthAfter: number;
}

/** Why the PostgreSQL fault test cannot run here, or null when it can. */
export function privatePostgresUnavailable(): string | null;
/** Why the disk-full test cannot run here (it mounts a tmpfs), or null when it can. */
export function tmpfsUnavailable(): string | null;
export function runPostgresFault(options?: {
  clients?: number;
  restarts?: number;
  outageMs?: number;
  maxFileBytes?: number;
}): Promise<FaultStats>;
export function runDiskFull(options?: {
  clients?: number;
  volumeBytes?: number;
  leaveBytes?: number;
  outageMs?: number;
  minFreeBytes?: number;
  maxFileBytes?: number;
}): Promise<FaultStats>;
