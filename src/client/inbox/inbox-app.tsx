// The shop's inbox: a separate chunk, never part of the customer's initial download.
export default function InboxApp() {
  return (
    <main className="page">
      <h1>Order inbox</h1>
    </main>
  );
}
