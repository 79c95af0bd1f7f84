/** A users row written straight to the database, for data-layer tests below the services. */
export const userRow = (id: string, name: string, plan = 'free') => ({
  id,
  username: name,
  username_key: name.toLowerCase(),
  email: `${name}@example.com`,
  email_key: `${name.toLowerCase()}@example.com`,
  mobile: '9876543210',
  full_name: 'Test User',
  avatar: null,
  plan,
  pin_hash: 'x',
  email_verified_at: null,
  created_at: new Date().toISOString(),
});
