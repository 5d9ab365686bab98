/**
 * /dbl/{contentId}/questions/create and /dbl/{contentId}/questions/{id}/edit, query contentTypeId
 * (001 §2 'New question'): the title '{content type label}: New question'; an unknown content type
 * falls back to the interview type. Cancel or save goes back one step; a missing content or
 * question goes back (001 §8).
 */
import { Center, Loader } from '@mantine/core';
import {
  ContentType,
  contentTypeIds,
  contentTypeLabels,
  format,
  messages,
  type ContentTypeId,
} from '@practica/contract';
import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { queryParams } from '../../config/paths';
import { QuestionForm, useQuestion, useQuestionnaire } from '../../features/content';
import { useGoBack } from './go-back';

function contentTypeOf(raw: string | null): ContentTypeId {
  const n = Number(raw);
  return (contentTypeIds as readonly number[]).includes(n)
    ? (n as ContentTypeId)
    : ContentType.Interview;
}

/** The question editor (001 §2). */
export default function QuestionEditorPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const contentId = Number(params.contentId);
  const questionId = Number(params.id);
  const editing = Number.isInteger(questionId) && questionId > 0;
  const contentTypeId = contentTypeOf(search.get(queryParams.contentTypeId));
  const questionnaire = useQuestionnaire(
    Number.isInteger(contentId) && contentId > 0 ? contentId : null,
  );
  const question = useQuestion(editing ? questionId : null);

  useEffect(() => {
    if (questionnaire.isError || question.isError || !(contentId > 0)) goBack();
  }, [questionnaire.isError, question.isError, contentId, goBack]);

  const ready = questionnaire.data && (!editing || question.data);
  return (
    <>
      <PageTitle
        title={
          editing
            ? messages.editQuestion
            : format.newQuestionTitle(contentTypeLabels[contentTypeId])
        }
      />
      {ready ? (
        <QuestionForm
          contentTypeId={contentTypeId}
          questionnaire={questionnaire.data}
          question={editing ? question.data : undefined}
          onDone={() => void navigate(-1)}
        />
      ) : (
        <Center py="xl">
          <Loader aria-label={messages.loading} />
        </Center>
      )}
    </>
  );
}
