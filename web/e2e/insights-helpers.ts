/** Reviews through the API with chosen stars, for the insights scenarios and screenshots (decisions.md#insights-and-administration §1). */
import { QuestionType, type AssignmentContent, type AssignmentDetail } from '@practica/contract';
import type { APIRequestContext } from '@playwright/test';
import { apiSend } from './review-helpers';

/** A review of one form: `stars` for its rating questions in order, plausible other answers. */
export function formAnswers(form: AssignmentContent | null, stars: readonly number[]) {
  let rating = 0;
  return (form?.questions ?? []).map((q) => {
    const ids = q.options.map((o) => o.id);
    switch (q.questionTypeId) {
      case QuestionType.Rating:
        return { questionId: q.id, text: String(stars[rating++ % stars.length]) };
      case QuestionType.Single:
        return { questionId: q.id, text: String(ids[0]) };
      case QuestionType.Multiple:
      case QuestionType.Rank:
        return { questionId: q.id, text: ids.slice(0, 2).join(',') };
      default:
        return { questionId: q.id, text: 'Clear and well structured.' };
    }
  });
}

/** Reviews answer `answerId` of `assignment` as `token`, with `stars` for its criteria in order. */
export async function reviewWithStars(
  request: APIRequestContext,
  token: string,
  assignment: AssignmentDetail,
  answerId: number,
  stars: readonly number[],
): Promise<void> {
  await apiSend(request, token, 'POST', `/api/assignments/interviews/answers/review/${answerId}`, {
    answers: {
      ratings: formAnswers(assignment.data.ratings, stars),
      feedback: formAnswers(assignment.data.feedback, stars),
    },
  });
}
