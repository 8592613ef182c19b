/**
 * A tool name or query reduced for exact-name comparison: lower-cased ASCII letters and digits only, so
 * "create_issue", "Create Issue", "create-issue" and "createIssue" all become "createissue".
 */
export function normalizeName(text: string): string {
  let normalized = '';
  let runStart = -1;
  const lower = text.toLowerCase();
  for (let index = 0; index <= lower.length; index++) {
    const code = index < lower.length ? lower.charCodeAt(index) : -1;
    const keep = (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
    if (keep && runStart < 0) runStart = index;
    else if (!keep && runStart >= 0) {
      normalized += lower.slice(runStart, index);
      runStart = -1;
    }
  }
  return normalized;
}
