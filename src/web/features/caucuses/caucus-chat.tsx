// Placeholder: the chat component is being written.
export function CaucusChat(_props: { caucusId: string }) {
  return null;
}
