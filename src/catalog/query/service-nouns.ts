/**
 * Names of services that people ask tools for by name ("send a slack message"), lower case, as
 * tokenize gives them (AnalyzedQuery.services). A query naming one that no tool of the catalog mentions
 * asks for a server that is not connected (the bridge's findMissingServices). A list rather than a guess: a capitalised word is as often a
 * person, a place or the first word of a sentence.
 */
export const SERVICE_NOUNS: ReadonlySet<string> = new Set([
  'airtable', 'asana', 'atlassian', 'aws', 'azure', 'bigquery', 'bitbucket', 'box', 'circleci', 'clickup',
  'cloudflare', 'confluence', 'datadog', 'discord', 'docker', 'dropbox', 'elasticsearch', 'figma', 'firebase',
  'gcp', 'gdrive', 'github', 'gitlab', 'gmail', 'grafana', 'heroku', 'hubspot', 'intercom', 'jenkins', 'jira',
  'kubernetes', 'linear', 'mailchimp', 'mongodb', 'monday', 'mysql', 'netlify', 'notion', 'obsidian', 'okta',
  'outlook', 'pagerduty', 'paypal', 'postgres', 'postgresql', 'redis', 'salesforce', 'sentry', 'shopify',
  'slack', 'snowflake', 'spotify', 'sqlite', 'stripe', 'supabase', 'telegram', 'todoist', 'trello', 'twilio',
  'vercel', 'whatsapp', 'zendesk', 'zoom',
]);
