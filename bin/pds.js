#!/usr/bin/env node
// The `pds` command: loads the TypeScript CLI through tsx, so the repository runs without a build step.
import { register } from 'tsx/esm/api';

register();
await import('../cli/main.ts');
