/** Options shared by the local video renderer and merger. */
export interface VideoEngineOptions {
  /** Where work folders go (default: the OS temp folder). */
  workDir?: string | undefined;
  /** Leave each work folder in place (for benchmarks that replay the ffmpeg command). */
  keepWorkFiles?: boolean | undefined;
  /** Sees each encode's ffmpeg arguments (without runFfmpeg's logging and progress flags). */
  onFfmpeg?: ((args: string[]) => void) | undefined;
}
