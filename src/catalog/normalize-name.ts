/**
 * A tool name or query reduced for exact-name comparison: lower-cased ASCII letters and digits only, so
 * "create_issue", "Create Issue", "create-issue" and "createIssue" all become "createissue".
 */
export function normalizeName(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}
