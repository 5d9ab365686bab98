/**
 * A trainee's progress (decisions.md#insights-and-administration §1): the practice counts and the weakest criterion, the stars per
 * criterion over the reviewed assignments as a table and a CSV file, and the empty state.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { insightsText } from '../../../config/insights-text';
import { renderWithProviders } from '../../../test/render';
import { captureDownloads } from '../testing/csv-capture';
import { traineeProgressFixture } from '../testing/fixtures';
import { TraineeProgressContent } from './trainee-progress';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const figure = (label: string) => screen.getByText(label).closest('[data-figure]')!;

describe('TraineeProgressContent', () => {
  it('shows the practice counts and the weakest criterion over the reviews', () => {
    renderWithProviders(<TraineeProgressContent progress={traineeProgressFixture} />);
    expect(figure(insightsText.weakestCriterion)).toHaveTextContent('Clarity');
    expect(figure(insightsText.weakestCriterion)).toHaveTextContent(insightsText.meanOf('3.00', 2));
    expect(figure(insightsText.assignments)).toHaveTextContent('3');
    expect(figure(insightsText.practiceSessions)).toHaveTextContent('4');
    expect(
      figure(`${insightsText.reviewed} / ${insightsText.toReview} / ${insightsText.pending}`),
    ).toHaveTextContent('2 / 0 / 1');
  });

  it('shows the stars per criterion over time as a table and a CSV file', async () => {
    const files = captureDownloads();
    renderWithProviders(<TraineeProgressContent progress={traineeProgressFixture} />);
    const region = screen.getByRole('region', { name: insightsText.progressTitle });
    await userEvent.click(within(region).getByRole('radio', { name: insightsText.table }));
    const table = within(region).getByRole('table', { name: insightsText.progressCaption });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      [
        insightsText.reviewedAt,
        insightsText.assignment,
        insightsText.score,
        insightsText.practiceSessions,
        'Clarity',
        'Empathy',
      ],
      ['2026-10-02', 'Cold call', '2.50', '3', '2', '3'],
      ['2026-11-20', 'Sales practice', '4.50', '1', '4', '5'],
    ]);
    await userEvent.click(
      within(region).getByRole('button', {
        name: insightsText.downloadCsvLabel(insightsText.progressTitle),
      }),
    );
    expect(files[0]!.name).toBe('user-21-progress.csv');
    expect((await files[0]!.text()).split('\r\n')[2]).toBe('2026-11-20,Sales practice,4.50,1,4,5');
  });

  it('says when nothing is reviewed yet', () => {
    renderWithProviders(
      <TraineeProgressContent
        progress={{ ...traineeProgressFixture, criteria: [], reviews: [] }}
      />,
    );
    expect(screen.getByText(insightsText.noProgress)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /CSV/ })).toBeNull();
  });
});
