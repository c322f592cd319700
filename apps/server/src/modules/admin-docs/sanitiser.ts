import sanitizeHtml from 'sanitize-html';
import { ADMIN_DOC_ALIGNMENTS, ADMIN_DOC_FONT_SIZES } from '@portal/domain/admin-docs-api';

const escapeForPattern = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Colours as the editor writes them (#rrggbb from the colour picker) and as a browser
// rewrites them when the editor reads saved HTML back (rgb(r, g, b)). Nothing else: no
// url(), no expression(), no var(), no keywords that could smuggle either.
const COLOUR = [
  /^#[0-9a-f]{3}$/i,
  /^#[0-9a-f]{6}$/i,
  /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d{1,3})\s*)?\)$/i,
];
const FONT_SIZES = ADMIN_DOC_FONT_SIZES.flatMap((size) =>
  size.value === null ? [] : [new RegExp(`^${escapeForPattern(size.value)}$`)],
);
const ALIGNMENT = [new RegExp(`^(${ADMIN_DOC_ALIGNMENTS.join('|')})$`)];

/**
 * The allow-list matches the editor's toolbar and nothing more: paragraphs and line breaks,
 * bold, italic, underline, lists, coloured or sized text (span/mark with colour,
 * background colour and the four font sizes) and paragraph alignment. Every other tag is
 * dropped with its attributes (the text of script, style and the like goes too); every
 * other attribute, including each event handler, class and href, never survives.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'span', 'mark'],
  allowedAttributes: {
    p: ['style'],
    li: ['style'],
    span: ['style'],
    mark: ['style'],
    ol: ['start'],
  },
  allowedStyles: {
    p: { 'text-align': ALIGNMENT },
    li: { 'text-align': ALIGNMENT },
    span: { color: COLOUR, 'background-color': COLOUR, 'font-size': FONT_SIZES },
    mark: { color: COLOUR, 'background-color': COLOUR },
  },
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Content of these is never shown as text: a dropped <script> must not leave its code.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'xmp', 'iframe'],
  parseStyleAttributes: true,
  transformTags: {
    // A list's start is a number or nothing.
    ol: (tagName, attribs): sanitizeHtml.Tag => {
      const start = attribs.start ?? '';
      return { tagName, attribs: /^\d{1,6}$/.test(start) ? { start } : {} };
    },
  },
};

/** Admin documentation HTML as it may be stored and shown: only what the toolbar makes. */
export const sanitiseDocHtml = (html: string) => sanitizeHtml(html, OPTIONS);
