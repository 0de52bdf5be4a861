import { describe, expect, it } from 'vitest';
import { renderHtml, testI18n } from '#testing/render-html';
import { testAction } from '../test-action';
import { ActionTry } from './action-try';

describe('the try form', () => {
  it('gives each input a field of its type, says which are optional or masked, and never suggests values', async () => {
    const action = testAction({
      inputs: [
        ...testAction().inputs,
        { key: 'guests', label: 'Guests', type: 'number', required: true, description: '', sensitive: false, choices: [] },
        { key: 'email', label: 'E-mail', type: 'email', required: true, description: '', sensitive: false, choices: [] },
        { key: 'size', label: 'Size', type: 'choice', required: true, description: '', sensitive: false, choices: ['S', 'M'] },
      ],
    });
    const html = renderHtml(<ActionTry sparkId="spark-1" action={action} />, await testI18n('en'));
    expect(html).toContain('Try “Order status”');
    const typeOf = (name: string) => new RegExp(`<input [^>]*type="([a-z]+)"[^>]*name="${name}"`).exec(html)?.[1];
    expect(['order', 'birth', 'guests', 'email'].map(typeOf)).toEqual(['text', 'date', 'number', 'email']);
    expect(html).toMatch(/<input [^>]*inputMode="decimal"[^>]*name="guests"/);
    expect(html).toContain('<option value="S">S</option><option value="M">M</option>');
    expect(html).toContain('>Birth date (optional)</label>');
    expect(html).toContain('Masked in the runs&#x27; log.');
    expect(html.match(/autoComplete="off"/g)).toHaveLength(4);
    expect(html).toContain('>Run</button>');
    expect(html).not.toContain('data-testid="action-try-result"');
  });
});
