import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { COPY_CONFIRM_MS } from '../../../domain/profiles/limits';
import { Button, type ButtonProps } from './button';

/**
 * Copies `text`: for 2 seconds the icon turns into a check mark and the label into
 * `copiedLabel` ("Copied!" in the page's language unless told), and a toast confirms. The button is named by the
 * text it shows, before and after (WCAG 2.5.3, Label in Name); the toast, in the Toaster's
 * polite live region, is what announces the copy to screen readers.
 */
export function CopyButton({
  text,
  label,
  copiedLabel,
  toastTitle,
  toastDescription,
  ...props
}: Omit<ButtonProps, 'onClick' | 'aria-label'> & { text: string; label: string; copiedLabel?: string; toastTitle: string; toastDescription?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      variant="outline"
      {...props}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
        } catch {
          window.prompt(t('copyPrompt'), text);
        }
        setCopied(true);
        toast.success(toastTitle, { description: toastDescription });
      }}
    >
      {copied ? <Check className="h-4 w-4 text-green-600" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
      <span>{copied ? (copiedLabel ?? t('copied')) : label}</span>
    </Button>
  );
}
