import { describe, expect, it } from 'vitest';
import { sanitiseDocHtml } from './sanitiser';
import { ALLOWED_STYLE, FORBIDDEN_IN_OUTPUT, XSS_PAYLOADS } from './xss-payloads';

const styles = (html: string) => [...html.matchAll(/style="([^"]*)"/g)].map((m) => m[1] ?? '');

describe('the admin documentation sanitiser', () => {
  it.each(XSS_PAYLOADS.map((payload) => [payload]))('disarms %s', (payload) => {
    const output = sanitiseDocHtml(`<p>Before</p>${payload}<p>After</p>`);
    for (const forbidden of FORBIDDEN_IN_OUTPUT) {
      expect(output, `${forbidden} in ${output}`).not.toMatch(forbidden);
    }
    for (const style of styles(output)) {
      expect(style).toMatch(ALLOWED_STYLE);
    }
    // The text around it stays (what follows an unclosed tag may be swallowed with it).
    expect(output).toContain('<p>Before</p>');
    // Sanitising what was stored changes nothing: the stored form is already safe.
    expect(sanitiseDocHtml(output)).toBe(output);
  });

  it('keeps everything the toolbar makes, as the editor writes it', () => {
    const html =
      '<p style="text-align: center"><strong>Bold</strong> <em>italic</em> <u>under</u></p>' +
      '<p style="text-align: right"><span style="color: #dc2626">red</span> ' +
      '<span style="background-color: rgb(254, 240, 138)">marked</span> ' +
      '<span style="font-size: 12px">small</span><span style="font-size: 24px">huge</span></p>' +
      '<ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol><p>a<br>b</p>';
    expect(sanitiseDocHtml(html)).toBe(
      '<p style="text-align:center"><strong>Bold</strong> <em>italic</em> <u>under</u></p>' +
        '<p style="text-align:right"><span style="color:#dc2626">red</span> ' +
        '<span style="background-color:rgb(254, 240, 138)">marked</span> ' +
        '<span style="font-size:12px">small</span><span style="font-size:24px">huge</span></p>' +
        '<ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol><p>a<br />b</p>',
    );
  });

  it('drops a font size, alignment or colour the toolbar does not offer', () => {
    expect(
      sanitiseDocHtml(
        '<p style="text-align: justify"><span style="font-size: 99px; color: red">x</span></p>',
      ),
    ).toBe('<p><span>x</span></p>');
    expect(sanitiseDocHtml('<h1>Heading</h1><blockquote>q</blockquote>')).toBe('Headingq');
  });
});
