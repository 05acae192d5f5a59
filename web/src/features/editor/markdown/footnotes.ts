import type MarkdownIt from 'markdown-it';

type Token = ReturnType<MarkdownIt['parse']>[number];

interface FootnoteEnv {
  footnotes?: {
    refs?: Record<string, number>;
    list?: { label?: string; count: number; tokens?: Token[] }[];
  };
}

/**
 * What markdown-it-footnote leaves out of its tokens, the editor keeps: a note that nothing cites
 * (readers never see it, but the author wrote it) is listed with the others, and an inline note
 * (`text^[the note]`) gets a label, the first number no other note uses, so that it can be written
 * back as `[^2]` and `[^2]: the note`.
 */
export function keepEveryFootnote(md: MarkdownIt): void {
  md.core.ruler.before('footnote_tail', 'keep_every_footnote', (state) => {
    const notes = (state.env as FootnoteEnv).footnotes;
    if (!notes?.refs) return;
    notes.list ??= [];
    for (const [key, id] of Object.entries(notes.refs)) {
      if (id >= 0) continue;
      notes.refs[key] = notes.list.length;
      notes.list.push({ label: key.slice(1), count: 0 });
    }
  });
  md.core.ruler.after('footnote_tail', 'label_every_footnote', (state) => {
    const list = (state.env as FootnoteEnv).footnotes?.list;
    if (!list) return;
    const used = new Set(list.map((note) => note.label));
    let next = 1;
    for (const note of list) {
      if (note.label !== undefined) continue;
      while (used.has(String(next))) next += 1;
      note.label = String(next);
      used.add(note.label);
    }
    const label = (token: Token) => {
      const meta = token.meta as { id: number; label?: string } | null;
      if ((token.type === 'footnote_ref' || token.type === 'footnote_open') && meta) {
        meta.label = list[meta.id]?.label;
      }
      token.children?.forEach(label);
    };
    state.tokens.forEach(label);
  });
}
