import { tagPagePath } from '../../../contracts/site';

/** A topic's page: `/tag?name=…`, the tag in its normalized form. */
export const tagPath = tagPagePath;
