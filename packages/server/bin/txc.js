#!/usr/bin/env node
// The txc command: runs the TypeScript sources directly through tsx, so there is no build step. The
// package's tsconfig maps @txc/sdk to its sources (the SDK's package entry is its compiled build), so
// it is named here: the command may run from any directory.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import('../src/cli/main.ts');
