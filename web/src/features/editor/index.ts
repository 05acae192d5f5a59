// The editor feature's public entry (decision 55): the block editor itself, its labelled frame and
// its pictures' uploads, for other features that write Markdown in the posts' dialect (a
// publication's pages, decision 83). The post form, its drafts and autosave stay inside.
export { BlockEditor, type BlockEditorHandle } from './components/block-editor';
export { BodyField } from './components/body-field';
export { usePictureUploads } from './hooks/use-picture-uploads';
