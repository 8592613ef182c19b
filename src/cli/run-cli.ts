import { main } from './main.ts';

// A reader that stops early (`tool-search ... | head`) closes the pipe: end quietly with the status so
// far, as Unix tools do, rather than with an unhandled EPIPE. (A stdio gateway whose client is gone
// ends the same way; its upstream servers see their stdin close and end too.)
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

// The process shell: run, then exit with the code once output is flushed.
process.exitCode = await main(process.argv.slice(2));
