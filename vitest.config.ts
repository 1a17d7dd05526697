import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Server tests open real databases and listen on ports: keep files in separate workers, two at
    // a time (Vitest's default is one fewer than the processors: one on a 2-core machine, where
    // most server tests wait on timeouts, processes and sockets rather than compute).
    pool: 'forks',
    maxWorkers: 2,
    // A real S3 server for the S3 tests when none is given and Ceph is installed.
    globalSetup: ['tests/support/s3-global-setup.ts'],
  },
});
