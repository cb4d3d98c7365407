import { useParams } from 'react-router';
import { SharePage } from '../features/share/share-page.tsx';

/** Public page of a shared, completed project (/s/:shortId). */
export function ShareRoute() {
  const { shortId = '' } = useParams();
  // Keyed, so moving to another link starts a fresh page (and counts that view).
  return <SharePage key={shortId} shortId={shortId} />;
}
