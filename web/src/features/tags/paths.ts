import { tagPagePath } from '../../../../contracts/site';

/** A topic's page (issue 9 §1): `/tag?name=…`, the tag in its normalized form. */
export const tagPath = tagPagePath;
