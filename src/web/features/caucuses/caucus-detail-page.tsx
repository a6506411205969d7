// Placeholder: this page is being written.
export default function Placeholder() {
  return null;
}
