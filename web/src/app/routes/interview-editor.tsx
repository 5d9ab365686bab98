/**
 * /dbl/interviews/create and /dbl/interviews/{id}/edit (001 §2 'New Interview'): the details form;
 * after the first save history is replaced with the new interview's edit screen. The edit screen
 * adds the question table and the state actions (001 §4). A missing interview goes back (001 §8).
 */
import { Center } from '@mantine/core';
import { ContentType } from '@practica/contract';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageTitle } from '@shared/components/page-title';
import { paths } from '@shared/config/paths';
import { ContentEditor, useQuestionnaire } from '../../features/content';
import { useGoBack } from './go-back';
import { StatusLoader } from '@shared/components/page-loader';

/** The interview editor (001 §2). */
export default function InterviewEditorPage() {
  const params = useParams();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const id = Number(params.id);
  const editing = Number.isInteger(id) && id > 0;
  const { data, isError } = useQuestionnaire(editing ? id : null);

  useEffect(() => {
    if (isError || (data && data.content.contentTypeId !== ContentType.Interview)) goBack();
  }, [isError, data, goBack]);

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
        contentTypeId={ContentType.Interview}
        questionnaire={data}
        onCreated={(saved) => void navigate(paths.interviewEdit(saved.id), { replace: true })}
        onLeave={() => void navigate(paths.interviews(), { replace: true })}
        questionCreatePath={(contentId) => paths.questionCreate(contentId, ContentType.Interview)}
        questionEditPath={(contentId, questionId) =>
          paths.questionEdit(contentId, questionId, ContentType.Interview)
        }
      />
    </>
  );
}
