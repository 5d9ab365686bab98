/**
 * /dbl/reviews/{id}/scorecard (decisions.md#console-flows §15; id is the answer id): the printable scorecard of one
 * reviewed answer, a page of its own outside the shell so that it prints as one clean sheet. Over
 * it (never printed) Back to review, which keeps the inbox filters the URL carries, and Print,
 * which opens the browser's print dialog; opened from the review screen's Print Report menu
 * (`?print=1`) the dialog opens by itself once, and the flag leaves the URL, so a reload shows the
 * scorecard without printing again. The data is the answer detail of the review screen (its
 * latest review); an answer not found, not allowed or not reviewed says so.
 */
import {
  Box,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  VisuallyHidden,
} from '@mantine/core';
import { messages } from '@practica/contract';
import { IconArrowLeft, IconFileOff, IconPrinter } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@shared/components/page-title';
import { StatusMessage } from '@shared/components/status-message';
import { paths } from '@shared/config/paths';
import { reportText } from '../../config/report-text';
import { Scorecard, buildScorecard, hasScorecard } from '../../features/report';
import { useAnswer } from '../../features/review';
import classes from './scorecard.module.css';

/** The query flag that opens the print dialog once the scorecard is shown. */
const printParam = 'print';

/** The scorecard page. */
export default function ScorecardPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const { data: answer, isError } = useAnswer(id);
  const [search, setSearch] = useSearchParams();
  const autoPrint = search.get(printParam) === '1';
  const printed = useRef(false);
  const ready = answer !== undefined && hasScorecard(answer);
  const scorecard = useMemo(
    () => (answer && ready ? buildScorecard(answer) : null),
    [answer, ready],
  );
  useDocumentTitle(
    scorecard
      ? reportText.documentTitle(scorecard.assignment, scorecard.trainee)
      : reportText.scorecardTitle,
  );

  // The review screen's Print Report menu asks for the dialog: once, after the sheet is painted.
  useEffect(() => {
    if (!autoPrint || !scorecard || printed.current) return;
    printed.current = true;
    const next = new URLSearchParams(search);
    next.delete(printParam);
    setSearch(next, { replace: true });
    const frame = requestAnimationFrame(() => window.print());
    return () => cancelAnimationFrame(frame);
  }, [autoPrint, scorecard, search, setSearch]);

  const rest = new URLSearchParams(search);
  rest.delete(printParam);
  const back = paths.review(valid ? id : 0, rest.toString());

  const toolbar = (
    <Group justify="space-between" mb="md" className={classes.toolbar} wrap="wrap" gap="xs">
      <Button
        component={Link}
        to={back}
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
      >
        {reportText.backToReview}
      </Button>
      {scorecard ? (
        <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
          {reportText.print}
        </Button>
      ) : null}
    </Group>
  );

  let body;
  if (!valid || isError || (answer && !ready)) {
    body = (
      <Paper p={48} withBorder radius="md">
        <StatusMessage icon={<IconFileOff size={28} />} title={reportText.scorecardTitle} order={1}>
          {answer && !ready ? reportText.notReviewed : reportText.unavailable}
        </StatusMessage>
      </Paper>
    );
  } else if (!scorecard) {
    body = (
      <Center mih="50vh" role="status">
        <Loader type="dots" />
        <VisuallyHidden>{messages.loading}</VisuallyHidden>
      </Center>
    );
  } else {
    body = <Scorecard scorecard={scorecard} />;
  }

  return (
    <Box className={classes.page}>
      <Container size={820 + 32} px={{ base: 'sm', sm: 'md' }}>
        {toolbar}
        <main>{body}</main>
      </Container>
    </Box>
  );
}
