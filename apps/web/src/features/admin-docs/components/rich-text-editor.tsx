import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect } from 'react';
import StarterKit from '@tiptap/starter-kit';
import TextAlign from '@tiptap/extension-text-align';
import { BackgroundColor, Color, FontSize, TextStyle } from '@tiptap/extension-text-style';
import { Placeholder } from '@tiptap/extensions';
import { ADMIN_DOC_ALIGNMENTS, ADMIN_DOC_MESSAGES } from '@portal/domain/admin-docs-api';
import { EditorToolbar } from './editor-toolbar';
import { richTextClass } from '../lib/display';
import './rich-text-editor.css';

type TProps = {
  /** The HTML to start from; the editor keeps its own state after that. */
  initialContent: string;
  /** The id of the visible label that names the editing area. */
  labelledBy: string;
  disabled?: boolean;
  /** The HTML after each of the user's changes. */
  onChange: (html: string) => void;
  /** The starting HTML as the editor writes it, once it is ready: "nothing changed yet". */
  onReady?: (html: string) => void;
};

/**
 * TipTap with exactly the spec's toolbar. Everything else StarterKit would allow (headings,
 * quotes, code, rules, strike-through, links) is off, so nothing typed or pasted makes
 * markup the server's allow-list would then drop. This module and TipTap load only with
 * the documentation form (a lazy chunk).
 */
export const RichTextEditor = ({
  initialContent,
  labelledBy,
  disabled = false,
  onChange,
  onReady,
}: TProps) => {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        blockquote: false,
        codeBlock: false,
        code: false,
        horizontalRule: false,
        strike: false,
        link: false,
      }),
      TextStyle,
      Color,
      BackgroundColor,
      FontSize,
      TextAlign.configure({ types: ['paragraph'], alignments: [...ADMIN_DOC_ALIGNMENTS] }),
      Placeholder.configure({ placeholder: ADMIN_DOC_MESSAGES.placeholder }),
    ],
    content: initialContent,
    editable: !disabled,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        class: `doc-rich-text h-full overflow-y-auto px-3 py-2 focus:outline-none ${richTextClass}`,
      },
    },
    onCreate: ({ editor: created }) => onReady?.(created.getHTML()),
    onUpdate: ({ editor: changed }) => onChange(changed.getHTML()),
  });

  // The editor reads `editable` once; a save in progress locks it afterwards.
  useEffect(() => {
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  return (
    <div className="flex h-[400px] flex-col rounded-lg border border-slate-300 bg-white shadow-sm focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30">
      <EditorToolbar editor={editor} disabled={disabled} />
      <EditorContent editor={editor} className="min-h-0 flex-1" />
    </div>
  );
};
