/**
 * The printable scorecard (decisions.md#console-flows §15): on the review screen of a Reviewed answer, the Scorecard
 * button beside Print Report opens this answer's scorecard; the scorecard opens the browser's
 * print dialog once by itself, and what prints (print media) is the sheet alone — the trainee, the
 * assignment, the reviewer and date, each criterion's stars and the feedback of the latest review —
 * without the toolbar. The seed's Reviewed answers are read through the API first, so the expected
 * texts are the server's.
 */
import { writeFileSync } from 'node:fs';
import {
  AnswerStatus,
  dateFormat,
  messages,
  type AnswerDetail,
  type AnswerList,
} from '@practica/contract';
import { expect, test } from '@playwright/test';
import dayjs from 'dayjs';
import { paths } from '@shared/config/paths';
import { reportText } from '../src/config/report-text';
import { demo, signInAs } from './helpers';
import { apiData, tokenOf } from './review-helpers';

/** For the first check after a page load: a busy machine may take a while to boot the console. */
const pageLoad = { timeout: 20_000 };

test('a reviewed answer prints as a one-sheet scorecard from Print Report', async ({
  page,
  request,
}) => {
  // Two page loads of the review screen and the scorecard, a PDF: room for a busy machine.
  test.setTimeout(120_000);
  const token = await tokenOf(request, demo.instructor);
  const { list } = await apiData<AnswerList>(
    request,
    token,
    `/api/assignments/answers?status=${AnswerStatus.Reviewed}&pageSize=50`,
  );
  expect(list.length).toBeGreaterThan(0);
  const answerId = [...list].sort((a, b) => a.id - b.id)[0]!.id;
  const answer = await apiData<AnswerDetail>(
    request,
    token,
    `/api/assignments/answers/${answerId}?includes=answers,assignments,contents,assets`,
  );
  const trainee = `${answer.user.firstName} ${answer.user.lastName}`;
  const ratings = answer.assignment.data.ratings?.questions ?? [];
  const given = new Map(answer.data.ratingsAnswer?.answers.map((a) => [a.questionId, a.text]));

  // window.print is counted instead of opening a dialog the headless browser cannot show.
  await page.addInitScript(() => {
    const w = window as unknown as { printCalls: number };
    w.printCalls = 0;
    window.print = () => {
      w.printCalls += 1;
    };
  });
  await signInAs(page, demo.instructor, paths.dashboard());
  await page.goto(paths.review(answerId));
  // Print Report is the spreadsheet's one-click download; the scorecard is its own button beside.
  const printReport = page.getByRole('button', { name: messages.printReport });
  await expect(printReport).toBeVisible(pageLoad);
  await page.getByRole('link', { name: reportText.scorecardButton }).click();

  const card = page.getByTestId('scorecard');
  await expect(card).toBeVisible(pageLoad);
  await expect(page).toHaveURL(paths.scorecard(answerId));
  await expect
    .poll(() => page.evaluate(() => (window as never as { printCalls: number }).printCalls))
    .toBe(1);
  await expect(card.getByRole('heading', { level: 1 })).toHaveText(trainee);
  await expect(card.getByTestId('scorecard-assignment')).toHaveText(answer.assignment.name);
  await expect(card.getByTestId('scorecard-reviewer')).toHaveText(
    answer.data.ratingsAnswer!.contentAnswer.createdByName,
  );
  await expect(card.getByTestId('scorecard-reviewed')).toHaveText(
    dayjs(answer.reviewedAt).format(dateFormat),
  );
  await expect(card.getByTestId('scorecard-rating')).toHaveCount(ratings.length);
  for (const q of ratings) {
    const stars = Number(given.get(q.id));
    await expect(
      card.getByRole('img', { name: reportText.starsLabel(q.text, stars, 5) }),
    ).toBeVisible();
  }
  await expect(card.getByTestId('scorecard-feedback')).toHaveCount(
    answer.assignment.data.feedback?.questions.length ?? 0,
  );
  await page.screenshot({ path: test.info().outputPath('scorecard-screen.png'), fullPage: true });

  // On paper: the sheet alone, no toolbar.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: reportText.print })).toBeHidden();
  await expect(page.getByRole('link', { name: reportText.backToReview })).toBeHidden();
  await expect(card).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('scorecard-print.png'), fullPage: true });
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  writeFileSync(test.info().outputPath('scorecard.pdf'), pdf);
  await page.emulateMedia({ media: 'screen' });

  // Print asks again; a reload shows the sheet without printing by itself.
  await page.getByRole('button', { name: reportText.print }).click();
  await page.reload();
  await expect(card).toBeVisible(pageLoad);
  await expect
    .poll(() => page.evaluate(() => (window as never as { printCalls: number }).printCalls))
    .toBe(0);
  await page.getByRole('link', { name: reportText.backToReview }).click();
  await expect(page).toHaveURL(paths.review(answerId));
});
