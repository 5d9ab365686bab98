/**
 * /dbl/{contentTypeId}/evaluations/create and …/{id}/edit (001 §2 evaluations, §4, §5): title and
 * description, then the questions and the state actions (messages.saveEvaluationBeforeSubmitting; in
 * Review only Edit and Cancel). After the first save history is replaced with the edit screen.
 */
import { Center } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageTitle } from '@shared/components/page-title';
import { paths } from '@shared/config/paths';
import { ContentEditor, useQuestionnaire } from '../../features/content';
import { evaluationTypeOf } from './evaluations';
import { useGoBack } from './go-back';
import { StatusLoader } from '@shared/components/page-loader';

/** The evaluation editor (001 §2). */
export default function EvaluationEditorPage() {
  const params = useParams();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const contentTypeId = evaluationTypeOf(params.contentTypeId);
  const id = Number(params.id);
  const editing = Number.isInteger(id) && id > 0;
  const { data, isError } = useQuestionnaire(editing ? id : null);

  useEffect(() => {
    if (isError || (data && data.content.contentTypeId !== contentTypeId)) goBack();
  }, [isError, data, contentTypeId, goBack]);

  if (editing && !data) {
    return (
      <Center py="xl">
        <StatusLoader />
      </Center>
    );
  }
  return (
    <>
      {data && <PageTitle title={data.content.name} />}
      <ContentEditor
        key={editing ? id : 'new'}
        contentTypeId={contentTypeId}
        questionnaire={data}
        onCreated={(saved) =>
          void navigate(paths.evaluationEdit(contentTypeId, saved.id), { replace: true })
        }
        onLeave={() => void navigate(paths.evaluations(contentTypeId), { replace: true })}
        questionCreatePath={(contentId) => paths.questionCreate(contentId, contentTypeId)}
        questionEditPath={(contentId, questionId) =>
          paths.questionEdit(contentId, questionId, contentTypeId)
        }
      />
    </>
  );
}
