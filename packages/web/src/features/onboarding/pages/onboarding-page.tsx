// placeholder until the auth helper lands
export function OnboardingPage() {
  return (
    <div className="page">
      <h1 className="page__title">Create your account</h1>
      <p className="page__lead">The sign-up wizard is on its way.</p>
    </div>
  );
}
