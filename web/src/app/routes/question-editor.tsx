/**
 * /dbl/{contentId}/questions/create and /dbl/{contentId}/questions/{id}/edit, query contentTypeId
 * (001 §2 'New question'): the title '{content type label}: New question'; an unknown content type
 * falls back to the interview type. Cancel or save returns to the editor of the interview or
 * evaluation the question belongs to (decisions.md#console-flows §2): one step back when this page was opened from
 * that editor, else to the editor's address in place of this page — never to wherever history
 * happens to lead (a bookmark would have left for about:blank). A missing content or question goes
 * back (001 §8).
 */
import { Center } from '@mantine/core';
import {
  ContentType,
  contentTypeIds,
  contentTypeLabels,
  format,
  messages,
  type Content,
  type ContentTypeId,
} from '@practica/contract';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '@shared/components/page-title';
import { paths, queryParams } from '@shared/config/paths';
import {
  openedFromContentEditor,
  QuestionForm,
  useQuestion,
  useQuestionnaire,
} from '../../features/content';
import { useGoBack } from './go-back';
import { StatusLoader } from '@shared/components/page-loader';

function contentTypeOf(raw: string | null): ContentTypeId {
  const n = Number(raw);
  return (contentTypeIds as readonly number[]).includes(n)
    ? (n as ContentTypeId)
    : ContentType.Interview;
}

/** The editor of the interview or evaluation `content` (where a question's Save and Cancel go). */
export function contentEditorPath(content: Pick<Content, 'id' | 'contentTypeId'>): string {
  return content.contentTypeId === ContentType.Interview
    ? paths.interviewEdit(content.id)
    : paths.evaluationEdit(content.contentTypeId, content.id);
}

/** The question editor (001 §2). */
export default function QuestionEditorPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
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
          onDone={() =>
            openedFromContentEditor(location.state)
              ? void navigate(-1)
              : void navigate(contentEditorPath(questionnaire.data.content), { replace: true })
          }
        />
      ) : (
        <Center py="xl">
          <StatusLoader />
        </Center>
      )}
    </>
  );
}
