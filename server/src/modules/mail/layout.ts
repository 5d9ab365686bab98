/**
 * The HTML of every mail (decisions.md#mail): one layout, rendered with React's
 * `renderToStaticMarkup` (the React the console uses), which escapes every text and attribute, so
 * no value a user typed reaches the markup as HTML. Inline styles only, as mail clients want.
 */
import { createElement as h, type CSSProperties, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** What a mail's HTML shows, top to bottom; every string is plain text. */
export interface MailLayout {
  /** The greeting line, e.g. 'Hello Ann,'. */
  hello: string;
  paragraphs: readonly string[];
  /** A button to the link, with the link written out under it for clients that drop buttons. */
  action?: { label: string; link: string } | undefined;
  /** Paragraphs after the action. */
  after: readonly string[];
  /** A closing line in small print with a link. */
  footnote?: { text: string; linkLabel: string; link: string } | undefined;
}

const paragraph: CSSProperties = { margin: '0 0 16px' };
const smallPrint: CSSProperties = { margin: '0 0 16px', fontSize: '13px', color: '#555555' };
const button: CSSProperties = {
  background: '#ed1d24',
  color: '#ffffff',
  padding: '12px 20px',
  borderRadius: '6px',
  textDecoration: 'none',
  display: 'inline-block',
};

const p = (text: string, key?: string): ReactNode => h('p', { key, style: paragraph }, text);

/** The mail's HTML document (`<!doctype html>` and the rendered layout). */
export function renderMailHtml(mail: MailLayout): string {
  const { action, footnote } = mail;
  const body = h(
    'div',
    {
      style: {
        maxWidth: '560px',
        margin: '0 auto',
        background: '#ffffff',
        borderRadius: '8px',
        padding: '32px',
      },
    },
    p(mail.hello),
    ...mail.paragraphs.map((text, i) => p(text, `p${i}`)),
    action
      ? [
          h(
            'p',
            { key: 'button', style: { margin: '24px 0' } },
            h('a', { href: action.link, style: button }, action.label),
          ),
          h(
            'p',
            { key: 'link', style: smallPrint },
            'If the button does not work, open this link: ',
            h('a', { href: action.link }, action.link),
          ),
        ]
      : null,
    ...mail.after.map((text, i) => p(text, `a${i}`)),
    footnote
      ? h(
          'p',
          { style: smallPrint },
          `${footnote.text} `,
          h('a', { href: footnote.link }, footnote.linkLabel),
        )
      : null,
    h('p', { style: { margin: '24px 0 0', color: '#777777' } }, '— Practica'),
  );
  const document = h(
    'html',
    null,
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width' }),
    ),
    h(
      'body',
      {
        style: {
          margin: 0,
          padding: '24px',
          background: '#f5f5f5',
          fontFamily: 'Arial,Helvetica,sans-serif',
          color: '#222222',
        },
      },
      body,
    ),
  );
  return `<!doctype html>${renderToStaticMarkup(document)}`;
}
