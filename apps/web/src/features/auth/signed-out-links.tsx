import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';

/** The header's right-hand side for a visitor; on the landing page's first chunk, so kept tiny. */
export function SignedOutLinks() {
  return (
    <div className="flex items-center gap-1">
      <Link to={paths.login} className={`${buttonClass('ghost')} whitespace-nowrap`}>
        Log In
      </Link>
      <Link to={paths.register} className={`${buttonClass('primary')} whitespace-nowrap`}>
        Get Started
      </Link>
    </div>
  );
}
