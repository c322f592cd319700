import { useEditorState, type Editor } from '@tiptap/react';
import type { KeyboardEvent, ReactNode } from 'react';
import { ADMIN_DOC_FONT_SIZES } from '@portal/domain/admin-docs-api';

type TProps = { editor: Editor | null; disabled: boolean };

const buttonClass =
  'inline-flex size-8 items-center justify-center rounded text-sm text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none aria-pressed:bg-brand-50 aria-pressed:text-brand-700 disabled:opacity-50';

const ToolButton = (props: {
  label: string;
  pressed: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) => (
  <button
    type="button"
    aria-label={props.label}
    title={props.label}
    aria-pressed={props.pressed}
    disabled={props.disabled}
    className={buttonClass}
    // Keep the editor's selection: a mouse-down on the button would otherwise blur it.
    onMouseDown={(event) => event.preventDefault()}
    // Enter presses the button here, its default (the key's press, then a click) stopped:
    // the action moves focus into the editor, and the key must not go on to reach the text
    // there. An end-to-end run on a busy machine found a new empty paragraph and the
    // selection gone after pressing Italic by keyboard.
    onKeyDown={(event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        props.onClick();
      }
    }}
    onClick={props.onClick}
  >
    {props.children}
  </button>
);

/**
 * Arrow keys, Home and End move between the toolbar's controls (the ARIA toolbar pattern);
 * Tab still reaches each of them too. A select keeps its own arrow keys.
 */
const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
  const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
  const edge = { Home: 'first', End: 'last' }[event.key];
  if ((step === undefined && edge === undefined) || event.target instanceof HTMLSelectElement) {
    return;
  }
  const controls = [
    ...event.currentTarget.querySelectorAll<HTMLElement>('button:not(:disabled), input, select'),
  ];
  const at = controls.indexOf(event.target as HTMLElement);
  const next =
    edge === 'first'
      ? controls[0]
      : edge === 'last'
        ? controls.at(-1)
        : controls[(at + (step ?? 0) + controls.length) % controls.length];
  event.preventDefault();
  next?.focus();
};

const Separator = () => <span aria-hidden="true" className="mx-1 h-6 w-px bg-slate-200" />;

/** The spec's toolbar: each control named, toggles report their state with aria-pressed. */
export const EditorToolbar = ({ editor, disabled }: TProps) => {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      bulletList: e?.isActive('bulletList') ?? false,
      orderedList: e?.isActive('orderedList') ?? false,
      align: (['left', 'center', 'right'] as const).find((a) => e?.isActive({ textAlign: a })),
      fontSize: (e?.getAttributes('textStyle').fontSize as string | undefined) ?? '',
      color: (e?.getAttributes('textStyle').color as string | undefined) ?? '#000000',
      background:
        (e?.getAttributes('textStyle').backgroundColor as string | undefined) ?? '#ffffff',
    }),
  });
  if (!editor || !state) {
    return <div className="h-11 border-b border-slate-200" />;
  }
  const chain = () => editor.chain().focus();
  const off = disabled;

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      onKeyDown={moveFocus}
      className="flex flex-wrap items-center gap-1 border-b border-slate-200 bg-slate-50 px-2 py-1.5"
    >
      <ToolButton
        label="Bold"
        pressed={state.bold}
        disabled={off}
        onClick={() => chain().toggleBold().run()}
      >
        <strong>B</strong>
      </ToolButton>
      <ToolButton
        label="Italic"
        pressed={state.italic}
        disabled={off}
        onClick={() => chain().toggleItalic().run()}
      >
        <em className="font-serif">I</em>
      </ToolButton>
      <ToolButton
        label="Underline"
        pressed={state.underline}
        disabled={off}
        onClick={() => chain().toggleUnderline().run()}
      >
        <span className="underline">U</span>
      </ToolButton>
      <Separator />
      <select
        aria-label="Font size"
        disabled={off}
        value={state.fontSize}
        onChange={(event) => {
          const size = event.target.value;
          if (size === '') {
            chain().unsetFontSize().run();
          } else {
            chain().setFontSize(size).run();
          }
        }}
        className="h-8 rounded border border-slate-300 bg-white px-1 text-sm text-slate-800 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      >
        {ADMIN_DOC_FONT_SIZES.map((size) => (
          <option key={size.label} value={size.value ?? ''}>
            {size.label}
          </option>
        ))}
      </select>
      <label className="inline-flex items-center gap-1 text-xs text-slate-700">
        <span>Text colour</span>
        <input
          type="color"
          disabled={off}
          value={toHex(state.color, '#000000')}
          onChange={(event) => chain().setColor(event.target.value).run()}
          className="h-8 w-8 cursor-pointer rounded border border-slate-300 bg-white p-0.5"
        />
      </label>
      <label className="inline-flex items-center gap-1 text-xs text-slate-700">
        <span>Background colour</span>
        <input
          type="color"
          disabled={off}
          value={toHex(state.background, '#ffffff')}
          onChange={(event) => chain().setBackgroundColor(event.target.value).run()}
          className="h-8 w-8 cursor-pointer rounded border border-slate-300 bg-white p-0.5"
        />
      </label>
      <Separator />
      <ToolButton
        label="Bullet list"
        pressed={state.bulletList}
        disabled={off}
        onClick={() => chain().toggleBulletList().run()}
      >
        <ListIcon ordered={false} />
      </ToolButton>
      <ToolButton
        label="Numbered list"
        pressed={state.orderedList}
        disabled={off}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <ListIcon ordered />
      </ToolButton>
      <Separator />
      {(['left', 'center', 'right'] as const).map((align) => (
        <ToolButton
          key={align}
          label={`Align ${align === 'center' ? 'centre' : align}`}
          pressed={state.align === align}
          disabled={off}
          onClick={() => chain().setTextAlign(align).run()}
        >
          <AlignIcon align={align} />
        </ToolButton>
      ))}
    </div>
  );
};

/** The colour input takes only #rrggbb; the editor may report rgb(r, g, b) for saved text. */
const toHex = (value: string, fallback: string) => {
  if (/^#[0-9a-f]{6}$/i.test(value)) {
    return value;
  }
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/i.exec(value);
  return rgb
    ? `#${rgb
        .slice(1, 4)
        .map((part) => Number(part).toString(16).padStart(2, '0'))
        .join('')}`
    : fallback;
};

const ListIcon = ({ ordered }: { ordered: boolean }) => (
  <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
    {ordered ? (
      <>
        {/* Shapes, not <text>: glyphs in the icon would count as the button's visible text. */}
        <rect x="2" y="2" width="1.5" height="5" />
        <path d="M1 11h3v1.5H2.5v1H4V17H1v-1.5h1.5v-1H1z" />
      </>
    ) : (
      <>
        <circle cx="3" cy="5" r="1.5" />
        <circle cx="3" cy="13" r="1.5" />
      </>
    )}
    <rect x="7" y="4" width="12" height="2" rx="1" />
    <rect x="7" y="12" width="12" height="2" rx="1" />
  </svg>
);

const ALIGN_X: Record<'left' | 'center' | 'right', [number, number]> = {
  left: [2, 2],
  center: [2, 5],
  right: [2, 8],
};

const AlignIcon = ({ align }: { align: 'left' | 'center' | 'right' }) => {
  const [fullX, shortX] = ALIGN_X[align];
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
      <rect x={fullX} y="4" width="16" height="2" rx="1" />
      <rect x={shortX} y="9" width="10" height="2" rx="1" />
      <rect x={fullX} y="14" width="16" height="2" rx="1" />
    </svg>
  );
};
