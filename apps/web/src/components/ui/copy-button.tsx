import { useEffect, useState } from 'react';
import { Button } from './button';

/** How long 'Copied' stays before the button reads 'Copy' again. */
export const COPIED_MS = 2000;

type TCopyButtonProps = {
  text: string;
  /** What is copied, for the button's name: 'tracking number' → 'Copy tracking number'. */
  what: string;
  /** The button's visible words, when they name what is copied ('Copy codes'); else 'Copy'. */
  label?: string;
  /** What to do when the browser will not copy. */
  failedText?: string;
};

/**
 * Copies a value to the clipboard (the full tracking number, for a ticket or a call). The
 * result is said in a polite status beside the button: 'Copied', or what to do instead.
 */
export const CopyButton = ({
  text,
  what,
  label,
  failedText = 'Could not copy: select the number and copy it.',
}: TCopyButtonProps) => {
  const [result, setResult] = useState<'copied' | 'failed'>();
  useEffect(() => {
    if (result !== 'copied') {
      return undefined;
    }
    const timer = window.setTimeout(() => setResult(undefined), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [result]);

  const copy = () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard) {
      setResult('failed');
      return;
    }
    clipboard.writeText(text).then(
      () => setResult('copied'),
      () => setResult('failed'),
    );
  };

  return (
    <span className="inline-flex items-center gap-2">
      {/* The visible word stays 'Copy', part of its name (WCAG 2.5.3); the status says the rest. */}
      <Button size="sm" aria-label={label ? undefined : `Copy ${what}`} onClick={copy}>
        {label ?? 'Copy'}
      </Button>
      <span role="status" className="text-xs text-slate-600">
        {result === 'copied' ? 'Copied' : result === 'failed' ? failedText : null}
      </span>
    </span>
  );
};
