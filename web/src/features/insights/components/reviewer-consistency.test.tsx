/**
 * Reviewer consistency (decisions.md#insights-and-administration §1): the weakest criterion, the overall agreement and the reviewer
 * who strays most from the mean answered at a glance; a reviewer 0.8 stars above the mean stands
 * out in the table; the pairs' agreement as a table and CSV; the empty states.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { insightsText } from '../../../config/insights-text';
import { renderWithProviders } from '../../../test/render';
import { captureDownloads } from '../testing/csv-capture';
import { reviewerConsistencyFixture } from '../testing/fixtures';
import { ReviewerConsistencyContent } from './reviewer-consistency';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const show = (consistency = reviewerConsistencyFixture) =>
  renderWithProviders(<ReviewerConsistencyContent consistency={consistency} />);
const figure = (label: string) => screen.getByText(label).closest('[data-figure]')!;

describe('ReviewerConsistencyContent', () => {
  it('answers the weakest criterion, the agreement and the outlier at a glance', () => {
    show();
    expect(figure(insightsText.weakestCriterion)).toHaveTextContent('Clarity');
    expect(figure(insightsText.weakestCriterion)).toHaveTextContent(
      insightsText.meanOf('2.90', 10),
    );
    expect(figure(insightsText.agreementOverall)).toHaveTextContent('50% exact');
    expect(figure(insightsText.agreementOverall)).toHaveTextContent('83% within one star');
    expect(figure(insightsText.largestGap)).toHaveTextContent(
      insightsText.outlier('Mia Manager', '+0.80', 'Clarity'),
    );
  });

  it('makes a reviewer 0.8 above the mean stand out in the table', async () => {
    show();
    const region = screen.getByRole('region', { name: insightsText.deltaTitle });
    await userEvent.click(within(region).getByRole('radio', { name: insightsText.table }));
    const table = within(region).getByRole('table', { name: insightsText.reviewersTableCaption });
    const mia = within(table).getByRole('rowheader', { name: 'Mia Manager' }).closest('tr')!;
    expect(mia).toHaveTextContent('+0.80');
    const strong = mia.querySelectorAll('[data-outlier]');
    expect([...strong].map((b) => b.textContent)).toEqual(['+0.80']);
    const ivan = within(table).getByRole('rowheader', { name: 'Ivan Instructor' }).closest('tr')!;
    // Gaps under half a star do not stand out; an SD under 2 ratings is not given.
    expect(ivan.querySelectorAll('[data-outlier]')).toHaveLength(0);
    expect([...ivan.querySelectorAll('td')].map((c) => c.textContent)).toEqual([
      '4',
      '2.90',
      '2.60',
      '—',
      '−0.30',
      '3.75',
      '0.43',
      '+0.15',
    ]);
  });

  it('lists the agreement of reviewer pairs and exports it', async () => {
    const files = captureDownloads();
    show();
    const region = screen.getByRole('region', { name: insightsText.agreementTitle });
    await userEvent.click(within(region).getByRole('radio', { name: insightsText.table }));
    const rows = within(within(region).getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/Mia Manager\s*Ivan Instructor\s*3\s*6\s*50%\s*83%/);
    await userEvent.click(
      within(region).getByRole('button', {
        name: insightsText.downloadCsvLabel(insightsText.agreementTitle),
      }),
    );
    expect(files[0]!.name).toBe('organization-1-agreement.csv');
    expect((await files[0]!.text()).replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Reviewer A,Reviewer B,Shared answers,Shared ratings,Exact,Within one star',
      'Mia Manager,Ivan Instructor,3,6,50%,83%',
    ]);
  });

  it('exports the reviewers with mean, spread and gap per criterion', async () => {
    const files = captureDownloads();
    show();
    await userEvent.click(
      screen.getByRole('button', { name: insightsText.downloadCsvLabel(insightsText.deltaTitle) }),
    );
    expect(files[0]!.name).toBe('organization-1-reviewers.csv');
    const lines = (await files[0]!.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Reviewer,Reviews,Mean score,Clarity · Mean,Clarity · Spread (SD),Clarity · vs. mean,Empathy · Mean,Empathy · Spread (SD),Empathy · vs. mean',
    );
    expect(lines[1]).toBe('Mia Manager,6,3.60,3.70,0.47,0.8,3.50,0.50,-0.1');
  });

  it('says when no answer was reviewed twice, and when nothing was reviewed', () => {
    const { unmount } = show({
      ...reviewerConsistencyFixture,
      agreement: {
        overall: { pairs: 0, answers: 0, ratings: 0, exact: null, withinOne: null },
        pairs: [],
      },
    });
    const region = screen.getByRole('region', { name: insightsText.agreementTitle });
    expect(within(region).getByText(insightsText.noPairs)).toBeInTheDocument();
    expect(figure(insightsText.agreementOverall)).toHaveTextContent(insightsText.none);
    unmount();
    show({
      ...reviewerConsistencyFixture,
      criteria: [],
      reviewers: [],
      agreement: {
        overall: { pairs: 0, answers: 0, ratings: 0, exact: null, withinOne: null },
        pairs: [],
      },
    });
    expect(screen.getByText(insightsText.noConsistency)).toBeInTheDocument();
  });
});
