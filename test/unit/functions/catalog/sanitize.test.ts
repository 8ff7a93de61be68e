import { describe, expect, it } from 'vitest';
import { sanitizeTemplateHtml } from '../../../../functions/catalog/sanitize';

describe('sanitizeTemplateHtml', () => {
  it('strips scripts, event handlers and images', () => {
    const out = sanitizeTemplateHtml(
      '<p onclick="steal()">Hello<script>alert(1)</script><img src=x onerror="alert(2)"></p>',
    );
    expect(out).toBe('<p>Hello</p>');
    expect(out).not.toMatch(/script|onerror|onclick|alert/);
  });

  it('keeps basic markup and http(s) links, and drops other schemes, styles and frames', () => {
    const out = sanitizeTemplateHtml(
      '<h3 style="color:red">Title</h3><ul><li><strong>a</strong> <em>b</em></li></ul>' +
        '<p><a href="https://trobly.example/help" onmouseover="x()">help</a> ' +
        '<a href="javascript:alert(1)">bad</a> <a href="data:text/html,hi">data</a></p>' +
        '<iframe src="https://evil.example"></iframe><style>p{}</style>',
    );
    expect(out).toBe(
      '<h3>Title</h3><ul><li><strong>a</strong> <em>b</em></li></ul>' +
        '<p><a href="https://trobly.example/help">help</a> <a>bad</a> <a>data</a></p>',
    );
  });
});
