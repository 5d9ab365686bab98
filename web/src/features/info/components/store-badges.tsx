/**
 * The two store badges of the app page (000 §1, §2.1): 'Download on the App Store' and 'Get it on
 * Google Play', drawn as accessible links (no third-party artwork). A badge without a link yet is
 * shown disabled.
 */
import { Group, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { uiText } from '@shared/config/ui-text';
import classes from './store-badges.module.css';

function AppleGlyph() {
  return (
    <svg width="24" height="28" viewBox="0 0 24 28" aria-hidden focusable="false">
      <path
        fill="currentColor"
        d="M19.6 14.9c0-3.3 2.7-4.9 2.8-5-1.5-2.2-3.9-2.5-4.7-2.6-2-.2-3.9 1.2-4.9 1.2-1 0-2.6-1.2-4.2-1.1-2.2 0-4.2 1.3-5.3 3.2-2.3 3.9-.6 9.7 1.6 12.9 1.1 1.6 2.4 3.3 4 3.2 1.6-.1 2.2-1 4.2-1s2.5 1 4.2 1c1.7 0 2.8-1.6 3.9-3.1 1.2-1.8 1.7-3.5 1.7-3.6 0 0-3.3-1.3-3.3-5.1zM16.4 5.3c.9-1.1 1.5-2.5 1.3-4-1.3.1-2.8.9-3.7 1.9-.8.9-1.5 2.4-1.3 3.9 1.4.1 2.8-.7 3.7-1.8z"
      />
    </svg>
  );
}

function PlayGlyph() {
  return (
    <svg width="24" height="26" viewBox="0 0 24 26" aria-hidden focusable="false">
      <path fill="#34d399" d="M1.2.6 13.5 13 1.2 25.4c-.4-.3-.7-.8-.7-1.5V2.1c0-.7.3-1.2.7-1.5z" />
      <path fill="#60a5fa" d="M17.6 8.9 13.5 13 1.2.6c.2-.1.4-.2.7-.2.3 0 .6.1.9.3z" />
      <path fill="#f87171" d="M17.6 17.1 2.8 25.5c-.3.2-.6.3-.9.3-.3 0-.5-.1-.7-.2L13.5 13z" />
      <path fill="#fbbf24" d="m22.4 11.6-4.8-2.7-4.1 4.1 4.1 4.1 4.8-2.7c1.2-.7 1.2-2.1 0-2.8z" />
    </svg>
  );
}

function Badge({
  href,
  label,
  top,
  bottom,
  glyph,
}: {
  href: string | null;
  label: string;
  top: string;
  bottom: string;
  glyph: ReactNode;
}) {
  const content = (
    <>
      {glyph}
      <span className={classes.text} aria-hidden>
        <span className={classes.top}>{top}</span>
        <span className={classes.bottom}>{bottom}</span>
      </span>
    </>
  );
  if (!href) {
    return (
      <UnstyledButton
        className={classes.badge}
        aria-label={label}
        aria-disabled
        data-disabled
        disabled
      >
        {content}
      </UnstyledButton>
    );
  }
  return (
    <a
      className={classes.badge}
      href={href}
      aria-label={label}
      target="_blank"
      rel="noopener noreferrer"
    >
      {content}
    </a>
  );
}

/** Both store badges side by side. */
export function StoreBadges({
  iosLink,
  androidLink,
}: {
  iosLink: string | null;
  androidLink: string | null;
}) {
  return (
    <Group gap="md" justify="center" data-testid="store-badges">
      <Badge href={iosLink} glyph={<AppleGlyph />} {...uiText.appStoreBadge} />
      <Badge href={androidLink} glyph={<PlayGlyph />} {...uiText.googlePlayBadge} />
    </Group>
  );
}
