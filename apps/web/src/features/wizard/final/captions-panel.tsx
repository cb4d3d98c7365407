import { Group, Paper, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import type { CaptionPlaces } from '@reelsmith/shared';
import { captionPositions, captionStyles, previewBand, type CaptionChoice } from './final-rules.ts';
import classes from './captions.module.css';

export interface CaptionsPanelProps {
  choice: CaptionChoice;
  onChange: (choice: CaptionChoice) => void;
  disabled: boolean;
  /** A CSS aspect-ratio ('9 / 16'). */
  aspect: string;
  poster: string | undefined;
  /** The first words of the script, shown in the preview. */
  sample: string;
  /** Where the merge puts each look at each place over these scenes (kept clear of the face and the product); the plain place until known. */
  places?: CaptionPlaces | undefined;
}

/** Step 6's captions: on or off, the look and the place, with a preview over the scene's picture. */
export function CaptionsPanel({ choice, onChange, disabled, aspect, poster, sample, places }: CaptionsPanelProps) {
  return (
    <Paper withBorder radius="md" p="sm">
      {/* The preview sits beside the controls, or under them where they would get narrower than 220 px. */}
      <Group align="flex-start" justify="space-between" wrap="wrap" gap="sm">
        <Stack gap="sm" style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Switch
            label="Burn captions into the video"
            description="Timed from the voiceover, word by word."
            checked={choice.on}
            disabled={disabled}
            onChange={(event) => onChange({ ...choice, on: event.currentTarget.checked })}
          />
          {choice.on ? (
            <>
              <SegmentedControl
                aria-label="Caption style"
                fullWidth
                size="xs"
                value={choice.style}
                disabled={disabled}
                onChange={(value) => onChange({ ...choice, style: value as CaptionChoice['style'] })}
                data={captionStyles.map((s) => ({ value: s.value, label: s.label }))}
              />
              <SegmentedControl
                aria-label="Caption position"
                fullWidth
                size="xs"
                value={choice.position}
                disabled={disabled}
                onChange={(value) => onChange({ ...choice, position: value as CaptionChoice['position'] })}
                data={captionPositions.map((p) => ({ value: p.value, label: p.label }))}
              />
            </>
          ) : null}
        </Stack>
        {choice.on ? <CaptionPreview choice={choice} aspect={aspect} poster={poster} sample={sample} places={places} /> : null}
      </Group>
    </Paper>
  );
}

/** The caption drawn over the picture as the video will show it (sizes follow the frame, as in the render). */
function CaptionPreview({ choice, aspect, poster, sample, places }: { choice: CaptionChoice; aspect: string; poster: string | undefined; sample: string; places: CaptionPlaces | undefined }) {
  const words = sample.split(' ');
  const band = previewBand(places?.[choice.style][choice.position], choice.position);
  const shown = choice.style === 'highlight' ? words.slice(0, 3) : words;
  return (
    <div className={classes.preview} style={{ aspectRatio: aspect, backgroundImage: poster ? `url("${poster}")` : undefined }} data-position={choice.position} role="img" aria-label={`Caption preview: ${choice.style === 'highlight' ? 'word by word' : 'clean'}, ${choice.position}`}>
      <div className={classes.band} style={band ?? undefined} data-testid="caption-band">
        {choice.style === 'highlight' ? (
          <span className={classes.highlight}>
            {shown.map((word, i) => (
              <span key={`${i}-${word}`} className={i === 0 ? classes.spoken : undefined}>
                {`${word.toLocaleUpperCase()}${i < shown.length - 1 ? ' ' : ''}`}
              </span>
            ))}
          </span>
        ) : (
          <span className={classes.clean}>{shown.join(' ')}</span>
        )}
      </div>
      <Text className={classes.tag} size="xs">
        Preview
      </Text>
    </div>
  );
}
