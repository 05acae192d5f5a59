import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIGURATION_REFERENCE_FILE, configurationReference } from './config-reference';
import { ALL_VARIABLES } from './config';

describe('docs/configuration.md', () => {
  const root = join(import.meta.dirname, '..');
  const written = readFileSync(join(root, CONFIGURATION_REFERENCE_FILE), 'utf8');

  it('is what server/config.ts declares (run `npm run docs:config` after changing a variable)', () => {
    expect(written).toBe(configurationReference());
  });

  it('lists every variable', () => {
    for (const name of Object.keys(ALL_VARIABLES)) expect(written, name).toContain(`\`${name}\``);
  });
});
