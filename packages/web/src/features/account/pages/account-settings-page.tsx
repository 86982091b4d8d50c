// placeholder until the auth helper lands
export function AccountSettingsPage() {
  return (
    <div className="page">
      <h1 className="page__title">Account settings</h1>
      <p className="page__lead">Edit your name, phone, address, avatar and password here.</p>
    </div>
  );
}
