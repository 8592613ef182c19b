import { main } from './main.ts';

// The process shell: run, then exit with the code once output is flushed.
process.exitCode = await main(process.argv.slice(2));
