/** A muted, mirrored live view of a camera stream (the device check and the recorder). */
import { useEffect, useRef } from 'react';

export interface LiveVideoProps {
  stream: MediaStream | null;
  label: string;
}

/** Shows `stream` as it comes; nothing when null. */
export function LiveVideo({ stream, label }: LiveVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    // play() answers a promise (undefined in old engines); a refusal leaves the poster.
    if (stream) void Promise.resolve(video.play()).catch(() => undefined);
  }, [stream]);
  return (
    <video
      ref={ref}
      aria-label={label}
      muted
      playsInline
      autoPlay
      style={{
        width: '100%',
        aspectRatio: '16 / 9',
        objectFit: 'cover',
        transform: 'scaleX(-1)',
        background: 'var(--mantine-color-dark-7)',
        borderRadius: 'var(--mantine-radius-md)',
        display: 'block',
      }}
    />
  );
}
