import { CLASS_MESSAGES, type ClassMember } from '@grasp/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { messageOf, removeMember } from '../api/classes.ts';

/** The members by first name and username; removing one asks first, in place. */
export function MembersList({
  classId,
  members,
  onRemoved,
}: {
  classId: string;
  members: readonly ClassMember[];
  onRemoved: (userId: string) => void;
}) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const remove = async (userId: string) => {
    setError(null);
    try {
      await removeMember(classId, userId);
      setConfirming(null);
      onRemoved(userId);
    } catch (e) {
      setError(messageOf(e));
    }
  };
  if (members.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">No members yet.</p>;
  }
  return (
    <>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {members.map((m) => (
          <li key={m.userId} className="flex flex-wrap items-center gap-2 py-2">
            <span className="min-w-0 flex-1">
              <span className="font-medium">{m.firstName}</span>{' '}
              <span className="text-sm text-slate-600 dark:text-slate-400">@{m.username}</span>
            </span>
            {confirming === m.userId ? (
              <span className="flex flex-wrap items-center gap-2">
                <span className="text-sm">{CLASS_MESSAGES.removeConfirm(m.firstName)}</span>
                <Button
                  className="bg-red-600 hover:bg-red-700"
                  onClick={() => void remove(m.userId)}
                >
                  Remove {m.firstName}
                </Button>
                <Button variant="ghost" onClick={() => setConfirming(null)}>
                  Cancel
                </Button>
              </span>
            ) : (
              <Button
                variant="ghost"
                onClick={() => setConfirming(m.userId)}
                aria-label={`Remove ${m.firstName} (@${m.username})`}
              >
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </>
  );
}
