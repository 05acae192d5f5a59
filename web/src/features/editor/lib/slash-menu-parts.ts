/**
 * What the `/` menu needs besides its plugin: the blocks it offers and the list that shows them. Not
 * needed to type, so fetched with the plugin at the first `/` typed (extensions/slash-command.ts),
 * as one chunk.
 */
export { blockCommands, cursorInTable, matchBlockCommands, prefetchBlockCommands } from './block-commands';
export { SlashMenu } from '../components/slash-menu';
