// Types for load-harness.mjs, so the load test that imports it is type-checked.
export interface LoadStats {
  connections: number;
  seconds: number;
  requests: number;
  created: number;
  errors: number;
  cutOffAtEnd: number;
  storedBeforeRetries: number;
  keys: number;
  stored: number;
  attachments: number;
  retriesReplayed: number;
  retriesStoredNow: number;
  retryErrors: number;
  ordersPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  uploadMBPerSecond: number;
}

export function runLoad(options?: { connections?: number; seconds?: number; fileBytes?: number }): Promise<LoadStats>;
