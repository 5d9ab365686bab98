/**
 * Loading indicators are announced, and carry no name where ARIA forbids one: Mantine's Loader is
 * a `span`, and an `aria-label` on it failed the axe tour (aria-prohibited-attr) while an editor
 * loaded.
 */
import { messages } from '@practica/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { PageLoader, StatusLoader } from './page-loader';

/** Elements with an `aria-label` but no role: ARIA does not let such an element be named. */
const namedWithoutRole = (root: HTMLElement) =>
  [...root.querySelectorAll('[aria-label]')].filter((el) => !el.getAttribute('role'));

describe('StatusLoader', () => {
  it('is a status that reads the loading text (or the given label) and names no bare span', () => {
    const { container } = renderWithProviders(
      <>
        <StatusLoader />
        <StatusLoader label="Loading the insights…" size="sm" />
      </>,
    );
    const [plain, labelled] = screen.getAllByRole('status');
    expect(within(plain!).getByText(messages.loading)).toBeInTheDocument();
    expect(within(labelled!).getByText('Loading the insights…')).toBeInTheDocument();
    expect(namedWithoutRole(container)).toEqual([]);
  });

  it('PageLoader is the same status, full-area', () => {
    const { container } = renderWithProviders(<PageLoader />);
    expect(within(screen.getByRole('status')).getByText(messages.loading)).toBeInTheDocument();
    expect(namedWithoutRole(container)).toEqual([]);
  });
});
