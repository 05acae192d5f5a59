import { ALL_VARIABLES, CONFIG_SECTIONS, RATE_RULES, type RateRule } from './config';

/** Where the reference is kept, from the repository's root. */
export const CONFIGURATION_REFERENCE_FILE = 'docs/configuration.md';

const cell = (text: string) => text.replace(/\|/g, '\\|');

function variablesTable(section: string): string[] {
  const rows = Object.entries(ALL_VARIABLES)
    .filter(([, variable]) => variable.section === section)
    .map(([name, variable]) => `| \`${name}\` | ${cell(variable.shown)} | ${cell(variable.meaning)} |`);
  return ['| Variable | Default | Meaning |', '| --- | --- | --- |', ...rows];
}

function rateRulesTable(): string[] {
  const minutes = (count: number) => (count === 24 * 60 ? 'day' : count === 60 ? 'hour' : `${count} minutes`);
  const rows = (Object.values(RATE_RULES) as RateRule[]).map((rule) => {
    const variables = rule.variables
      ? [rule.variables.max, rule.variables.window]
          .filter(Boolean)
          .map((name) => `\`${name}\``)
          .join(' / ')
      : 'fixed';
    return `| ${cell(rule.meaning)} | ${variables} | ${rule.max} per ${minutes(rule.windowMinutes)} |`;
  });
  return [
    '| What is counted | Variables (allowance / window in minutes) | Default |',
    '| --- | --- | --- |',
    ...rows,
  ];
}

/** docs/configuration.md, made from the declarations in server/config.ts. */
export function configurationReference(): string {
  const lines = [
    '# Configuration',
    '',
    '<!-- Generated from server/config.ts by `npm run docs:config`; a unit test fails when the two differ. -->',
    '',
    'Inkwell is configured by environment variables, all optional; an empty one counts as unset.',
    'A value that cannot be used stops the server (and every `npm run` command that reads the',
    'configuration) before it starts, with one line per bad variable naming it and saying what is wrong.',
  ];
  for (const section of CONFIG_SECTIONS) {
    lines.push('', `## ${section}`, '');
    if (section === 'Rate limits') {
      lines.push(
        'Past its allowance a request is answered 429 with `Retry-After`. With `REDIS_URL` every',
        'instance counts into the same window; without it, each counts on its own.',
        '',
        ...rateRulesTable(),
      );
    } else {
      lines.push(...variablesTable(section));
    }
  }
  lines.push(
    '',
    '## Building the web app',
    '',
    'The web app calls the API on its own origin. To build it for an API on another host, set',
    '`VITE_API_BASE=https://api.example.com` when running `npm run build`, and `CORS_ORIGIN` on the API.',
    '',
  );
  return lines.join('\n');
}
