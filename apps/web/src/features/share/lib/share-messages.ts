/** What the share and export controls tell the user. */
export const SHARE_MESSAGES = {
  linkFailed: 'Could not create a share link. Please try again.',
  exportFailed: 'Could not download the Markdown file. Please try again.',
  revokeFailed: 'Could not stop sharing. Please try again.',
  revokeConfirm: (query: string) =>
    `Stop sharing "${query}"? The link will stop working at once: anyone who opens it will see "Page not found".`,
} as const;
