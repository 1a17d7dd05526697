// Types for crash-harness.mjs, so the crash test that imports it is type-checked.
export interface CrashStats {
  kills: number;
  sent: number;
  acknowledged: number;
  interrupted: number;
  lost: number;
  partial: number;
  duplicates: number;
  orders: number;
  leftoverTmp: number;
  orphanFolders: number;
  mailsQueued: number;
  mailsSent: number;
}

export function runCrashTest(options?: {
  kills?: number;
  clients?: number;
  postgresAdminUrl?: string;
  log?: (line: string) => void;
}): Promise<CrashStats>;
