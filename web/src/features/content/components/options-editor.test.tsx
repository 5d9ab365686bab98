/**
 * The options editor (001 §3 option correctAnswer, §5): new options are named 'Option {n}'; the
 * counter reads n/10 and turns to the danger colour at the maximum, where Add Option disappears;
 * single choice marks at most one correct answer, multiple choice several, rating and ranking none; a type
 * change keeps only the correct answers the new type can hold.
 */
import {
  ContentType,
  format,
  maxOptionsPerQuestion,
  QuestionType,
  type ContentTypeId,
  type QuestionTypeId,
} from '@practica/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { contentApprovalText } from '../../../config/content-approval-text';
import { contentText } from '../../../config/content-text';
import { renderWithProviders } from '../../../test/render';
import { fitCorrectAnswers, OptionsEditor, type OptionRow } from './options-editor';

const rows = (n: number, correct: number[] = []): OptionRow[] =>
  Array.from({ length: n }, (_, i) => ({
    id: null,
    text: format.optionName(i + 1),
    correctAnswer: correct.includes(i) ? 1 : 0,
  }));

/** The editor with its own state, reporting every change. */
function Harness({
  initial,
  type,
  disabled,
  onChange,
  contentTypeId,
}: {
  initial: OptionRow[];
  type: QuestionTypeId;
  disabled?: boolean;
  onChange?: (options: OptionRow[]) => void;
  contentTypeId?: ContentTypeId;
}) {
  const [options, setOptions] = useState(initial);
  return (
    <OptionsEditor
      options={options}
      questionTypeId={type}
      contentTypeId={contentTypeId}
      disabled={disabled ?? false}
      onChange={(next) => {
        setOptions(next);
        onChange?.(next);
      }}
    />
  );
}

const counter = () => screen.getByTestId('options-count');
const addButton = () => screen.queryByRole('button', { name: contentText.addOption });
/** The correct-answer checkbox of option `n`. */
const correctOf = (n: number) =>
  screen.getByRole('checkbox', { name: contentText.correctAnswerOf(format.optionName(n)) });

describe('OptionsEditor', () => {
  it("adds options named 'Option {n}' until the maximum, then hides Add Option", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(
      <Harness
        initial={rows(maxOptionsPerQuestion - 2)}
        type={QuestionType.Rank}
        onChange={onChange}
      />,
    );
    expect(counter()).toHaveTextContent(
      contentText.optionsCount(maxOptionsPerQuestion - 2, maxOptionsPerQuestion),
    );
    await user.click(addButton()!);
    expect(onChange).toHaveBeenLastCalledWith(rows(maxOptionsPerQuestion - 1));
    expect(
      screen.getByRole('textbox', { name: format.optionName(maxOptionsPerQuestion - 1) }),
    ).toHaveValue(format.optionName(maxOptionsPerQuestion - 1));
    expect(addButton()).toBeInTheDocument();
    await user.click(addButton()!);
    expect(screen.getAllByRole('textbox')).toHaveLength(maxOptionsPerQuestion);
    expect(counter()).toHaveTextContent(
      contentText.optionsCount(maxOptionsPerQuestion, maxOptionsPerQuestion),
    );
    expect(addButton()).not.toBeInTheDocument();
  });

  it('turns the counter to the danger colour only at the maximum', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={rows(maxOptionsPerQuestion)} type={QuestionType.Rank} />);
    expect(counter().getAttribute('style')).toMatch(/red/);
    await user.click(screen.getByRole('button', { name: contentText.removeOption(1) }));
    expect(counter()).toHaveTextContent(
      contentText.optionsCount(maxOptionsPerQuestion - 1, maxOptionsPerQuestion),
    );
    expect(counter().getAttribute('style') ?? '').not.toMatch(/red/);
    expect(addButton()).toBeInTheDocument();
  });

  it('offers no add or remove while disabled', () => {
    renderWithProviders(<Harness initial={rows(2)} type={QuestionType.Single} disabled />);
    expect(addButton()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: contentText.removeOption(1) })).toBeNull();
    expect(correctOf(1)).toBeDisabled();
  });

  it('marks one correct answer for a single-choice question', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(
      <Harness initial={rows(2, [0])} type={QuestionType.Single} onChange={onChange} />,
    );
    expect(screen.getByText(contentText.markCorrectOne)).toBeInTheDocument();
    expect(correctOf(1)).toBeChecked();
    await user.click(correctOf(2));
    expect(correctOf(2)).toBeChecked();
    expect(correctOf(1)).not.toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(rows(2, [1]));
    // None is a valid answer key too.
    await user.click(correctOf(2));
    expect(onChange).toHaveBeenLastCalledWith(rows(2));
  });

  it('marks several correct answers for a multiple-choice question', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(
      <Harness initial={rows(4)} type={QuestionType.Multiple} onChange={onChange} />,
    );
    expect(screen.getByText(contentText.markCorrectMany)).toBeInTheDocument();
    await user.click(correctOf(1));
    await user.click(correctOf(3));
    expect(onChange).toHaveBeenLastCalledWith(rows(4, [0, 2]));
    await user.click(correctOf(1));
    expect(onChange).toHaveBeenLastCalledWith(rows(4, [2]));
  });

  it.each([QuestionType.Rating, QuestionType.Rank])(
    'shows no correct-answer control for type %i',
    (type) => {
      renderWithProviders(<Harness initial={rows(4)} type={type} />);
      expect(screen.queryByRole('checkbox')).toBeNull();
    },
  );

  it.each([QuestionType.Single, QuestionType.Multiple])(
    'does not speak of correct answers for a feedback choice question (type %i, decisions.md#console-flows §8)',
    async (type) => {
      const user = userEvent.setup();
      const onChange = vi.fn();
      renderWithProviders(
        <Harness
          initial={rows(2)}
          type={type}
          contentTypeId={ContentType.Feedback}
          onChange={onChange}
        />,
      );
      expect(screen.queryByRole('checkbox')).toBeNull();
      expect(screen.queryByText(/correct/i)).toBeNull();
      expect(screen.getByText(contentApprovalText.feedbackOptionsHint)).toBeInTheDocument();
      // The choices themselves stay editable.
      await user.click(addButton()!);
      expect(onChange).toHaveBeenLastCalledWith(rows(3));
    },
  );
});

describe('fitCorrectAnswers', () => {
  it('keeps the first correct answer for single choice, all for multiple, none otherwise', () => {
    const marked = rows(4, [1, 3]);
    expect(fitCorrectAnswers(marked, QuestionType.Single)).toEqual(rows(4, [1]));
    expect(fitCorrectAnswers(marked, QuestionType.Multiple)).toEqual(marked);
    expect(fitCorrectAnswers(marked, QuestionType.Rating)).toEqual(rows(4));
    expect(fitCorrectAnswers(marked, QuestionType.Rank)).toEqual(rows(4));
  });
});
