#!/usr/bin/env node
// The CLI, compiled to dist/ by `npm run build` (run by `npm ci` / `npm install` through `prepare`).
await import('../dist/cli/run-cli.js');
