/**
 * A question as the avatar asks it: the role's avatar image and name, the
 * question's text (always visible) and its audio prompt, played when the question shows (when the
 * browser allows it) and again with 'Play again'.
 */
import { Avatar, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { MeQuestion } from '@practica/contract';
import { IconPlayerPlay } from '@tabler/icons-react';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { practiceText } from './practice-text';

export interface QuestionPromptProps {
  question: MeQuestion;
  /** 'Question 2 of 5'. */
  heading: string;
}

/** Lets the recorder pause the prompt when recording starts. */
export interface QuestionPromptHandle {
  pause(): void;
}

/** The question with its avatar and audio; the heading takes focus when the question changes. */
export const QuestionPrompt = forwardRef<QuestionPromptHandle, QuestionPromptProps>(
  function QuestionPrompt({ question, heading }, ref) {
    const audioRef = useRef<HTMLAudioElement>(null);
    const headingRef = useRef<HTMLHeadingElement>(null);
    const [played, setPlayed] = useState(false);
    const audioUrl = question.audio?.url ?? null;
    const avatarUrl = question.avatar?.image?.url ?? null;
    const speaker = question.avatar?.name ?? question.roleName ?? '';

    useImperativeHandle(ref, () => ({ pause: () => audioRef.current?.pause() }), []);

    const play = () => {
      const audio = audioRef.current;
      if (!audio) return;
      audio.currentTime = 0;
      void Promise.resolve(audio.play()).then(
        () => setPlayed(true),
        () => undefined,
      );
    };

    useEffect(() => {
      headingRef.current?.focus();
      setPlayed(false);
      play();
    }, [question.id]);

    return (
      <Stack gap="sm">
        <Title order={2} ref={headingRef} tabIndex={-1} fz="h4" style={{ outline: 'none' }}>
          {heading}
        </Title>
        <Group gap="sm" wrap="nowrap" align="center">
          <Avatar src={avatarUrl} alt={speaker} size={56} radius="xl">
            {speaker.slice(0, 1)}
          </Avatar>
          <div>
            {question.roleName && <Text fw={600}>{question.roleName}</Text>}
            {question.avatar?.name && question.avatar.name !== question.roleName && (
              <Text size="sm" c="dimmed">
                {question.avatar.name}
              </Text>
            )}
          </div>
        </Group>
        <Text size="lg" fw={500}>
          {question.text}
        </Text>
        {question.description && <Text size="sm">{question.description}</Text>}
        {audioUrl && (
          <Group>
            <audio
              ref={audioRef}
              src={audioUrl}
              preload="auto"
              aria-label={practiceText.promptAudio}
            />
            <Button
              variant="light"
              size="sm"
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              onClick={play}
            >
              {played ? practiceText.playAgain : practiceText.playPrompt}
            </Button>
          </Group>
        )}
      </Stack>
    );
  },
);
