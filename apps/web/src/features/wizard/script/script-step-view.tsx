import { Alert, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { SCRIPT_MAX_CHARS, WIZARD_STEPS, progressEstimates, type Scene } from '@reelsmith/shared';
import { IconAlertTriangle, IconArrowRight, IconSparkles } from '@tabler/icons-react';
import { ActionRow } from '../../../components/action-row.tsx';
import { GenerationProgress } from '../generation-progress.tsx';
import { DurationChangeDialog } from './duration-change-dialog.tsx';
import { DurationPicker } from './duration-picker.tsx';
import { SceneCard } from './scene-card.tsx';
import { plannedLength, scenesReady, type PlanLimits, type SceneEdit } from './script-rules.ts';

export interface ScriptStepViewProps {
  /** False on /project/new until the first generate creates the project. */
  hasProject: boolean;
  plan: PlanLimits | undefined;
  reelTime: number;
  script: string;
  scenes: readonly Scene[];
  /** A generate, regenerate or save is running. */
  busy: boolean;
  generating: boolean;
  saving: boolean;
  /** The scene being regenerated, 'all' for every scene, or null. */
  regeneratingIndex: number | 'all' | null;
  /** The duration the user asked for while scenes exist (the dialog is open), or null. */
  askedDuration: number | null;
  onPickDuration: (duration: number) => void;
  onLockedDuration: () => void;
  onScriptChange: (script: string) => void;
  onGenerate: () => void;
  onEditScene: (index: number, edit: SceneEdit) => void;
  onRegenerateScene: (index: number) => void;
  onSaveAndNext: () => void;
  onCancelDurationChange: () => void;
  onKeepScenes: () => void;
  onRegenerateAll: () => void;
}

/** Step 1, Script & Scenes: duration, script, generated and editable scenes (spec §2 'Step 1'). */
export function ScriptStepView(props: ScriptStepViewProps) {
  const { plan, reelTime, script, scenes, busy, regeneratingIndex } = props;
  const length = plannedLength(scenes, reelTime);
  const over = script.length > SCRIPT_MAX_CHARS;
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={2}>{WIZARD_STEPS[0]}</Title>
        <Text c="gray.7">Pick the length of your video, write or paste your script, and let AI split it into scenes you can edit.</Text>
      </Stack>

      <DurationPicker value={reelTime} plan={plan} disabled={busy} onPick={props.onPickDuration} onLocked={props.onLockedDuration} />

      <Stack gap={6}>
        <Textarea
          label="Your script"
          description="What should your avatar say? Describe your product, offer or message."
          placeholder="Tired of dull product videos? Meet…"
          value={script}
          autosize
          minRows={6}
          maxRows={16}
          disabled={busy}
          error={over ? `Script too long: keep it under ${SCRIPT_MAX_CHARS} characters.` : undefined}
          onChange={(event) => props.onScriptChange(event.currentTarget.value)}
        />
        <Text size="xs" c={over ? 'red.7' : 'gray.7'} ta="right" aria-live="polite" aria-label="Script length">
          {script.length} / {SCRIPT_MAX_CHARS} characters
        </Text>
      </Stack>

      <Group>
        <Button
          leftSection={<IconSparkles size={18} aria-hidden />}
          loading={props.generating}
          disabled={script.trim() === '' || busy}
          onClick={props.onGenerate}
        >
          Generate Scenes
        </Button>
      </Group>

      {props.generating ? <GenerationProgress label="Generating scenes" estimate={progressEstimates.scenes} /> : null}
      {regeneratingIndex === 'all' ? <GenerationProgress label="Regenerating all scenes" estimate={progressEstimates.scenes} /> : null}

      {scenes.length > 0 ? (
        <Stack gap="sm" component="section" aria-label="Scenes">
          <Group justify="space-between" align="baseline">
            <Title order={3} size="h4">
              Scenes
            </Title>
            <Text size="sm" c={length.over ? 'orange.9' : 'gray.7'} fw={length.over ? 600 : undefined}>
              {scenes.length} scenes · {length.seconds} s of {reelTime} s
            </Text>
          </Group>
          {length.over ? (
            <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
              {`The scenes run ${length.seconds} s, longer than the ${reelTime}-second reel time: shorten the script or the scenes, or choose a longer duration.`}
            </Alert>
          ) : null}
          {scenes.map((scene, index) => (
            <SceneCard
              key={scene.sceneId}
              scene={scene}
              index={index}
              regenerating={regeneratingIndex === index}
              disabled={busy}
              onEdit={(edit) => props.onEditScene(index, edit)}
              onRegenerate={() => props.onRegenerateScene(index)}
            />
          ))}
        </Stack>
      ) : (
        <Alert variant="light" color="gray" title="No scenes yet">
          Write your script and press Generate Scenes: the scenes appear here, ready to edit.
        </Alert>
      )}

      <ActionRow>
        <Button
          rightSection={<IconArrowRight size={18} aria-hidden />}
          loading={props.saving}
          disabled={!props.hasProject || !scenesReady(scenes) || busy}
          onClick={props.onSaveAndNext}
        >
          Next Step: Voiceover
        </Button>
      </ActionRow>

      <DurationChangeDialog
        duration={props.askedDuration}
        onCancel={props.onCancelDurationChange}
        onKeep={props.onKeepScenes}
        onRegenerate={props.onRegenerateAll}
      />
    </Stack>
  );
}
