import { BadgeCheck } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { LinkButton } from '../../components/ui/link-button';

/** The success state: both steps recorded by the server. */
export function VerifiedCard() {
  return (
    <Card className="border-green-200">
      <CardHeader>
        <CardTitle id="verified-title" className="flex items-center gap-2 text-green-800">
          <BadgeCheck className="h-6 w-6" aria-hidden="true" /> Your account is verified
        </CardTitle>
        <CardDescription>
          Thank you. Your caucus elections can now finalize, and you can claim the rewards you earn.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <LinkButton to="/profile">Go to My Profile</LinkButton>
        <LinkButton to="/caucus-search" variant="outline">
          Find a Caucus
        </LinkButton>
      </CardContent>
    </Card>
  );
}
