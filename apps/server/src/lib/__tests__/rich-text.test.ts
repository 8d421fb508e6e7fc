import { describe, expect, it } from 'vitest';
import { hasVisibleContent, RICH_TEXT_TAGS, sanitizeRichText } from '../rich-text';

/** Classic XSS vectors, most from the OWASP XSS Filter Evasion Cheat Sheet. */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=http://xss.rocks/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=javascript:alert(&quot;XSS&quot;)>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="jAvAsCrIpT:alert(1)">x</a>',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<a href="java&NewLine;script:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="https://ok.example" onclick="alert(1)" onmouseover=alert(1)>ok</a>',
  '<a title="&quot;><img src=x onerror=alert(1)>" href="https://x.test">x</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<math href="javascript:alert(1)">CLICK</math>',
  "<style>@import 'http://xss.rocks/xss.css';</style>",
  '<body onload=alert(1)>',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  '<details open ontoggle=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<<SCRIPT>alert("XSS");//<</SCRIPT>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<img src="x" onerror="alert(1)"',
  '<p><a href="javascript:alert(1)"><b>nested <i>unclosed',
  '<div style="background-image: url(javascript:alert(1))">x</div>',
  '<div style="width: expression(alert(1))">x</div>',
  '<p style="color: red; behavior: url(xss.htc)">x</p>',
  '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">',
  '<img src="data:text/html,<script>alert(1)</script>">',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')"><TD BACKGROUND="javascript:alert(\'XSS\')">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<video><source onerror="alert(1)"></video>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<xss onafterscriptexecute=alert(1)><script>1</script>',
  '<template><script>alert(1)</script></template>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<img src="https://ok.test/a.png" onload="alert(1)">',
];

const ALLOWED_ATTRIBUTES = new Set([
  ...['style', 'class', 'href', 'title', 'target', 'rel', 'src', 'alt'],
  ...['width', 'height', 'start', 'colspan', 'rowspan', 'scope', 'span'],
]);
const SAFE_URL = /^(https?:\/\/|mailto:|data:image\/(png|jpe?g|gif|webp|avif|bmp);base64,)/i;

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Reads every tag of the output: allowed tags and attributes only, safe URLs, no script in styles. */
function expectInert(html: string) {
  for (const [, name, attributes] of html.matchAll(/<\/?([a-zA-Z0-9-]+)([^>]*)>/g)) {
    expect(RICH_TEXT_TAGS, html).toContain(name!.toLowerCase());
    for (const [, attribute, raw] of attributes!.matchAll(/([^\s"'=/]+)(?:="([^"]*)")?/g)) {
      expect(ALLOWED_ATTRIBUTES.has(attribute!.toLowerCase()), `${attribute} in ${html}`).toBe(true);
      const value = decodeEntities(raw ?? '');
      expect(value, html).not.toMatch(/javascript:|vbscript:|data:text/i);
      if (attribute === 'href' || attribute === 'src') expect(value, html).toMatch(SAFE_URL);
      if (attribute === 'style')
        expect(value, html).not.toMatch(/url\(|expression|javascript|@import|behavior/i);
    }
  }
  expect(html).not.toMatch(/<\s*(script|style|iframe|object|embed|svg|math|body|details|input|form)/i);
  // Stable: what is stored sanitises to itself.
  expect(sanitizeRichText(html)).toBe(html);
}

describe('sanitizeRichText', () => {
  it(`leaves no script vector in ${PAYLOADS.length} classic XSS payloads`, () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(30);
    for (const payload of PAYLOADS) expectInert(sanitizeRichText(payload));
    for (const payload of PAYLOADS) expectInert(sanitizeRichText(`<p>안내 ${payload} 끝</p>`));
  });

  it('keeps what a rich-text editor writes', () => {
    const html = [
      '<h2 style="text-align:center">공지</h2>',
      '<p><strong>굵게</strong> <em>기울임</em> <u>밑줄</u> <s>취소선</s> <span style="color:#e03e2d;background-color:rgb(251, 238, 184)">색</span></p>',
      '<ul><li>하나</li></ul><ol start="3"><li>셋</li></ol>',
      '<blockquote>인용</blockquote><pre><code>const a = 1;</code></pre>',
      '<p><a href="https://ilson.example/guide" target="_blank" rel="noopener noreferrer">안내</a> <a href="mailto:help@ilson.example" rel="noopener noreferrer">문의</a></p>',
      '<p><img src="https://cdn.ilson.example/a.png" alt="안내도" width="320" /><img src="data:image/png;base64,iVBORw0KGgo=" /></p>',
      '<table style="min-width:50px"><colgroup><col style="min-width:25px" /></colgroup><tbody><tr><th colspan="1" rowspan="1"><p>항목</p></th><td colspan="1" rowspan="1"><p>값</p></td></tr></tbody></table>',
      '<p class="ql-align-center">가운데</p>',
    ].join('');
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('gives every link rel="noopener noreferrer" and only target="_blank"', () => {
    expect(sanitizeRichText('<a href="https://a.test" target="_top" rel="opener">a</a>')).toBe(
      '<a href="https://a.test" rel="noopener noreferrer">a</a>',
    );
    expect(sanitizeRichText('<a href="/relative">a</a><a href="//evil.test">b</a>')).toBe(
      '<a rel="noopener noreferrer">a</a><a rel="noopener noreferrer">b</a>',
    );
  });

  it('keeps colours and alignment, drops any other style and class', () => {
    expect(
      sanitizeRichText(
        '<p style="color: red; position: fixed; text-align: right" class="ql-indent-1 evil">x</p>',
      ),
    ).toBe('<p style="color:red;text-align:right" class="ql-indent-1">x</p>');
  });

  it('tells whether anything visible is left', () => {
    expect(hasVisibleContent(sanitizeRichText('<script>alert(1)</script>'))).toBe(false);
    expect(hasVisibleContent('<p>&nbsp; </p>')).toBe(false);
    expect(hasVisibleContent('<p>안내</p>')).toBe(true);
    expect(hasVisibleContent('<img src="https://a.test/a.png" />')).toBe(true);
  });
});
