import { describe, expect, it } from 'vitest';
import { safeRichText } from './safe-html';

describe('safeRichText', () => {
  it('keeps what the editor writes', () => {
    const html =
      '<h2>안내</h2><p class="ql-align-center"><strong>굵게</strong> <span style="color: rgb(230, 0, 0)">빨강</span></p>' +
      '<ul><li class="ql-indent-1">항목</li></ul><p><a href="https://ilson.kr" target="_blank">링크</a></p>' +
      '<img src="data:image/png;base64,iVBORw0KGgo=">';
    expect(safeRichText(html)).toBe(
      '<h2>안내</h2><p class="ql-align-center"><strong>굵게</strong> <span style="color: rgb(230, 0, 0)">빨강</span></p>' +
        '<ul><li class="ql-indent-1">항목</li></ul><p><a href="https://ilson.kr" target="_blank" rel="noopener noreferrer">링크</a></p>' +
        '<img src="data:image/png;base64,iVBORw0KGgo=">',
    );
  });

  it('drops scripts, handlers, foreign schemes, unknown classes and styles', () => {
    const html =
      '<p onclick="x()" class="evil ql-align-right" style="position: fixed; color: red">가</p>' +
      '<script>alert(1)</script><style>p { display: none }</style><template><p>숨김</p></template><svg><g onload="x()"></g></svg>' +
      '<a href=" javascript:alert(1)">나</a><img src="x" onerror="alert(1)"><img src="data:image/svg+xml;base64,AAAA">' +
      '<form action="https://x"><button formaction="javascript:x()">다</button></form>';
    expect(safeRichText(html)).toBe(
      '<p class="ql-align-right" style="color: red">가</p><a rel="noopener noreferrer">나</a>다',
    );
  });
});
