// npm run docs:config: writes docs/configuration.md from the declarations in server/config.ts.
import { writeFileSync } from 'node:fs';
import { CONFIGURATION_REFERENCE_FILE, configurationReference } from '../server/config-reference';

writeFileSync(CONFIGURATION_REFERENCE_FILE, configurationReference());
console.log(`${CONFIGURATION_REFERENCE_FILE} written`);
