import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonVariants, type TButtonSize, type TButtonVariant } from './button';

const VARIANTS: TButtonVariant[] = ['primary', 'secondary', 'ghost', 'danger', 'link'];
const SIZES: TButtonSize[] = ['sm', 'md', 'icon'];
const classesOf = (element: HTMLElement) => element.className.split(' ');
const heights = (classes: string[]) => classes.filter((name) => /^(h|size)-/.test(name));

describe('buttonVariants', () => {
  it.each(SIZES)('gives size %s one height whatever the variant (link aside)', (size) => {
    const expected = { sm: ['h-8'], md: ['h-10'], icon: ['size-10'] }[size];
    for (const variant of VARIANTS.filter((name) => name !== 'link')) {
      expect(heights(buttonVariants({ variant, size }).split(' '))).toEqual(expected);
    }
  });

  it('keeps one type size for every variant and size', () => {
    for (const variant of VARIANTS.filter((name) => name !== 'link')) {
      for (const size of SIZES) {
        const classes = buttonVariants({ variant, size }).split(' ');
        expect(classes.filter((name) => /^text-(xs|sm|base|lg)$/.test(name))).toEqual(['text-sm']);
      }
    }
  });

  it('draws a link as tall as the text around it', () => {
    const classes = buttonVariants({ variant: 'link', size: 'md' }).split(' ');
    expect(classes).toContain('h-auto');
    expect(classes).not.toContain('h-10');
    expect(classes).not.toContain('text-sm');
  });

  it('tells the variants apart by colour', () => {
    expect(buttonVariants({ variant: 'primary' })).toContain('bg-brand-600');
    expect(buttonVariants({ variant: 'secondary' })).toContain('border-slate-300');
    expect(buttonVariants({ variant: 'secondary' })).toContain('aria-pressed:bg-brand-50');
    expect(buttonVariants({ variant: 'danger' })).toContain('bg-red-700');
    expect(buttonVariants({ variant: 'ghost' })).toContain('hover:bg-slate-100');
    expect(buttonVariants({ variant: 'link' })).toContain('text-brand-700');
  });
});

describe('Button', () => {
  it('is a secondary, md, type="button" button with a focus ring and disabled looks', () => {
    render(<Button>Refresh</Button>);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Refresh' });
    expect(button.type).toBe('button');
    expect(classesOf(button)).toEqual(
      expect.arrayContaining(['h-10', 'border-slate-300', 'focus-visible:ring-2']),
    );
    expect(classesOf(button)).toEqual(
      expect.arrayContaining(['disabled:opacity-60', 'aria-disabled:opacity-60']),
    );
  });

  it("merges the caller's classes over the variant's, and forwards its ref", () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} variant="primary" size="sm" type="submit" className="w-full px-6">
        Sign in
      </Button>,
    );
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Sign in' });
    expect(ref.current).toBe(button);
    expect(button.type).toBe('submit');
    expect(classesOf(button)).toEqual(expect.arrayContaining(['h-8', 'w-full', 'px-6']));
    expect(classesOf(button)).not.toContain('px-3');
  });

  it('does not fire while disabled', () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Save
      </Button>,
    );
    screen.getByRole('button', { name: 'Save' }).click();
    expect(onClick).not.toHaveBeenCalled();
  });

  it('styles its child instead with asChild, keeping the link a link', () => {
    render(
      <Button asChild variant="link">
        <a href="/login">Back to login</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Back to login' });
    expect(link.getAttribute('href')).toBe('/login');
    expect(link.hasAttribute('type')).toBe(false);
    expect(classesOf(link)).toContain('text-brand-700');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('with asChild, runs both click handlers, sets both refs and joins the classes', () => {
    const order: string[] = [];
    const buttonRef = createRef<HTMLButtonElement>();
    const childRef = createRef<HTMLAnchorElement>();
    render(
      <Button asChild ref={buttonRef} size="sm" onClick={() => order.push('button')}>
        <a
          href="#top"
          ref={childRef}
          className="ml-2"
          onClick={(event) => {
            event.preventDefault();
            order.push('link');
          }}
        >
          Top
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Top' });
    link.click();
    expect(order).toEqual(['link', 'button']);
    expect(childRef.current).toBe(link);
    expect(buttonRef.current).toBe(link);
    expect(classesOf(link)).toEqual(expect.arrayContaining(['h-8', 'ml-2']));
  });
});
