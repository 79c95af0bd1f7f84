import { useState } from 'react';
import { UserIcon } from './icons.tsx';

/** The user's picture, or a default icon when there is none or it fails to load. */
export function Avatar({ src }: { src: string | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt=""
        width={32}
        height={32}
        onError={() => setFailed(src)}
        className="h-8 w-8 rounded-full object-cover"
      />
    );
  }
  return (
    <span className="flex h-8 w-8 items-center justify-center rounded-full bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
      <UserIcon />
    </span>
  );
}
