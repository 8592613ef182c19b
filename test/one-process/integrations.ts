// Runs the test files of this group's folders (scripts/list-test-files.ts, ONE_PROCESS_GROUPS) in this
// one process, for `npm test`. One file alone still runs as `node --import tsx --test <file>`.
import { importGroup } from '../../scripts/list-test-files.ts';

await importGroup('test/one-process/integrations.ts');
