import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText } from './email-text';

describe(EmailText.name, () => {
  it('offers a line break right after the "@" and nowhere else', () => {
    const { container } = render(<EmailText email="sam.stockwell@example.com" />);
    expect(container.innerHTML).toBe('sam.stockwell@<wbr>example.com');
  });

  it('shows a text without "@" as it is', () => {
    const { container } = render(<EmailText email="sam" />);
    expect(container.innerHTML).toBe('sam');
  });
});
