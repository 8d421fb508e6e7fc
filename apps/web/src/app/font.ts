/** The Korean-first font stack, for antd's token and the plain screens alike (index.css repeats it for the body). */
export const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Apple SD Gothic Neo', Pretendard, 'Malgun Gothic', 'Noto Sans KR', 'Noto Sans CJK KR', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
