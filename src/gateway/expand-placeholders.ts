import { homedir } from 'node:os';
import { basename, dirname } from 'node:path';

/**
 * The values a config string may refer to: `${configDir}` (the folder of the config file),
 * `${tempDir}` (a fresh temporary folder the gateway creates on first use and removes when it stops),
 * `${env:NAME}` (an environment variable; an unset one expands to nothing, and is reported through
 * {@link ExpandOptions.onVariable} so the caller can refuse to use the result), and two of VS Code's,
 * so that its mcp.json pastes as is: `${workspaceFolder}` and `${userHome}`.
 */
export interface PlaceholderValues {
  readonly configDir: string;
  /** Called only when a string uses `${tempDir}`, so no folder is created for configs that do not. */
  readonly tempDir: () => string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /**
   * `${workspaceFolder}` (`serve --workspace-folder`). @default the folder above the config's folder
   * when that is `.vscode` (VS Code's own `.vscode/mcp.json`), else the config's folder
   */
  readonly workspaceFolder?: string;
  /** `${userHome}`. @default the user's home folder (os.homedir()) */
  readonly userHome?: string;
}

/** The placeholders a config may use, for messages. */
const KNOWN = '${configDir}, ${tempDir}, ${env:NAME}, ${workspaceFolder}, ${userHome}';

/**
 * VS Code's other variables (code.visualstudio.com/docs/reference/variables-reference): they name an
 * editor's state (the open file, the selection) or its settings, which a gateway does not have.
 */
const VS_CODE_VARIABLES = new Set([
  'workspaceFolderBasename',
  'file',
  'fileWorkspaceFolder',
  'relativeFile',
  'relativeFileDirname',
  'fileBasename',
  'fileBasenameNoExtension',
  'fileExtname',
  'fileDirname',
  'fileDirnameBasename',
  'cwd',
  'lineNumber',
  'columnNumber',
  'selectedText',
  'execPath',
  'defaultBuildTask',
  'pathSeparator',
  '/',
]);

/** Thrown for a `${...}` the gateway does not know; the message names it and the known forms. */
export class UnknownPlaceholderError extends Error {
  constructor(placeholder: string) {
    const inner = placeholder.slice(2, -1);
    super(
      inner.startsWith('input:')
        ? vsCodeInputAdvice(inner.slice(6))
        : VS_CODE_VARIABLES.has(inner) || /^(?:config|command):/.test(inner)
          ? `'${placeholder}' is a VS Code variable the gateway cannot know; write its value instead (known: ${KNOWN})`
          : `unknown placeholder '${placeholder}' (known: ${KNOWN})`,
    );
    this.name = 'UnknownPlaceholderError';
  }
}

export interface ExpandOptions {
  /** Told of every `${env:NAME}` expanded, with its value (undefined when unset). */
  readonly onVariable?: (name: string, value: string | undefined) => void;
  /**
   * Told of every `${input:ID}` (a VS Code input, which VS Code asks the user for), expanded to nothing:
   * the caller must not use the result (see {@link vsCodeInputAdvice}).
   */
  readonly onInput?: (id: string) => void;
}

/** Replaces every `${...}` in `text`; `$${` writes a literal `${`. */
export function expandPlaceholders(text: string, values: PlaceholderValues, options: ExpandOptions = {}): string {
  return text.replace(/\$?\$\{([^}]*)\}/g, (whole, inner: string) => {
    if (whole.startsWith('$$')) return whole.slice(1);
    if (inner === 'configDir') return values.configDir;
    if (inner === 'tempDir') return values.tempDir();
    if (inner === 'workspaceFolder') return values.workspaceFolder ?? defaultWorkspaceFolder(values.configDir);
    if (inner === 'userHome') return values.userHome ?? homedir();
    if (inner.startsWith('env:')) {
      const name = inner.slice(4);
      const value = Object.hasOwn(values.env, name) ? values.env[name] : undefined;
      options.onVariable?.(name, value);
      return value ?? '';
    }
    if (inner.startsWith('input:') && options.onInput !== undefined) {
      options.onInput(inner.slice(6));
      return '';
    }
    throw new UnknownPlaceholderError(whole);
  });
}

/** `${workspaceFolder}` when none is given: VS Code keeps mcp.json in the workspace's `.vscode` folder. */
export function defaultWorkspaceFolder(configDir: string): string {
  return basename(configDir) === '.vscode' ? dirname(configDir) : configDir;
}

/** The environment variable suggested in place of a VS Code input: `github-token` -> `GITHUB_TOKEN`. */
export function inputVariableName(id: string): string {
  const name = id
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
  return /^[A-Z_]/.test(name) ? name : `INPUT_${name}`;
}

/** What to do instead of `${input:ID}`: `'${input:ID}' is a VS Code input, ...: ... write '${env:ID}' in its place`. */
export function vsCodeInputAdvice(id: string): string {
  return `'\${input:${id}}' is a VS Code input, which only VS Code can ask for: set an environment variable instead and write '\${env:${inputVariableName(id)}}' in its place`;
}
