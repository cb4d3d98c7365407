import sanitizeHtml from 'sanitize-html';
import { allowedLinkProtocols, isAllowedLinkHref } from '@reelsmith/shared';

// The allow-list matches what the template editor produces (spec §2: headers 1–3, marks, colour,
// background, lists, alignment, link, image); everything else is dropped before a template is stored.

const colour = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.\s%,]+\)$/i, /^[a-z]{3,20}$/i];
const alignment = [/^(left|right|center|justify)$/];

const options: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'span', 'mark', 'ol', 'ul', 'li', 'a', 'img'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    span: ['style'],
    mark: ['style', 'data-color'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    li: ['style'],
  },
  allowedStyles: {
    span: { color: colour, 'background-color': colour },
    mark: { color: colour, 'background-color': colour },
    p: { 'text-align': alignment },
    h1: { 'text-align': alignment },
    h2: { 'text-align': alignment },
    h3: { 'text-align': alignment },
    li: { 'text-align': alignment },
  },
  allowedSchemes: [...allowedLinkProtocols],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Script and style bodies are removed with their tags, never kept as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // E-mail has no base address, so a relative link is as unusable as a foreign scheme: blank it.
    a: (tagName, attribs) => {
      const { href, ...rest } = attribs;
      return {
        tagName,
        attribs: {
          ...(href !== undefined && isAllowedLinkHref(href) ? { href } : {}),
          ...rest,
          ...(attribs.target ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
        },
      };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^https?:\/\//i.test(frame.attribs.src ?? ''),
};

/** Template HTML reduced to the editor's allow-list: no scripts, handlers, foreign styles or unsafe links. */
export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html, options);
}
