import { audioPlaybackError, voicePlaybackError, voicePreviewError, type VoiceInfo } from '@reelsmith/shared';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorFacts } from '../../../lib/trpc-errors.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { showError } from '../script/notify.ts';

export interface PreviewState {
  voiceId: string;
  status: 'loading' | 'playing';
}

/**
 * One voice preview at a time (spec §4): playing another stops the current one; stopping, ending or
 * failing resets the state. A blocked autoplay (NotAllowedError) asks the user to click again.
 */
export function useVoicePreview(text: (voice: VoiceInfo) => string) {
  const trpc = useTRPC();
  const { mutateAsync } = useMutation(trpc.generation.voicePreview.mutationOptions());
  const [state, setState] = useState<PreviewState | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const request = useRef(0);

  const stop = useCallback(() => {
    request.current += 1;
    const current = audio.current;
    audio.current = null;
    if (current) {
      current.onended = null;
      current.onerror = null;
      current.pause();
    }
    setState(null);
  }, []);

  useEffect(() => stop, [stop]);

  const toggle = useCallback(
    async (voice: VoiceInfo) => {
      const wasThisVoice = state?.voiceId === voice.id;
      stop();
      if (wasThisVoice) return;
      const ticket = request.current;
      setState({ voiceId: voice.id, status: 'loading' });
      let url: string;
      try {
        ({ url } = await mutateAsync({ voiceId: voice.id, text: text(voice), speed: 1, language: voice.language }));
      } catch (error) {
        if (ticket === request.current) {
          setState(null);
          showError(voicePreviewError(errorFacts(error)));
        }
        return;
      }
      if (ticket !== request.current) return;
      const element = new Audio(url);
      audio.current = element;
      element.onended = () => {
        if (audio.current === element) stop();
      };
      element.onerror = () => {
        if (audio.current !== element) return;
        stop();
        showError(audioPlaybackError);
      };
      try {
        await element.play();
        if (audio.current === element) setState({ voiceId: voice.id, status: 'playing' });
      } catch (error) {
        if (audio.current !== element) return;
        stop();
        showError(voicePlaybackError(error));
      }
    },
    [mutateAsync, state, stop, text],
  );

  return { state, toggle, stop };
}
