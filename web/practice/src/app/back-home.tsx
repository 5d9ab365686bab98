/** The practice app's link back to the trainee's assignments, at the top of an inner page. */
import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { appText } from './app-text';
import { practicePaths } from './paths';

/** A subtle "Back to my assignments" button leading to the home list. */
export function BackHome() {
  return (
    <Button
      component={Link}
      to={practicePaths.home}
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      px={0}
    >
      {appText.backHome}
    </Button>
  );
}
