/**
 * The live microphone level of a stream, 0–100, through a Web Audio `AnalyserNode` (the RMS of the
 * waveform, read about ten times a second). 0 without an audio track or Web Audio.
 */
import { useEffect, useState } from 'react';

/** The level of `stream`'s microphone, 0–100. */
export function useAudioLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);

  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0 || typeof AudioContext === 'undefined') {
      setLevel(0);
      return;
    }
    const context = new AudioContext();
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    void context.resume().catch(() => undefined);
    const timer = window.setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      const rms = Math.sqrt(sum / samples.length);
      // Speech sits around 0.02–0.2 RMS: a square-root scale keeps quiet voices visible.
      setLevel(Math.min(100, Math.round(Math.sqrt(rms / 0.3) * 100)));
    }, 100);
    return () => {
      window.clearInterval(timer);
      source.disconnect();
      void context.close().catch(() => undefined);
    };
  }, [stream]);

  return level;
}
