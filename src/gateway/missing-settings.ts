import { inputVariableName } from './expand-placeholders.ts';
import type { UpstreamConfig } from './gateway-config.ts';

/**
 * Why a server is not started, when its config refers to what the gateway does not have: environment
 * variables that are not set, or VS Code inputs (`${input:ID}`), which only VS Code can ask the user
 * for. Started without them it would run with empty credentials, so it is never started, and never
 * retried. One line, for the log, `inspect` and the model; undefined when nothing is missing.
 */
export function missingSettingsMessage(config: UpstreamConfig): string | undefined {
  const parts: string[] = [];
  const { missingEnv, missingInputs } = config;
  if (missingEnv.length > 0) {
    const one = missingEnv.length === 1;
    parts.push(
      `its config refers to ${one ? 'environment variable' : 'environment variables'} ${missingEnv.join(', ')}, which ${one ? 'is' : 'are'} not set; set ${one ? 'it' : 'them'}`,
    );
  }
  if (missingInputs.length > 0) {
    const one = missingInputs.length === 1;
    const inputs = missingInputs.map((id) => `'${id}' (\${input:${id}})`).join(', ');
    const variables = missingInputs.map(inputVariableName);
    parts.push(
      `its config refers to ${one ? 'VS Code input' : 'VS Code inputs'} ${inputs}, which only VS Code can ask for; ` +
        `set ${one ? 'environment variable' : 'environment variables'} ${variables.join(', ')}, write ${variables.map((variable) => `\${env:${variable}}`).join(', ')} in ${one ? 'its place' : 'their places'}`,
    );
  }
  return parts.length === 0 ? undefined : `cannot start: ${parts.join('; ')} and restart the gateway`;
}
