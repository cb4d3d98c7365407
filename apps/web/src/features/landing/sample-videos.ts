// The 8 template samples made by scripts/make-sample-videos.sh and served from public/samples/.
export interface SampleVideo {
  number: number;
  title: string;
  src: string;
  poster: string;
}

const base = `${import.meta.env.BASE_URL}samples`;

export const sampleVideos: readonly SampleVideo[] = Array.from({ length: 8 }, (_, index) => {
  const number = index + 1;
  return {
    number,
    title: `Product Demo #${number}`,
    src: `${base}/sample-${number}.mp4`,
    poster: `${base}/sample-${number}.jpg`,
  };
});

export function sampleVideo(number: number): SampleVideo {
  const sample = sampleVideos[number - 1];
  if (!sample) throw new Error(`There is no sample video #${number}`);
  return sample;
}
