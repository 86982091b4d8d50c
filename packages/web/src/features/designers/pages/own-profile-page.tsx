import { Link } from 'react-router';
import { useAuth } from '../../../app/auth';
import { Avatar, Button, Card, CardContent } from '../../../components/ui';
import { UpcomingList } from '../../../components/layout/upcoming-list';
import './own-profile.css';

const ROLE_LABEL = {
  customer: 'Customer',
  designer: 'CAD designer',
  service: 'Service provider',
  staff: 'Production team',
};

/** The signed-in professional's own profile (/designer-dashboard/profile, /profile). */
export function OwnProfilePage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="page">
      <title>Your profile · Facet</title>
      <div className="page__header">
        <div>
          <p className="eyebrow">Profile</p>
          <h1 className="page__title">Your public profile</h1>
          <p className="page__lead">
            This is how customers will see you when they browse and invite designers.
          </p>
        </div>
        <Button variant="secondary" asChild>
          <Link to="/account-settings">Edit account details</Link>
        </Button>
      </div>
      <Card className="own-profile">
        <CardContent className="own-profile__body">
          <Avatar firstName={user.firstName} lastName={user.lastName} src={user.avatarUrl} size="xl" />
          <div className="own-profile__who">
            <h2 className="own-profile__name">{user.fullName || 'Your name'}</h2>
            <p className="own-profile__role">{ROLE_LABEL[user.role]}</p>
            {user.address ? (
              <p className="own-profile__place">
                {[user.address.city, user.address.countryName].filter(Boolean).join(', ')}
              </p>
            ) : null}
          </div>
          <p className="own-profile__status">
            {user.status === 'active' ? 'Approved' : user.status === 'pending' ? 'Under review' : 'Paused'}
          </p>
        </CardContent>
      </Card>
      <div className="own-profile__next">
        <UpcomingList
          title="Coming to your profile"
          items={[
            'Bio and specialties',
            'Portfolio gallery',
            'Ratings and reviews',
            'Completed projects count',
          ]}
        />
      </div>
    </div>
  );
}
